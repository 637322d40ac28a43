import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdmin } from './helpers/admin.ts';
import { applicantCall, DETAILS, seedApplicant, upload } from './helpers/applicant.ts';
import { baseURL, launchBrowser } from './helpers/browser.ts';

const { openPage } = launchBrowser();

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

let seeds = 0;
/** An applicant with a name, an e-mail of their own and both identity files uploaded. */
async function applicantWithFiles(fullName: string) {
  seeds += 1;
  const email = `${fullName.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${seeds}@example.com`;
  const applicant = await seedApplicant(baseURL, 'code_verified');
  await applicantCall(applicant, 'apply-details', { ...DETAILS, full_name: fullName, email });
  const document = await upload(applicant, 'document', 700 + seeds * 2);
  const selfie = await upload(applicant, 'selfie', 701 + seeds * 2);
  return { ...applicant, fullName, email, fileIds: [document.id, selfie.id] };
}

/** The panel as compliance, with that applicant's timeline open. */
async function openTimeline(page: Page, applicant: { email: string; fullName: string }) {
  await openAdmin(async () => page, { role: 'compliance' });
  await page.getByLabel('Search applicants').fill(applicant.email);
  const row = page.locator('tbody tr').filter({ hasText: applicant.email });
  await row.getByRole('button', { name: `Timeline for ${applicant.fullName}` }).click();
  const sheet = page.getByRole('dialog', { name: 'Timeline' });
  await sheet.waitFor();
  return sheet;
}

describe('staff panel: subject access export', () => {
  it("compliance downloads an applicant's data as a ZIP from their timeline", async () => {
    const applicant = await applicantWithFiles('Hana Sato');
    const page = await openPage();
    const sheet = await openTimeline(page, applicant);

    // Held back until the button has been seen busy: a double click cannot start two.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin-applicant-export', async (route) => {
      await held;
      await route.continue();
    });
    const button = sheet.getByRole('button', { name: 'Export data' });
    const downloading = page.waitForEvent('download');
    await button.click();
    const busy = sheet.getByRole('button', { name: 'Exporting...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    const download = await downloading;
    await toast(page, 'Data exported').waitFor();
    await button.waitFor();
    expect(await button.isEnabled()).toBe(true);

    expect(download.suggestedFilename()).toBe(`waj-applicant-${applicant.basicId}.zip`);
    const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
    const rows = JSON.parse(strFromU8(zip['applicant.json']!)) as Record<string, unknown[]>;
    expect(rows['applications']).toEqual([
      expect.objectContaining({
        id: applicant.basicId,
        full_name: 'Hana Sato',
        email: applicant.email,
      }),
    ]);
    const files = Object.keys(zip)
      .filter((name) => name.startsWith('files/'))
      .sort();
    expect(files).toEqual(
      [
        `files/${applicant.fileIds[0]}-document.jpg`,
        `files/${applicant.fileIds[1]}-selfie.jpg`,
      ].sort(),
    );
    for (const name of files) {
      // A JPEG, as stored.
      expect(Buffer.from(zip[name]!.subarray(0, 3)).toString('hex')).toBe('ffd8ff');
    }
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['README.txt', 'timeline.json']));

    // The export is on the record, and the open timeline shows it.
    await sheet.getByText('Data exported', { exact: true }).waitFor();
  });

  it('says so when the export fails, and the button is usable again', async () => {
    const applicant = await applicantWithFiles('Tom Reyes');
    const page = await openPage({
      allowConsole: [/status of 404 \(Not Found\)/, /admin-applicant-export failed/],
    });
    const sheet = await openTimeline(page, applicant);
    await page.route('**/api/admin-applicant-export', (route) =>
      route.fulfill({ status: 404, json: { ok: false, error: 'Application not found' } }),
    );
    await sheet.getByRole('button', { name: 'Export data' }).click();
    const failed = toast(page, 'Export failed');
    await failed.waitFor();
    expect(await failed.innerText()).toContain('Application not found');
    expect(await sheet.getByRole('button', { name: 'Export data' }).isEnabled()).toBe(true);
  });
});
