import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyBasicResponse } from '#shared/schemas/journey.ts';
import { launchBrowser } from './helpers/browser.ts';
import {
  basicIdOf,
  pathname,
  redeemCode,
  reviewStage,
  toast,
  waitForPath,
} from './helpers/journey.ts';
import { startBuiltServer, type RunningServer } from './helpers/server.ts';
import { startSmtpCapture, type SmtpCapture } from './helpers/smtp.ts';
import { signInStaff, type Staff } from './helpers/staff.ts';

/**
 * Issue 4's third journey: from the public application form, through the invitation e-mail
 * staff send, to a resume link followed on another device. Every e-mail goes through the
 * server's outbox and its SMTP transport to a real SMTP listener here.
 */
const { openPage } = launchBrowser();

let smtp: SmtpCapture;
let server: RunningServer;
let staff: Staff;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // PUBLIC_URL is the server itself, so the links in its e-mails open it.
  server = await startBuiltServer({ SMTP_URL: smtp.url }, { ownPublicUrl: true });
  staff = await signInStaff(server.baseURL);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const NAME = 'Priya Natarajan';
const CODE = /\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\b/;

const to = (address: string) => (mail: { to: string[] }) => mail.to.includes(address);

describe('applicant journey from the application form', () => {
  it('applies, is invited by e-mail, redeems the e-mailed code and resumes from an e-mailed link', async () => {
    // An address of this attempt's own: a retry on the same server is a new applicant.
    const EMAIL = `priya.natarajan.${Date.now()}@example.com`;
    const page = await openPage({ baseURL: server.baseURL });
    await page.goto('/apply');

    // The public form: no code yet.
    await page.getByLabel('Full name').fill(NAME);
    await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
    await page.getByLabel('Why Waj?').fill('A bank that knows me by name.');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/apply-basic'));
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Application received!').waitFor();
    // Staff find the application by its id, as their applicant list shows it.
    const { basic_id: basicId } = (await (await answer).json()) as ApplyBasicResponse;
    if (!basicId) throw new Error('apply-basic gave no basic_id');

    const received = await smtp.waitFor(to(EMAIL));
    expect(received.subject).toBe('Application received');

    // Staff invite the applicant; the code reaches them only by e-mail.
    const issued = await staff.inviteApplicant(basicId);
    const invitation = await smtp.waitFor(
      (mail) => to(EMAIL)(mail) && mail.subject === 'Your invitation to Waj',
    );
    expect(invitation.text).toContain(`Dear ${NAME},`);
    const code = CODE.exec(invitation.text)?.[0];
    expect(code).toBe(issued);
    expect(invitation.html).toContain(issued);
    const begin = `${server.baseURL}/apply`;
    expect(invitation.links).toContain(begin);

    // The applicant follows the e-mail's link and types the code from it.
    await page.goto(begin);
    await redeemCode(page, code ?? '');
    expect(await basicIdOf(page)).toBe(basicId);

    // Later: e-mail a link to carry on elsewhere. The address is the one on the application.
    await page.getByRole('button', { name: 'Email me a link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Continue later' });
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(EMAIL);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await toast(page, 'Email Sent').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const resume = await smtp.waitFor(
      (mail) => to(EMAIL)(mail) && mail.subject === 'Continue your application',
    );
    const link = resume.links.find((href) =>
      href.startsWith(`${server.baseURL}/apply/review?sid=`),
    );
    if (!link) throw new Error(`no resume link in the e-mail: ${resume.links.join(', ')}`);
    expect(resume.text).toContain(link);

    // Another device: a fresh browser with no cookies at all.
    const other = await openPage({ baseURL: server.baseURL });
    expect(await other.context().cookies()).toEqual([]);
    await other.goto(link);
    await toast(other, 'Session Restored').waitFor();
    await expect.poll(() => reviewStage(other).textContent()).toBe('Invite code validated');
    // The link leaves the address bar once used, so a reload cannot replay it.
    await expect.poll(() => new URL(other.url()).search).toBe('');
    expect(pathname(other)).toBe('/apply/review');
    expect(await basicIdOf(other)).toBe(basicId);
    // The restored session carries on with the application: the details screen opens.
    await other.getByRole('link', { name: 'Continue' }).click();
    await other.getByRole('heading', { name: 'Your details' }).waitFor();
    // Name and e-mail came with the application form, so they are not asked again.
    expect(await other.getByLabel('Annual income').isVisible()).toBe(true);
    expect(await other.getByLabel('Full legal name').count()).toBe(0);

    // A shared computer: 'Sign out', from the keyboard, ends the session here and on the server.
    const token = (await other.context().cookies()).find((c) => c.name === 'waj_session')?.value;
    if (!token) throw new Error('no session cookie after the resume link');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await other.route('**/api/apply-signout', async (route) => {
      await held;
      await route.continue();
    });
    const signOut = other.getByRole('button', { name: 'Sign out' });
    await signOut.focus();
    await other.keyboard.press('Enter');
    const busy = other.getByRole('button', { name: 'Signing out...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await waitForPath(other, '/apply');
    await other.getByRole('heading', { name: 'Have an invitation code?' }).waitFor();
    const left = (await other.context().cookies()).map((c) => c.name);
    expect(left).not.toContain('waj_session');
    expect(left).not.toContain('apply_session');
    const status = await fetch(`${server.baseURL}/api/apply-status`, {
      headers: { 'x-session-token': token },
    });
    expect(status.status).toBe(401);
    // Without a session the review screen sends the visitor back to /apply.
    await other.goto('/apply/review');
    await waitForPath(other, '/apply');
  });
});
