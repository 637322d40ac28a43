import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantListResponse } from '#shared/schemas/admin-lists.ts';
import { DECLINE_ALREADY_REQUESTED_MESSAGE } from '#shared/schemas/casework.ts';
import { describePeriod, RETENTION_RULES } from '#shared/retention.ts';
import { checkStaffScreen, openAdmin } from './helpers/admin.ts';
import {
  applicantCall,
  DETAILS,
  seedApplicant,
  signInBrowser,
  staffCall,
  type Applicant,
} from './helpers/applicant.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, staffSignIn, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const DECLINED_HEADING = 'Your application was not successful';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Timeline' });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const alertDialog = (page: Page, name: string) => page.getByRole('alertdialog', { name });
const requestCard = (page: Page, name: string) =>
  page.getByTestId('erasure-request-row').filter({ hasText: name });
const event = (page: Page, label: string) =>
  sheet(page)
    .getByRole('list', { name: 'Events, newest first' })
    .locator('li')
    .filter({
      has: page.getByText(label, { exact: true }),
    });

/**
 * Declining and erasing change applicants every other panel test would see, and the list of
 * pending requests must hold only this file's: its own server, with the retention job off, so
 * 'Recent runs' is known to be empty.
 */
describe('staff panel: data protection (own server)', () => {
  let server: RunningServer;
  let seeds = 0;

  beforeAll(async () => {
    server = await startBuiltServer({ RETENTION_INTERVAL_SECONDS: '0' });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  const open = (options: Parameters<typeof openAdmin>[1] = {}) =>
    openAdmin(openPage, { baseURL: server.baseURL, ...options });

  /** An applicant with details saved under a name and e-mail no other test uses. */
  async function seedNamed(first: string): Promise<Applicant & { name: string; email: string }> {
    seeds += 1;
    const name = `${first} Tester${seeds}`;
    const email = `${first.toLowerCase()}-${seeds}-${Date.now()}@example.com`;
    const applicant = await seedApplicant(server.baseURL, 'code_verified');
    await applicantCall(applicant, 'apply-details', { ...DETAILS, full_name: name, email });
    return { ...applicant, name, email };
  }

  /** Searches the Applicants tab for `email` and opens that applicant's timeline. */
  async function openTimeline(page: Page, email: string, name: string): Promise<Locator> {
    await page.getByRole('searchbox', { name: 'Search applicants' }).fill(email);
    const row = page
      .getByRole('region', { name: 'Applicants', exact: true })
      .locator('tbody tr')
      .filter({ hasText: email });
    await row.waitFor();
    await row.getByRole('button', { name: `Timeline for ${name}` }).click();
    await sheet(page).getByText(name).first().waitFor();
    return row;
  }

  /** A decline takes effect when a second member (`by`, not the one who asked) approves it. */
  async function approveDecline(requestId: string, by: 'owner' | 'compliance') {
    await staffCall(
      server.baseURL,
      await staffSignIn(server.baseURL, by),
      'admin-approval-decide',
      { id: requestId, decision: 'approve' },
    );
  }

  it('(a) compliance requests a decline with an internal reason; once approved the applicant sees the notice at once', async () => {
    const applicant = await seedNamed('Dora');
    // The applicant watches their review screen meanwhile, in their own browser.
    const own = await openPage({ baseURL: server.baseURL });
    await signInBrowser(own.context(), applicant);
    await own.goto('/apply/review');
    await own.getByTestId('review-stage').waitFor();

    const page = await open({ role: 'compliance' });
    await openTimeline(page, applicant.email, applicant.name);
    await sheet(page).getByRole('button', { name: 'Request decline' }).click();
    const confirm = dialog(page, 'Request decline');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(
      'the decline takes effect only when a second member (an owner or compliance, not you) approves it',
    );
    expect(await confirm.innerText()).toContain(
      'the applicant is told by e-mail and on their screens',
    );
    // The reason is required.
    await confirm.getByRole('button', { name: 'Request decline' }).click();
    await confirm.getByText('Please give a reason for the decline').waitFor();
    await confirm
      .getByRole('textbox', { name: 'Reason (internal)' })
      .fill('Source of funds unclear');
    await confirm.getByRole('button', { name: 'Request decline' }).click();
    await toast(page, 'Decline requested: a second member must approve it').waitFor();
    await confirm.waitFor({ state: 'hidden' });

    // The sheet shows the request waiting, and no second button; nothing changed for the applicant.
    const waiting = sheet(page).getByRole('region', { name: 'Decline request' });
    await waiting.getByText('Source of funds unclear').waitFor();
    expect(await waiting.innerText()).toContain(
      "Decline requested — waiting for a second member's approval",
    );
    expect(await waiting.innerText()).toContain(
      'You asked for this: another member must approve it.',
    );
    expect(await sheet(page).getByRole('button', { name: 'Request decline' }).count()).toBe(0);
    expect(await own.getByTestId('review-stage').count()).toBe(1);

    // An owner approves it.
    const asked = await staffCall<{ decline_request: { id: string } | null }>(
      server.baseURL,
      applicant.staff,
      'admin-applicant-case',
      { basic_id: applicant.basicId },
    );
    await approveDecline(asked.decline_request!.id, 'owner');

    // The applicant's screen changed without a reload: the notice, no progress, no reason.
    const notice = own.getByTestId('declined-notice');
    await notice.getByRole('heading', { level: 2, name: DECLINED_HEADING }).waitFor();
    expect(await notice.innerText()).toContain(
      'We have sent you an e-mail confirming this. If you have questions, please contact us.',
    );
    // The stage's own screen goes with it (the page may still be settling from the event).
    await own.getByTestId('apply-progress').waitFor({ state: 'detached' });
    await own.getByTestId('review-stage').waitFor({ state: 'detached' });
    expect(await own.getByText('Source of funds').count()).toBe(0);
    await notice.getByRole('link', { name: 'contact us' }).waitFor();

    // Staff see the decline and its reason; the list row and the timeline follow.
    await page.keyboard.press('Escape');
    await page.reload();
    const again = await openTimeline(page, applicant.email, applicant.name);
    const declined = sheet(page).getByRole('region', { name: 'Declined' });
    await declined.getByText('Source of funds unclear').waitFor();
    expect(await declined.innerText()).toMatch(/Declined on \d{1,2} \w{3} \d{4}/);
    expect(await sheet(page).getByRole('button', { name: 'Request decline' }).count()).toBe(0);
    expect(await sheet(page).getByRole('region', { name: 'Decline request' }).count()).toBe(0);
    await event(page, 'Application declined').waitFor();
    await page.keyboard.press('Escape');
    await again.getByText('Declined', { exact: true }).waitFor();
  }, 90_000);

  it('a decline already requested by someone else says why in the dialog, and the sheet catches up', async () => {
    const applicant = await seedNamed('Ivo');
    const page = await open({
      role: 'compliance',
      allowConsole: [/admin-applicant-decline failed/, /status of 409/],
    });
    await openTimeline(page, applicant.email, applicant.name);
    await sheet(page).getByRole('button', { name: 'Request decline' }).click();
    const confirm = dialog(page, 'Request decline');
    await confirm.getByRole('textbox', { name: 'Reason (internal)' }).fill('Second decline');
    // Meanwhile the owner asks first.
    await staffCall(server.baseURL, applicant.staff, 'admin-applicant-decline', {
      basic_id: applicant.basicId,
      reason: 'First decline',
    });
    await confirm.getByRole('button', { name: 'Request decline' }).click();
    await confirm
      .getByRole('alert')
      .filter({ hasText: DECLINE_ALREADY_REQUESTED_MESSAGE })
      .waitFor();
    // The dialog stays, with what was typed, until closed; behind it the sheet shows the request.
    expect(await confirm.getByRole('textbox', { name: 'Reason (internal)' }).inputValue()).toBe(
      'Second decline',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    const waiting = sheet(page).getByRole('region', { name: 'Decline request' });
    await waiting.getByText('First decline').waitFor();
    expect(await waiting.innerText()).toContain('Requested by Owner Tester');
    expect(await sheet(page).getByRole('button', { name: 'Request decline' }).count()).toBe(0);
  });

  it('(b) erasure requested by compliance and approved by the owner leaves only a tombstone', async () => {
    const applicant = await seedNamed('Erin');
    const compliance = await open({ role: 'compliance' });
    await openTimeline(compliance, applicant.email, applicant.name);
    await sheet(compliance).getByRole('button', { name: 'Request erasure' }).click();
    const confirm = dialog(compliance, 'Request erasure');
    await confirm.getByRole('textbox', { name: 'Reason' }).fill('Subject asked for erasure');
    await confirm.getByRole('button', { name: 'Request erasure' }).click();
    await toast(compliance, 'Erasure requested').waitFor();

    // The requester sees it waiting for someone else, with no way to approve it.
    const pending = sheet(compliance).getByTestId('erasure-request');
    await pending.waitFor();
    expect(await pending.innerText()).toMatch(
      /^Erasure requested by Compliance Tester on .+: Subject asked for erasure$/,
    );
    await sheet(compliance).getByText('it awaits approval by another member').waitFor();
    expect(
      await sheet(compliance)
        .getByRole('button', { name: /Approve/ })
        .count(),
    ).toBe(0);
    expect(await sheet(compliance).getByRole('button', { name: 'Request erasure' }).count()).toBe(
      0,
    );
    await compliance.keyboard.press('Escape');
    await compliance.getByRole('tab', { name: 'Data protection', exact: true }).click();
    const own = requestCard(compliance, applicant.name);
    await own.getByText('You requested this: another member must approve it.').waitFor();
    expect(await own.getByRole('button', { name: /Approve/ }).count()).toBe(0);

    // The owner, in another browser, approves from the request's timeline.
    const owner = await open({ tab: 'Data protection' });
    const card = requestCard(owner, applicant.name);
    expect(await card.innerText()).toContain('Requested by Compliance Tester');
    expect(await card.innerText()).toContain('Reason: Subject asked for erasure');
    await card.getByRole('button', { name: `Timeline for ${applicant.name}` }).click();
    await sheet(owner).getByTestId('erasure-request').waitFor();
    await sheet(owner)
      .getByRole('button', { name: `Approve erasure for ${applicant.name}` })
      .click();
    const approve = alertDialog(owner, `Erase ${applicant.name}'s personal data`);
    expect(await approve.innerText()).toContain('This cannot be undone.');
    await approve.getByRole('button', { name: 'Approve erasure' }).click();
    await toast(owner, 'Personal data erased').waitFor();

    // Only the tombstone remains: dates, the stage reached and why; no name, no actions.
    const tombstone = sheet(owner).getByTestId('tombstone');
    await tombstone.waitFor();
    expect(await tombstone.innerText()).toMatch(
      /^Personal data erased on \d{1,2} \w{3} \d{4} \(Erasure on request\)$/,
    );
    const erased = sheet(owner).getByRole('region', { name: 'Erased' });
    expect(await erased.innerText()).toContain('Stage reached: Detailed');
    expect(await erased.innerText()).toMatch(/Applied on \d{1,2} \w{3} \d{4}/);
    await sheet(owner).getByText('Erased applicant', { exact: true }).waitFor();
    expect(await sheet(owner).getByText(applicant.name).count()).toBe(0);
    expect(
      await sheet(owner)
        .getByRole('button', { name: /Decline|erasure/ })
        .count(),
    ).toBe(0);
    await event(owner, 'Personal data erased').waitFor();
    await owner.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });

    // Gone from the Applicants list, for anyone.
    await owner.getByRole('tab', { name: 'Applicants', exact: true }).click();
    await owner.getByRole('searchbox', { name: 'Search applicants' }).fill(applicant.email);
    await owner.getByText('No applicants found').waitFor();
    const staff = await staffSignIn(server.baseURL);
    const list = await staffCall<ApplicantListResponse>(
      server.baseURL,
      staff,
      'admin-applicant-list',
      { page: 1, pageSize: 100 },
    );
    expect(list.data.some((row) => row.id === applicant.basicId)).toBe(false);
  }, 120_000);

  it('(c) the Data protection tab lists the retention periods and no runs yet', async () => {
    const page = await open({ tab: 'Data protection' });
    const table = page.getByRole('region', { name: 'Retention periods' });
    await table.waitFor();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
      );
    expect(rows).toEqual(
      RETENTION_RULES.map((rule) => [rule.what, describePeriod(rule.period), rule.from]),
    );
    // The job is off on this server: the section says so rather than showing an empty table.
    const runs = page.getByRole('region', { name: 'Recent runs', exact: true });
    await runs.getByText('No runs yet', { exact: true }).waitFor();
    expect(await runs.getByRole('region', { name: 'Retention job runs' }).count()).toBe(0);
  });

  it('operations has no Data protection tab', async () => {
    const page = await open({ role: 'operations' });
    expect(await page.getByRole('tab', { name: 'Data protection' }).count()).toBe(0);
  });

  describe('no serious or critical axe violation, light and dark; nothing scrolls sideways', () => {
    for (const viewport of [PHONE, DESKTOP]) {
      it(`tab, sheet, dialogs and the applicant's notice at ${viewport.width} px`, async () => {
        const waiting = await seedNamed('Axel');
        await staffCall(
          server.baseURL,
          await staffSignIn(server.baseURL, 'compliance'),
          'admin-applicant-erase',
          { basic_id: waiting.basicId, reason: `Checked at ${viewport.width} px` },
        );
        const declined = await seedNamed('Dina');
        const asked = await staffCall<{ request_id: string }>(
          server.baseURL,
          waiting.staff,
          'admin-applicant-decline',
          { basic_id: declined.basicId, reason: 'Outside our risk appetite' },
        );
        // The owner asked: compliance approves.
        await approveDecline(asked.request_id, 'compliance');

        const page = await open({ tab: 'Data protection', viewport });
        await requestCard(page, waiting.name).waitFor();
        await checkStaffScreen(page, 'Data protection tab');

        await requestCard(page, waiting.name)
          .getByRole('button', { name: `Approve erasure for ${waiting.name}` })
          .click();
        await alertDialog(page, `Erase ${waiting.name}'s personal data`).waitFor();
        await checkStaffScreen(page, 'approve dialog');
        await page.keyboard.press('Escape');

        await requestCard(page, waiting.name)
          .getByRole('button', { name: `Timeline for ${waiting.name}` })
          .click();
        await sheet(page).getByTestId('erasure-request').waitFor();
        await checkStaffScreen(page, 'timeline with a pending request');
        await page.keyboard.press('Escape');

        await page.getByRole('tab', { name: 'Applicants', exact: true }).click();
        await openTimeline(page, declined.email, declined.name);
        await sheet(page).getByRole('region', { name: 'Declined' }).waitFor();
        await checkStaffScreen(page, 'timeline of a declined application');
        await sheet(page).getByRole('button', { name: 'Request erasure' }).click();
        await dialog(page, 'Request erasure').waitFor();
        await checkStaffScreen(page, 'request dialog');
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');

        const own = await openPage({ baseURL: server.baseURL, viewport });
        await signInBrowser(own.context(), declined);
        await own.goto('/apply/review');
        await own.getByTestId('declined-notice').waitFor();
        await checkStaffScreen(own, 'declined notice');
        await own.goto('/apply');
        await own.getByTestId('declined-notice').waitFor();
        await checkStaffScreen(own, '/apply with the notice');
      }, 120_000);
    }
  });
});

describe('Recent runs (own server, the retention job every second)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer({ RETENTION_INTERVAL_SECONDS: '1' });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('lists each run with its times, status and what it removed', async () => {
    const page = await openAdmin(openPage, { baseURL: server.baseURL, tab: 'Data protection' });
    const runs = page.getByRole('region', { name: 'Retention job runs' });
    // The tab reads the runs when it opens: open it again until the first run is there.
    await expect
      .poll(
        async () => {
          if (await runs.count()) return true;
          await page.getByRole('tab', { name: 'Applicants', exact: true }).click();
          await page.getByRole('tab', { name: 'Data protection', exact: true }).click();
          await page.getByRole('heading', { level: 2, name: 'Recent runs' }).waitFor();
          return (await runs.count()) > 0;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const headers = await runs.locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.trim().toLowerCase())).toEqual([
      'started',
      'finished',
      'status',
      'removed',
    ]);
    const first = runs.locator('tbody tr').first();
    const cells = (await first.locator('td').allInnerTexts()).map((t) => t.trim());
    expect(cells[0]).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    expect(cells[1]).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$|^—$/);
    expect(['Completed', 'Running']).toContain(cells[2]);
    // Nothing on this new server is past its period.
    if (cells[2] === 'Completed') expect(cells[3]).toBe('Nothing due');
  });
});
