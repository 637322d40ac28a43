import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_TOKEN_KEY } from '#client/lib/staff-token.ts';
import type { ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import {
  PASSPHRASE_TOO_SHORT,
  type OfferIssueResponse,
  type StaffInviteResponse,
} from '#shared/schemas/staff.ts';
import { NO_PERMISSION } from '#shared/staff.ts';
import { totpCode } from '../helpers/staff-seed.ts';
import { openAdmin, pageOverflow, seriousAxeViolations, typeCredentials } from './helpers/admin.ts';
import { applicantCall, seedPepAtKyc, staffCall } from './helpers/applicant.ts';
import { applyThemeInPlace } from './helpers/axe.ts';
import { launchBrowser } from './helpers/browser.ts';
import {
  E2E_PASSPHRASE,
  FIRST_OWNER_EMAIL,
  startBuiltServer,
  staffSignIn,
  type RunningServer,
} from './helpers/server.ts';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from './helpers/smtp.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const ENTER_CODE = 'Enter the 6-digit code from your authenticator app';
const INVITATION_SUBJECT = 'You are invited to the Waj staff panel';
const QR_ALT = 'QR code to add your Waj staff account to an authenticator app';
/** Crockford base32, as the server writes recovery codes: `XXXXX-XXXXX`. */
const RECOVERY_CODE = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const dashboard = (page: Page) => page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
const tabNames = (page: Page) =>
  page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').allInnerTexts();
const storedToken = (page: Page) =>
  page.evaluate((key) => sessionStorage.getItem(key), STAFF_TOKEN_KEY);
const enrolment = (page: Page) =>
  page.getByRole('region', { name: 'Set up your authenticator app' });
const recoveryStep = (page: Page) => page.getByRole('region', { name: 'Save your recovery codes' });
const staffRow = (page: Page, email: string) =>
  page.getByRole('region', { name: 'Staff members' }).getByRole('row').filter({ hasText: email });
const offerCard = (page: Page, name: string) =>
  page.getByRole('group', { name: `Offer for ${name}` });

const to = (address: string, subject: string) => (mail: CapturedMail) =>
  mail.to.includes(address) && mail.subject === subject;

/** The /admin/join link of the invitation e-mailed to `email`. */
async function joinLinkFor(smtp: SmtpCapture, email: string): Promise<string> {
  const mail = await smtp.waitFor(to(email, INVITATION_SUBJECT));
  const link = mail.links.find((href) => href.includes('/admin/join?token='));
  if (!link) throw new Error(`no /admin/join link in the invitation to ${email}:\n${mail.text}`);
  return link;
}

/** The key as the enrolment step shows it (groups of four) and as an app would take it. */
async function shownKey(page: Page): Promise<string> {
  const grouped = (await enrolment(page).locator('code').innerText()).trim();
  expect(grouped).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  return grouped.replace(/\s+/g, '');
}

/** /admin/join: the new passphrase, typed twice, then 'Continue' to the authenticator set-up. */
async function choosePassphrase(page: Page, passphrase: string) {
  await page.getByLabel('Passphrase', { exact: true }).fill(passphrase);
  await page.getByLabel('Confirm passphrase', { exact: true }).fill(passphrase);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enrolment(page).waitFor();
}

/** Enrolment: the first code from the shown key, then the recovery codes step. */
async function confirmFirstCode(page: Page) {
  const key = await shownKey(page);
  await enrolment(page).getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(key));
  await enrolment(page).getByRole('button', { name: 'Verify' }).click();
  await recoveryStep(page).waitFor();
}

/** A fresh installation: the server creates its first owner, who enrols at the first sign-in. */
describe('the first owner (own server, no staff seeded)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer({}, { noStaff: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('signs in with ADMIN_EMAIL and the passphrase, sets up an authenticator, then gets in', async () => {
    const page = await openPage({ baseURL: server.baseURL });
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    await typeCredentials(page, { email: FIRST_OWNER_EMAIL, passphrase: E2E_PASSPHRASE });
    // No authenticator yet: the set-up, never a token.
    await enrolment(page).getByRole('img', { name: QR_ALT }).waitFor();
    expect(await storedToken(page)).toBeNull();
    await confirmFirstCode(page);
    await page.getByRole('button', { name: 'Continue to the dashboard' }).click();
    await dashboard(page).waitFor();
    await toast(page, 'Access granted').waitFor();

    // The owner sees every tab, Staff, Data protection and Audit last, and is listed with a second factor.
    expect((await tabNames(page)).slice(-3)).toEqual(['Staff', 'Data protection', 'Audit']);
    await page.getByRole('tab', { name: 'Staff', exact: true }).click();
    const row = staffRow(page, FIRST_OWNER_EMAIL);
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['Owner', 'Active', 'On']),
    );
  });
});

/**
 * Named staff in the browser (CONTRACT §5): joining by an e-mailed invitation, what each role
 * sees, and the four-eyes approval of an offer to a politically exposed person. Invitations
 * and offers are e-mailed: own server, its mail captured over SMTP.
 */
describe('named staff (own server)', () => {
  let smtp: SmtpCapture;
  let server: RunningServer;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // PUBLIC_URL is the server itself, so the join link in the invitation opens it.
    server = await startBuiltServer({ SMTP_URL: smtp.url }, { ownPublicUrl: true });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('an owner invites a compliance member, who joins from the e-mail, enrols and sees their eight tabs', async () => {
    const owner = await openAdmin(openPage, { baseURL: server.baseURL, tab: 'Staff' });
    const invite = owner.getByRole('form', { name: 'Invite member' });
    await invite.getByRole('textbox', { name: 'Name' }).fill('Cleo Compliance');
    await invite.getByRole('textbox', { name: 'E-mail' }).fill('cleo@staff.test');
    await invite.getByRole('combobox', { name: 'Role', exact: true }).click();
    await owner.getByRole('option', { name: 'Compliance', exact: true }).click();
    await invite.getByRole('button', { name: 'Invite member' }).click();
    await toast(owner, 'Invitation sent').waitFor();
    const row = staffRow(owner, 'cleo@staff.test');
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['Cleo Compliance', 'Compliance', 'Invited', 'Off', 'Never']),
    );

    // The invitation e-mail: who invited them, as what, and a single-use link.
    const mail = await smtp.waitFor(to('cleo@staff.test', INVITATION_SUBJECT));
    expect(mail.text).toContain(
      'Owner Tester has invited you to the Waj staff panel as Compliance',
    );
    const link = await joinLinkFor(smtp, 'cleo@staff.test');
    expect(new URL(link).origin).toBe(server.baseURL);

    // A fresh browser, as on the new member's own machine.
    const page = await openPage({ baseURL: server.baseURL });
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Join the Waj staff panel' }).waitFor();
    // Too short first: the server's own rule, before anything is sent.
    await page.getByLabel('Passphrase', { exact: true }).fill('too short');
    await page.getByLabel('Confirm passphrase', { exact: true }).fill('too short');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(PASSPHRASE_TOO_SHORT, { exact: true }).waitFor();
    expect(await page.getByLabel('Passphrase', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await choosePassphrase(page, 'cleo chooses a long passphrase');
    // The token is spent: it leaves the address bar.
    expect(new URL(page.url()).searchParams.get('token')).toBeNull();

    // The QR code and, for those who cannot scan, the key as text.
    const setUp = enrolment(page);
    await setUp.getByRole('img', { name: QR_ALT }).waitFor();
    expect(await setUp.getByText('(account cleo@staff.test)').count()).toBe(1);
    expect(await setUp.getByRole('button', { name: 'Copy key' }).isVisible()).toBe(true);
    expect(await storedToken(page)).toBeNull();
    await confirmFirstCode(page);

    // Ten recovery codes, to copy or download; no session until the member moves on.
    const codes = (
      await recoveryStep(page)
        .getByRole('list', { name: 'Recovery codes' })
        .getByRole('listitem')
        .allInnerTexts()
    ).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
    expect(new Set(codes).size).toBe(10);
    expect(await page.getByRole('button', { name: 'Copy codes' }).isVisible()).toBe(true);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download codes' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('waj-recovery-codes.txt');
    const file = await readFile(await download.path(), 'utf8');
    for (const code of codes) expect(file).toContain(code);
    await toast(page, 'Recovery codes downloaded').waitFor();
    expect(await storedToken(page)).toBeNull();

    await page.getByRole('button', { name: 'Continue to the dashboard' }).click();
    await dashboard(page).waitFor();
    await toast(page, 'Access granted').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.getByText('Cleo Compliance', { exact: true }).waitFor();
    // Compliance's work only: no inboxes, activations, assets, invites, A11y or Staff.
    expect(await tabNames(page)).toEqual([
      'Applicants',
      'KYC',
      'Offers',
      'Screening',
      'Approvals',
      'Reports',
      'Data protection',
      'Audit',
    ]);
    expect(await page.getByRole('switch', { name: 'Maintenance Mode' }).count()).toBe(0);

    // The owner's list follows: active, with a second factor.
    await owner.reload();
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells).toEqual(expect.arrayContaining(['Active', 'On']));
    expect(cells).not.toContain('Never');
  });

  it('operations see no KYC tab, and the server refuses them the KYC list', async () => {
    const page = await openAdmin(openPage, { baseURL: server.baseURL, role: 'operations' });
    await page.getByText('Operations Tester', { exact: true }).waitFor();
    expect(await tabNames(page)).toEqual([
      'Applicants',
      'EOI',
      'Contact',
      'Activations',
      'Assets',
      'Invites',
      'A11y',
    ]);
    expect(await page.getByRole('switch', { name: 'Maintenance Mode' }).count()).toBe(0);
    // An old link to the KYC tab opens their first tab instead.
    await page.goto('/admin?tab=kyc');
    await dashboard(page).waitFor();
    await page.getByRole('tabpanel', { name: 'Applicants' }).waitFor();
    expect(await page.getByRole('tab', { name: 'KYC' }).count()).toBe(0);

    const response = await fetch(`${server.baseURL}/api/admin-kyc-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-pass': (await storedToken(page))! },
      body: JSON.stringify({ status: 'pending' }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false, error: NO_PERMISSION });
  });

  it('four eyes: compliance issues an offer to a PEP, another owner approves it, the timeline names both', async () => {
    const pep = await seedPepAtKyc(server.baseURL);
    const compliance = await staffSignIn(server.baseURL, 'compliance');
    const issued = await staffCall<OfferIssueResponse>(
      server.baseURL,
      compliance,
      'admin-offer-issue',
      { basic_id: pep.basicId, tier: 'elite', pricing_note: 'Fee waived for the first year.' },
    );
    expect(issued.status).toBe('pending_approval');
    const stage = () =>
      applicantCall<ApplyGetStageResponse>(pep, 'apply-get-stage', { basic_id: pep.basicId });
    expect((await stage()).stage).toBe('kyc');

    // The issuer's team sees it waiting, with nothing to press.
    const issuerView = await openAdmin(openPage, {
      baseURL: server.baseURL,
      role: 'compliance',
      tab: 'Offers',
    });
    const waiting = offerCard(issuerView, 'Priya Patel');
    await waiting.getByText('Awaiting approval', { exact: true }).waitFor();
    await waiting.getByText('Waiting for an owner to approve', { exact: true }).waitFor();
    expect(await waiting.getByRole('button', { name: /Approve offer/ }).count()).toBe(0);
    expect(await waiting.getByRole('combobox', { name: 'Assign Tier' }).count()).toBe(0);

    // The owner sees who issued what, and approves it.
    const page = await openAdmin(openPage, { baseURL: server.baseURL, tab: 'Offers' });
    const card = offerCard(page, 'Priya Patel');
    await card.getByText('Awaiting approval', { exact: true }).waitFor();
    const text = await card.innerText();
    expect(text).toContain('Issued by Compliance Tester');
    expect(text).toContain('Elite');
    expect(text).toContain('Fee waived for the first year.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(smtp.mails.filter(to('priya.patel@example.com', 'Your Waj offer'))).toEqual([]);

    await card.getByRole('button', { name: 'Approve offer to Priya Patel' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Approve offer to Priya Patel' });
    await dialog
      .getByText(
        'Approve this offer to a politically exposed person? The applicant will be told at once.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Approve offer' }).click();
    await toast(page, 'Offer approved').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('No Applications Ready for Offer', { exact: true }).waitFor();
    const after = await stage();
    expect([after.stage, after.tier_assigned]).toEqual(['tier_offer', 'elite']);
    // Only now is the applicant told.
    await smtp.waitFor(to('priya.patel@example.com', 'Your Waj offer'));

    // The applicant's timeline names both people, with their roles.
    await page.getByRole('tab', { name: 'Applicants' }).click();
    await page
      .getByRole('region', { name: 'Applicants', exact: true })
      .locator('tbody tr')
      .filter({ hasText: 'priya.patel@example.com' })
      .getByRole('button', { name: 'Timeline for Priya Patel' })
      .click();
    const sheet = page.getByRole('dialog', { name: 'Timeline' });
    const events = sheet.getByRole('list', { name: 'Events, newest first' }).getByRole('listitem');
    const event = (label: string) => events.filter({ hasText: label });
    await event('Offer approved').waitFor();
    expect(await event('Offer approved').innerText()).toContain('Owner Tester · Owner');
    expect(await event('Offer sent for approval').innerText()).toContain(
      'Compliance Tester · Compliance',
    );
  }, 120_000);

  describe('no serious or critical axe violation, light and dark; nothing scrolls sideways', () => {
    for (const viewport of [PHONE, DESKTOP]) {
      it(`gate, code step, join, enrolment, recovery codes and Staff tab at ${viewport.width} px`, async () => {
        const email = `new-owner-${viewport.width}@staff.test`;
        const owner = await staffSignIn(server.baseURL);
        const invited = await staffCall<StaffInviteResponse>(
          server.baseURL,
          owner,
          'admin-staff-invite',
          { email, name: `New Owner ${viewport.width}`, role: 'owner' },
        );
        expect(invited.ok).toBe(true);
        const link = await joinLinkFor(smtp, email);

        const page = await openPage({ baseURL: server.baseURL, viewport });
        /** The screen in full in light, its colours in dark (a theme only swaps colours). */
        const check = async (screen: string) => {
          await applyThemeInPlace(page, 'light');
          expect(await seriousAxeViolations(page), `${screen}, light`).toEqual([]);
          await applyThemeInPlace(page, 'dark');
          expect(await seriousAxeViolations(page, { colourOnly: true }), `${screen}, dark`).toEqual(
            [],
          );
          await applyThemeInPlace(page, 'light');
          expect(await pageOverflow(page), `${screen} scrolls sideways`).toBeLessThanOrEqual(0);
        };

        await page.goto('/admin');
        await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
        await check('gate');
        // The code step, not submitted: a member's code is taken once per 30 s.
        await typeCredentials(page, server.staff.members.operations);
        await page.getByText(ENTER_CODE, { exact: true }).waitFor();
        await check('code step');

        await page.goto(link);
        await page.getByRole('heading', { level: 1, name: 'Join the Waj staff panel' }).waitFor();
        await check('/admin/join');
        await choosePassphrase(page, `new owner ${viewport.width} passphrase`);
        await enrolment(page).getByRole('img', { name: QR_ALT }).waitFor();
        await check('enrolment');
        await confirmFirstCode(page);
        await check('recovery codes');

        await page.getByRole('button', { name: 'Continue to the dashboard' }).click();
        await dashboard(page).waitFor();
        await page.getByRole('tab', { name: 'Staff' }).click();
        await staffRow(page, email).waitFor();
        await check('Staff tab');
      });
    }
  });
});
