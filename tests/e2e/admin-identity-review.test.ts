import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantCaseResponse } from '#shared/schemas/case.ts';
import { startFakeVeriff, type FakeVeriff } from '../helpers/fake-veriff.ts';
import { openAdmin } from './helpers/admin.ts';
import { applicantCall, seedApplicant, staffCall, type Applicant } from './helpers/applicant.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

/**
 * Issue 17 item 9, on the case screen: a Veriff decline reads 'decision needed' and compliance
 * approve it with a reason (or decline); a watchlist possible match reads as needing review,
 * never as clear. Own server, with the local fake Veriff.
 */
describe('staff panel: Veriff declines and watchlist matches on the case screen (own server)', () => {
  let veriff: FakeVeriff;
  let server: RunningServer;

  beforeAll(async () => {
    veriff = await startFakeVeriff();
    server = await startBuiltServer(veriff.env());
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await veriff?.close();
  });

  /** An applicant who started Veriff (kyc_in_progress), and their session at the fake. */
  async function startedVeriff(): Promise<Applicant> {
    const applicant = await seedApplicant(server.baseURL, 'detailed');
    await applicantCall(applicant, 'apply-kyc-start', {});
    return applicant;
  }
  const sessionOf = (applicant: Applicant) =>
    veriff.sessions.find((session) => session.vendorData === applicant.basicId)!;

  async function openCase(applicant: Applicant): Promise<Page> {
    const page = await openAdmin(openPage, { baseURL: server.baseURL, role: 'compliance' });
    await page.goto(`/admin/applicants/${applicant.basicId}`);
    await page.getByRole('heading', { level: 1, name: 'Amelia Hart' }).waitFor();
    return page;
  }

  it("shows compliance 'decision needed' on a Veriff decline; approving with a reason moves it to offers", async () => {
    const applicant = await startedVeriff();
    const declined = await veriff.decision(server.baseURL, sessionOf(applicant), 'declined');
    expect(declined.status).toBe(200);

    const page = await openCase(applicant);
    const screening = page.getByRole('region', { name: 'Screening', exact: true });
    await screening.getByText('Veriff declined — decision needed').waitFor();
    // Veriff keeps the documents: the frames say so rather than 'Not uploaded yet'.
    expect(await page.getByText('Collected by Veriff, not stored here').count()).toBe(2);
    const actions = page.getByRole('region', { name: 'Actions' });
    // Both halves of the decision are offered.
    await actions.getByRole('button', { name: 'Request decline' }).waitFor();
    await actions.getByRole('button', { name: 'Approve identity' }).click();

    const dialog = page.getByRole('dialog', { name: 'Approve identity' });
    // A reason is required.
    await dialog.getByRole('button', { name: 'Approve identity' }).click();
    await dialog.getByText('Please give a reason for the approval').waitFor();
    await dialog
      .getByLabel('Reason (internal)')
      .fill('Passport checked against the original at the branch');
    await dialog.getByRole('button', { name: 'Approve identity' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Identity approved' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The case now reads as approved by staff, and the decision is no longer asked for.
    await screening.getByText(/Passport checked against the original at the branch/).waitFor();
    expect(await screening.getByText('Veriff declined — decision needed').count()).toBe(0);
    expect(await actions.getByRole('button', { name: 'Approve identity' }).count()).toBe(0);
    const found = await staffCall<ApplicantCaseResponse>(
      server.baseURL,
      applicant.staff,
      'admin-applicant-case',
      { basic_id: applicant.basicId },
    );
    expect(found.applicant.stage).toBe('kyc');
  });

  it('shows a watchlist possible match (adverse media) as needing review, never as clear', async () => {
    const applicant = await startedVeriff();
    const hit = await veriff.watchlist(server.baseURL, applicant.basicId, {
      matchStatus: 'possible_match',
      adverseMedia: true,
    });
    expect(hit.status).toBe(200);

    const page = await openCase(applicant);
    const screening = page.getByRole('region', { name: 'Screening', exact: true });
    await screening.getByText('Possible match — needs review (adverse media)').waitFor();
    expect(await screening.getByText('No match', { exact: true }).count()).toBe(0);
  });
});
