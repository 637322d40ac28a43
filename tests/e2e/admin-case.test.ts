import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantCaseResponse, CaseAssignResponse } from '#shared/schemas/case.ts';
import { openAdmin, pageOverflow, seriousFindings } from './helpers/admin.ts';
import { seedApplicant, staffCall, type Applicant } from './helpers/applicant.ts';
import { applyThemeInPlace } from './helpers/axe.ts';
import { launchBrowser } from './helpers/browser.ts';
import { animationsSettled } from './helpers/public-routes.ts';
import { startBuiltServer, staffSignIn, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

/** A common office laptop screen: the case's actions must be on it without scrolling. */
const LAPTOP = { width: 1366, height: 768 };

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * The case screen (issue 14): one applicant's details, both identity files side by side and
 * the actions, at 1366×768 without scrolling; who has the case; no axe finding. Own server:
 * the tests review files and take cases.
 */
describe('staff panel: case screen (own server)', () => {
  let server: RunningServer;
  let amelia: Applicant;
  let other: Applicant;

  beforeAll(async () => {
    server = await startBuiltServer();
    amelia = await seedApplicant(server.baseURL, 'kyc_in_progress');
    other = await seedApplicant(server.baseURL, 'kyc_in_progress');
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  /** Signs in through the panel (the role's seeded session), then opens the case address. */
  async function openCase(
    applicant: Applicant,
    options: Parameters<typeof openAdmin>[1] = {},
  ): Promise<Page> {
    const page = await openAdmin(openPage, { baseURL: server.baseURL, ...options });
    await page.goto(`/admin/applicants/${applicant.basicId}`);
    await page.getByRole('heading', { level: 1, name: 'Amelia Hart' }).waitFor();
    return page;
  }

  const caseOf = (applicant: Applicant) =>
    staffCall<ApplicantCaseResponse>(server.baseURL, applicant.staff, 'admin-applicant-case', {
      basic_id: applicant.basicId,
    });

  it('shows both documents side by side with Approve and Reject on screen at 1366×768; approving works', async () => {
    const page = await openCase(amelia, { viewport: LAPTOP });
    const id = page.getByRole('img', { name: 'Government ID of Amelia Hart' });
    const selfie = page.getByRole('img', { name: 'Selfie Photo of Amelia Hart' });
    await id.waitFor();
    await selfie.waitFor();
    await page.waitForFunction(() =>
      Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
    );
    const idBox = (await id.boundingBox())!;
    const selfieBox = (await selfie.boundingBox())!;
    // Side by side: one row, the ID on the left, neither overlapping the other.
    expect(idBox.x + idBox.width).toBeLessThanOrEqual(selfieBox.x);
    expect(
      Math.abs(idBox.y + idBox.height / 2 - (selfieBox.y + selfieBox.height / 2)),
    ).toBeLessThan(80);
    const buttons = [
      page.getByRole('button', { name: 'Approve Government ID' }),
      page.getByRole('button', { name: 'Reject Government ID' }),
      page.getByRole('button', { name: 'Approve Selfie Photo' }),
      page.getByRole('button', { name: 'Reject Selfie Photo' }),
      page.getByRole('button', { name: 'Zoom in on the Government ID' }),
      page.getByRole('button', { name: 'Rotate the Selfie Photo 90 degrees' }),
    ];
    for (const box of [idBox, selfieBox]) {
      expect(box.y + box.height).toBeLessThanOrEqual(LAPTOP.height);
    }
    for (const button of buttons) {
      const box = (await button.boundingBox())!;
      expect(box, (await button.textContent()) ?? undefined).toBeTruthy();
      expect(
        box.y + box.height,
        `${await button.textContent()} below the fold`,
      ).toBeLessThanOrEqual(LAPTOP.height);
      expect(box.x + box.width).toBeLessThanOrEqual(LAPTOP.width);
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The declared details are there too.
    const declared = page.getByRole('region', { name: 'Declared details' });
    expect(await declared.innerText()).toContain('Declared PEP');

    // Zoom and rotate answer the keyboard.
    const zoomIn = page.getByRole('button', { name: 'Zoom in on the Government ID' });
    await zoomIn.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Government ID of Amelia Hart, zoom 150%' }).waitFor();

    await page.getByRole('button', { name: 'Approve Government ID' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Government ID' });
    await dialog.getByLabel('Notes (optional)').fill('Photo and name match the details');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await toast(page, 'KYC approved successfully').waitFor();
    await page
      .getByRole('button', { name: 'Approve Government ID' })
      .waitFor({ state: 'detached' });
    const figure = page.getByRole('figure', { name: 'Government ID' });
    await figure.getByText('Approved', { exact: true }).waitFor();
    const found = await caseOf(amelia);
    expect(found.files.document?.status).toBe('approved');
    expect(found.files.selfie?.status).toBe('pending');
  });

  it("shows the compliance member a case the owner has taken as 'Assigned to <owner>'", async () => {
    const owner = await staffSignIn(server.baseURL, 'owner');
    const taken = await staffCall<CaseAssignResponse>(server.baseURL, owner, 'admin-case-assign', {
      basic_id: other.basicId,
      action: 'take',
    });
    const ownerName = taken.assignee!.name;
    expect(ownerName).not.toBe('');
    const page = await openCase(other, { role: 'compliance' });
    const assignee = page.getByTestId('case-assignee');
    await assignee.getByText(ownerName).waitFor();
    expect(await assignee.innerText()).toBe(`Assigned to ${ownerName}`);
    // Taking it over is an explicit button, not the plain 'Take case'.
    await page.getByRole('button', { name: 'Take over' }).waitFor();
    expect(await page.getByRole('button', { name: 'Take case' }).count()).toBe(0);

    // The timeline names who has it, by name (the row holds only their id): nobody, then them.
    const takenBy = new RegExp(`Assigned to:\\s*—\\s*(to\\s*)?${ownerName}`);
    const taking = page
      .getByRole('region', { name: 'Timeline' })
      .getByRole('listitem')
      .filter({ hasText: 'Case taken' });
    await taking.waitFor();
    expect(await taking.innerText()).toMatch(takenBy);

    // The applicants tab's timeline sheet shows the same events, the assignee named too.
    const email = (await caseOf(other)).applicant.email!;
    await page.goto('/admin?tab=applicants');
    await page
      .getByRole('region', { name: 'Applicants', exact: true })
      .locator('tbody tr')
      .filter({ hasText: email })
      .getByRole('button', { name: 'Timeline for Amelia Hart' })
      .click();
    const inSheet = page
      .getByRole('dialog', { name: 'Timeline' })
      .getByRole('list', { name: 'Events, newest first' })
      .getByRole('listitem')
      .filter({ hasText: 'Case taken' });
    await inSheet.waitFor();
    expect(await inSheet.innerText()).toMatch(takenBy);
    expect(await inSheet.innerText()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('reads the screening in words, never raw values', async () => {
    const page = await openCase(other);
    const screening = page.getByRole('region', { name: 'Screening', exact: true });
    await screening.getByText('Provider').waitFor();
    const status = await screening.locator('dt:text-is("Status") + dd').innerText();
    expect(['Created', 'Started', 'Submitted', 'Approved', 'Declined']).toContain(status);
    expect(await screening.innerText()).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    const found = await caseOf(other);
    expect(found.screening?.status).toBe(status.toLowerCase());
  });

  it("says 'Application not found' for an unknown applicant, with the way back", async () => {
    const page = await openAdmin(openPage, {
      baseURL: server.baseURL,
      allowConsole: [/status of 404 \(Not Found\)/],
    });
    await page.goto('/admin/applicants/0b6f7c9e-3d7a-4c1e-9a55-2f1d8e4b7a10');
    await page.getByText('Application not found', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back to applicants' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
  });

  it('has no serious or critical axe violation at 375 and 1280 px, light and dark; nothing scrolls sideways', async () => {
    for (const viewport of [
      { width: 375, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      const page = await openCase(other, { viewport });
      await page.getByRole('img', { name: 'Government ID of Amelia Hart' }).waitFor();
      await page.getByRole('img', { name: 'Selfie Photo of Amelia Hart' }).waitFor();
      await animationsSettled(page);
      await applyThemeInPlace(page, 'light');
      expect(await seriousFindings(page), `${viewport.width} light`).toEqual([]);
      await applyThemeInPlace(page, 'dark');
      expect(await seriousFindings(page, true), `${viewport.width} dark`).toEqual([]);
      await applyThemeInPlace(page, 'light');
      expect(await pageOverflow(page), `${viewport.width} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});
