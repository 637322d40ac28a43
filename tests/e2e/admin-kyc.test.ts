import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycListFile, KycListResponse } from '#shared/schemas/admin.ts';
import type { ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import { plainPdf } from '../helpers/pdf.ts';
import { openAdmin, pageOverflow, seriousFindings } from './helpers/admin.ts';
import {
  applicantCall,
  DETAILS,
  seedApplicant,
  staffCall,
  type Applicant,
} from './helpers/applicant.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
/** A real iPhone-style (HEVC) HEIC, 64×48: the server stores it as a JPEG (tests/fixtures). */
const HEIC = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'photo.heic'));
const UPLOADED_BY = /^Uploaded by Amelia Hart on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/;

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const pendingHeading = (page: Page) => page.getByRole('heading', { name: /^Pending review/ });
/** One applicant's card in 'Submissions by applicant', found by e-mail. */
const card = (page: Page, email: string) =>
  page
    .getByRole('region', { name: 'Submissions by applicant' })
    .getByRole('group')
    .filter({ hasText: email })
    .first();
/** The Government ID or Selfie Photo box inside an applicant's card. */
const fileBox = (group: Locator, title: 'Government ID' | 'Selfie Photo') =>
  group.getByRole('group', { name: title, exact: true });
const previewDialog = (page: Page) => page.getByRole('dialog');

async function upload(applicant: Applicant, type: 'document' | 'selfie', file: Blob, name: string) {
  const form = new FormData();
  form.append('type', type);
  form.append('file', file, name);
  await applicantCall(applicant, 'apply-kyc-upload', form);
}

/**
 * The pending count and 'Not uploaded' need files nobody else adds: own server. Two applicants
 * have sent both photos; Hana Iqbal sent only an HEIC document (stored as JPEG), Omar Said only
 * a PDF.
 */
describe('staff panel: KYC tab (own server)', () => {
  let server: RunningServer;
  let amelia: Applicant;
  let second: Applicant;
  let hana: Applicant;
  let omar: Applicant;
  const emails = new Map<Applicant, string>();

  const files = async (): Promise<KycListFile[]> =>
    (
      await staffCall<KycListResponse>(server.baseURL, amelia.staff, 'admin-kyc-list', {
        page_size: 100,
      })
    ).data;
  const fileOf = async (applicant: Applicant, type: 'document' | 'selfie') => {
    const found = (await files()).find((f) => f.basic_id === applicant.basicId && f.type === type);
    if (!found) throw new Error(`no ${type} for ${applicant.basicId}`);
    return found;
  };

  beforeAll(async () => {
    server = await startBuiltServer();
    amelia = await seedApplicant(server.baseURL, 'kyc_in_progress');
    second = await seedApplicant(server.baseURL, 'kyc_in_progress');
    hana = await seedApplicant(server.baseURL, 'code_verified');
    await applicantCall(hana, 'apply-details', {
      ...DETAILS,
      full_name: 'Hana Iqbal',
      email: 'hana.iqbal@example.com',
    });
    await upload(
      hana,
      'document',
      new Blob([new Uint8Array(HEIC)], { type: 'image/heic' }),
      'IMG_0001.HEIC',
    );
    omar = await seedApplicant(server.baseURL, 'code_verified');
    await applicantCall(omar, 'apply-details', {
      ...DETAILS,
      full_name: 'Omar Said',
      email: 'omar.said@example.com',
    });
    await upload(
      omar,
      'document',
      new Blob([new Uint8Array(await plainPdf())], { type: 'application/pdf' }),
      'licence.pdf',
    );
    for (const applicant of [amelia, second, hana, omar]) {
      emails.set(applicant, (await fileOf(applicant, 'document')).application.email ?? '');
    }
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  const open = (options: Parameters<typeof openAdmin>[1] = {}) =>
    openAdmin(openPage, { baseURL: server.baseURL, tab: 'KYC', ...options });
  const emailOf = (applicant: Applicant) => emails.get(applicant) ?? '?';

  it('lists the pending files and each applicant with Government ID and Selfie Photo', async () => {
    const page = await open();
    await pendingHeading(page).waitFor();
    await expect.poll(() => pendingHeading(page).innerText()).toBe('Pending review (6)');
    const pending = page.getByRole('region', { name: 'Pending KYC files' });
    expect(await pending.locator('tbody tr').count()).toBe(6);

    const ameliaCard = card(page, emailOf(amelia));
    await ameliaCard.waitFor();
    expect(await ameliaCard.getByRole('heading', { level: 3 }).first().innerText()).toBe(
      'Amelia Hart',
    );
    expect(await ameliaCard.innerText()).toMatch(/Applied on \d{1,2} [A-Z][a-z]{2} \d{4}/);
    for (const title of ['Government ID', 'Selfie Photo'] as const) {
      const box = fileBox(ameliaCard, title);
      expect(await box.innerText()).toContain('Pending');
      expect(await box.getByRole('button', { name: /^Preview/ }).isVisible()).toBe(true);
    }

    const hanaCard = card(page, 'hana.iqbal@example.com');
    expect(await fileBox(hanaCard, 'Government ID').innerText()).toContain('Pending');
    const selfie = fileBox(hanaCard, 'Selfie Photo');
    expect(await selfie.innerText()).toContain('Not uploaded');
    expect(await selfie.getByRole('button').count()).toBe(0);
  });

  it('shows the image from the staff-only read, approves it with notes, and frees the image', async () => {
    // Reading the revoked object URL afterwards fails, as it should; Chromium says so.
    const page = await open({ allowConsole: [/ERR_FILE_NOT_FOUND|blob:/] });
    const group = card(page, emailOf(amelia));
    await fileBox(group, 'Government ID')
      .getByRole('button', { name: 'Preview Government ID of Amelia Hart' })
      .click();
    const dialog = previewDialog(page);
    await dialog.getByRole('heading', { name: 'Government ID' }).waitFor();
    expect(await dialog.getByText(/^Uploaded by /).innerText()).toMatch(UPLOADED_BY);
    const image = dialog.getByRole('img', { name: 'Government ID of Amelia Hart' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    const src = (await image.getAttribute('src')) ?? '';
    expect(src).toMatch(/^blob:/);
    expect(
      await image.evaluate((img) => {
        const style = getComputedStyle(img);
        return [style.maxHeight, style.objectFit];
      }),
    ).toEqual(['500px', 'contain']);

    const notes = dialog.getByRole('textbox', { name: 'Notes' });
    expect(await notes.getAttribute('placeholder')).toBe('Add notes about this submission...');
    await notes.fill('Matches the selfie.');

    // 'Processing...' while the decision is on its way, every button waiting.
    let release: () => void = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/admin-kyc-action', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    const processing = dialog.getByRole('button', { name: 'Processing...' });
    await processing.waitFor();
    expect(await processing.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Reject' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    release();
    await toast(page, 'KYC approved successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The object URL was revoked with the dialog: the image is no longer in the page's memory.
    expect(
      await page.evaluate(
        (url) =>
          fetch(url).then(
            () => 'still there',
            () => 'revoked',
          ),
        src,
      ),
    ).toBe('revoked');

    const reviewed = await fileOf(amelia, 'document');
    expect(reviewed.status).toBe('approved');
    expect(reviewed.notes).toBe('Matches the selfie.');
    await expect.poll(() => fileBox(group, 'Government ID').innerText()).toContain('Approved');
    await expect.poll(() => pendingHeading(page).innerText()).toBe('Pending review (5)');

    // The second approval completes the check: the application moves on to an offer.
    await fileBox(group, 'Selfie Photo')
      .getByRole('button', { name: /^Preview/ })
      .click();
    await dialog.getByRole('img', { name: 'Selfie Photo of Amelia Hart' }).waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    // The first approval's toast may still be showing: the dialog closing is this one's answer.
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => fileBox(group, 'Selfie Photo').innerText()).toContain('Approved');
    expect((await applicantCall<{ stage: string }>(amelia, 'apply-status')).stage).toBe('kyc');

    // A reviewed file is shown, with its notes, but can no longer be decided.
    await fileBox(group, 'Government ID')
      .getByRole('button', { name: /^Preview/ })
      .click();
    await dialog.getByText('Notes: Matches the selfie.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('rejects with internal notes and a reason the applicant reads', async () => {
    const page = await open({
      allowConsole: [/status of 409 \(Conflict\)/, /admin-kyc-action failed/],
    });
    const group = card(page, emailOf(second));
    await fileBox(group, 'Selfie Photo')
      .getByRole('button', { name: /^Preview/ })
      .click();
    const dialog = previewDialog(page);
    await dialog.getByRole('img', { name: 'Selfie Photo of Amelia Hart' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Face cut off at the top.');
    await dialog
      .getByRole('textbox', { name: 'Reason for the applicant (if rejected)' })
      .fill('Please retake your selfie with your whole face in view.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await toast(page, 'KYC rejected successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const rejected = await fileOf(second, 'selfie');
    expect(rejected.status).toBe('rejected');
    expect(rejected.notes).toBe('Face cut off at the top.');
    expect(rejected.rejection_reason).toBe(
      'Please retake your selfie with your whole face in view.',
    );
    // The applicant is asked to upload again and reads the reason, never the notes.
    const own = await applicantCall<ApplyGetStageResponse>(second, 'apply-get-stage', {
      basic_id: second.basicId,
    });
    expect(own.stage).toBe('detailed');
    const summary = own.kyc_files.find((file) => file.type === 'selfie');
    expect(summary?.rejection_reason).toBe(
      'Please retake your selfie with your whole face in view.',
    );
    expect(JSON.stringify(own)).not.toContain('Face cut off');
    await expect.poll(() => fileBox(group, 'Selfie Photo').innerText()).toContain('Rejected');

    // Someone else decided meanwhile: the server refuses, the toast names the action and why.
    await fileBox(group, 'Government ID')
      .getByRole('button', { name: /^Preview/ })
      .click();
    await dialog.getByRole('img', { name: 'Government ID of Amelia Hart' }).waitFor();
    await staffCall(server.baseURL, second.staff, 'admin-kyc-action', {
      file_id: (await fileOf(second, 'document')).id,
      action: 'approve',
      notes: null,
    });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    const failed = toast(page, 'Failed to reject KYC');
    await failed.waitFor();
    expect(await failed.innerText()).toContain('This file has already been reviewed.');
    expect((await fileOf(second, 'document')).status).toBe('approved');
  });

  it('shows an iPhone HEIC as an image, and offers a PDF as a download', async () => {
    const page = await open();
    const dialog = previewDialog(page);
    await fileBox(card(page, 'hana.iqbal@example.com'), 'Government ID')
      .getByRole('button', { name: 'Preview Government ID of Hana Iqbal' })
      .click();
    // Stored as a JPEG, so Chromium shows it like any photo.
    const image = dialog.getByRole('img', { name: 'Government ID of Hana Iqbal' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([64, 48]);
    expect(await dialog.getByText(/HEIC format/).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await fileBox(card(page, 'omar.said@example.com'), 'Government ID')
      .getByRole('button', { name: /^Preview/ })
      .click();
    await dialog.getByText('This document is a PDF. Download it to view it.').waitFor();
    const pdfLink = dialog.getByRole('link', { name: 'Download Government ID of Omar Said' });
    const [pdf] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
    expect(pdf.suggestedFilename()).toMatch(/^document-[0-9a-f-]{36}\.pdf$/);
    // The server's rewritten copy: the same page, nothing else.
    const downloaded = await PDFDocument.load(await readFile(await pdf.path()));
    expect(downloaded.getPages().map((p) => p.getSize())).toEqual([{ width: 420, height: 260 }]);
  });

  it("says 'Failed to load KYC files' when the files cannot load", async () => {
    const page = await openPage({
      baseURL: server.baseURL,
      allowConsole: [/status of 400 \(Bad Request\)/],
    });
    await page.route('**/api/admin-kyc-list', (route) =>
      route.fulfill({ status: 400, json: { ok: false, error: 'Please choose a valid status' } }),
    );
    await openAdmin(async () => page, { baseURL: server.baseURL, tab: 'KYC' });
    const alerts = page.getByRole('alert').filter({ hasText: 'Failed to load KYC files' });
    await expect.poll(() => alerts.count()).toBe(2);
  });

  it('is readable at 375 px, focus returns to Preview, and axe finds nothing serious', async () => {
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const page = await open({ viewport });
      await expect.poll(() => pendingHeading(page).innerText()).toMatch(/\(\d+\)$/);
      await card(page, 'omar.said@example.com').waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousFindings(page)).toEqual([]);

      const preview = fileBox(card(page, emailOf(amelia)), 'Selfie Photo').getByRole('button', {
        name: /^Preview/,
      });
      await preview.focus();
      await page.keyboard.press('Enter');
      await previewDialog(page).getByRole('img').waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousFindings(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await previewDialog(page).waitFor({ state: 'hidden' });
      await expect.poll(() => preview.evaluate((el) => el === document.activeElement)).toBe(true);
    }
  });
});
