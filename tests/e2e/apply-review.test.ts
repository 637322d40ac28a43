import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_TAKEN_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  LINK_INVALID_MESSAGE,
  MAGIC_LINK_SENT_MESSAGE,
} from '#shared/schemas/journey.ts';
import { baseURL, launchBrowser } from './helpers/browser.ts';
import { seedApplicant, signInBrowser, staffCall, type Applicant } from './helpers/applicant.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const HTTP_ERRORS = [/Failed to load resource/];
/** SPEC §9: the review screen asks for the stage every 8 seconds. */
const STATUS_POLL_MS = 8_000;

const poll = <T>(read: () => T | Promise<T>, timeout = 5_000) => expect.poll(read, { timeout });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const stageHeading = (page: Page) => page.getByTestId('review-stage');
const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

async function openReview(
  applicant: Applicant | null,
  path = '/apply/review',
  options: Parameters<typeof openPage>[0] = {},
) {
  const page = await openPage(options);
  if (applicant) await signInBrowser(page.context(), applicant);
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const calls = (path: string) =>
    requests.filter((r) => new URL(r.url()).pathname === `/api/${path}`);
  await page.goto(path);
  return { page, calls };
}

/** A sid in the shape the server issues: base64url(basic id).expiry.signature. */
function fakeSid(expiresAt: number): string {
  const id = Buffer.from('6a7cd734-fc9c-482f-9fd9-17a0042e25a3').toString('base64url');
  return `${id}.${expiresAt}.${'A'.repeat(43)}`;
}

describe('/apply/review', () => {
  it('without a session replaces itself with /apply', async () => {
    const { page, calls } = await openReview(null, '/cards');
    await page.evaluate(() => window.history.pushState(null, '', '/apply/review'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await page.waitForURL(`${baseURL}/apply`);
    await page.getByRole('textbox', { name: 'Invitation Code' }).waitFor();
    expect(calls('apply-get-stage')).toHaveLength(0);
    // Replaced, not pushed: Back does not return to the review screen.
    await page.goBack();
    await page.waitForURL(`${baseURL}/cards`);
  });

  it('shows the spinner, the stage label and the progress: a vertical list on wide screens', async () => {
    const applicant = await seedApplicant(baseURL, 'code_verified');
    const { page } = await openReview(applicant);
    await stageHeading(page).filter({ hasText: 'Invite code validated' }).waitFor();
    const list = page.getByRole('list', { name: 'Application progress' });
    expect(await list.isVisible()).toBe(true);
    expect(await list.getByRole('listitem').count()).toBe(8);
    const current = list.locator('[aria-current="step"]');
    expect(await current.textContent()).toContain('Invite code validated');
    expect(await list.getByRole('listitem').nth(0).textContent()).toContain('(completed)');
    expect(await list.getByRole('listitem').nth(1).textContent()).toContain('(completed)');
    expect(await list.getByRole('listitem').nth(3).textContent()).not.toContain('(completed)');
    expect(await page.getByText('Step 3 of 8').isVisible()).toBe(false);
    expect(await page.locator('svg.animate-spin').count()).toBeGreaterThan(0);

    // code_verified: on to the details screen.
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(`${baseURL}/apply/details`);
  });

  it("shows 'Step N of 8' on phones instead of the list", async () => {
    const applicant = await seedApplicant(baseURL, 'kyc_in_progress');
    const { page } = await openReview(applicant, '/apply/review', { viewport: PHONE });
    await stageHeading(page).filter({ hasText: 'Secure Verification' }).waitFor();
    expect(await page.getByText('Step 4 of 8').isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Application progress' }).isVisible()).toBe(false);
    // Nothing to do while staff check the files: no Continue.
    expect(await page.getByRole('link', { name: 'Continue' }).count()).toBe(0);
  });

  it('polls apply-status every 8 seconds and moves on to /apply/offer when an offer is issued', async () => {
    const applicant = await seedApplicant(baseURL, 'kyc');
    const page = await openPage();
    // The page's own clock, which the test moves on instead of waiting 8 real seconds a poll.
    await page.clock.install();
    // When each poll leaves, in the page's time, and how many have had their answer.
    await page.addInitScript(() => {
      const polls = { sent: [] as number[], answered: 0 };
      (window as unknown as { polls: typeof polls }).polls = polls;
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (!url.endsWith('/api/apply-status')) return original(input, init);
        polls.sent.push(performance.now());
        return original(input, init).finally(() => (polls.answered += 1));
      };
    });
    await signInBrowser(page.context(), applicant);
    await page.goto('/apply/review');
    const polls = () =>
      page.evaluate(
        () => (window as unknown as { polls: { sent: number[]; answered: number } }).polls,
      );
    const polledAt = async () => (await polls()).sent;
    await stageHeading(page).filter({ hasText: 'Verification Complete' }).waitFor();
    await poll(async () => (await polledAt()).length).toBeGreaterThanOrEqual(1);
    const before = (await polledAt()).length;
    // The live stream's (re)connection also asks once; the poll itself comes every 8 s, counted
    // from the answer before. The page's time moves on half a second at a time, as it would
    // pass, but only once every poll has its answer: a busy machine's slow answer must not read
    // as a late poll. Until three more polls have gone.
    const allAnswered = async () => {
      const { sent, answered } = await polls();
      return answered === sent.length;
    };
    for (let step = 0; step < 80 && (await polledAt()).length < before + 3; step++) {
      await poll(allAnswered).toBe(true);
      await page.clock.runFor(500);
    }
    expect((await polledAt()).length).toBeGreaterThanOrEqual(before + 3);
    const times = await polledAt();
    const gaps = times.slice(1).map((time, i) => time - times[i]!);
    const onTime = (gap: number) => gap <= STATUS_POLL_MS + 500;
    expect(gaps.some((gap) => gap > STATUS_POLL_MS - 100 && onTime(gap))).toBe(true);
    expect(gaps.every(onTime), `polls at ${times.join(', ')} ms`).toBe(true);

    await staffCall(baseURL, applicant.staff, 'admin-offer-issue', {
      basic_id: applicant.basicId,
      tier: 'noir',
      pricing_note: null,
    });
    // The next poll (or the live event, whichever comes first) brings the offer.
    for (let step = 0; step < 20 && !page.url().endsWith('/apply/offer'); step++) {
      await page.clock.runFor(500);
    }
    await page.waitForURL(`${baseURL}/apply/offer`);
    await page.getByTestId('offer-tier').filter({ hasText: 'Noir' }).waitFor();
  });
});

describe('resume-link dialog', () => {
  it("asks for the address, then e-mails the link: toast 'Email Sent' with the server's message", async () => {
    const applicant = await seedApplicant(baseURL, 'code_verified');
    const { page, calls } = await openReview(applicant);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const email = dialog.getByLabel('Email address');
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await dialog.getByText('Please enter your email address').waitFor();
    await email.fill('not-an-address');
    await dialog.getByText('Please enter a valid email address').waitFor();
    expect(calls('apply-magic-link')).toHaveLength(0);

    await email.fill('amelia.hart@example.com');
    await email.press('Enter');
    await toast(page, 'Email Sent').filter({ hasText: MAGIC_LINK_SENT_MESSAGE }).waitFor();
    await poll(() => dialog.count()).toBe(0);
    expect(calls('apply-magic-link')[0]?.postDataJSON()).toEqual({
      email: 'amelia.hart@example.com',
    });
  });

  it("a failure says 'Failed to send link' and 'Failed to send email. Please try again.'", async () => {
    const applicant = await seedApplicant(baseURL, 'code_verified');
    const { page } = await openReview(applicant, '/apply/review', { allowConsole: HTTP_ERRORS });
    await page.route('**/api/apply-magic-link', (route) => json(route, 500, {}));
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByRole('dialog').getByLabel('Email address').fill('amelia@example.com');
    await page.getByRole('dialog').getByRole('button', { name: 'Send link' }).click();
    await toast(page, 'Failed to send link')
      .filter({ hasText: 'Failed to send email. Please try again.' })
      .waitFor();
    expect(await page.getByRole('dialog').getByRole('alert').textContent()).toBe(
      'Failed to send email. Please try again.',
    );
  });
});

describe('magic link (?sid=)', () => {
  const expectProblem = async (page: Page, title: string, description: string) => {
    const alert = page.getByTestId('link-problem');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(`${title}${description}`);
    await toast(page, title).filter({ hasText: description }).waitFor();
  };

  it('a mangled link gets the invalid-format message, with no request and a way to ask again', async () => {
    const { page, calls } = await openReview(null, '/apply/review?sid=not%20a%20link');
    await expectProblem(page, 'Invalid Link', LINK_INVALID_MESSAGE);
    expect(calls('apply-session')).toHaveLength(0);
    expect(page.url()).toContain('/apply/review');
    await page.getByRole('button', { name: 'Email me a link' }).waitFor();
    await page.getByRole('link', { name: 'Enter an invitation code' }).waitFor();
  });

  it("an expired link: 'Link Expired: This magic link has expired. Please request a new one.'", async () => {
    const sid = fakeSid(Math.floor(Date.now() / 1000) - 60);
    const { page, calls } = await openReview(null, `/apply/review?sid=${sid}`);
    await expectProblem(page, 'Link Expired', LINK_EXPIRED_MESSAGE);
    expect(calls('apply-session')).toHaveLength(0);
  });

  it("a well-formed link the server refuses (tampered, used, replaced): 'Error: Failed to restore session. Please request a new link.'", async () => {
    const sid = fakeSid(Math.floor(Date.now() / 1000) + 3600);
    const { page, calls } = await openReview(null, `/apply/review?sid=${sid}`, {
      allowConsole: HTTP_ERRORS,
    });
    await expectProblem(page, 'Error', 'Failed to restore session. Please request a new link.');
    expect(calls('apply-session')).toHaveLength(1);
    await page.getByRole('button', { name: 'Email me a link' }).waitFor();
  });

  it('a link used once already gets the same message on its second use', async () => {
    const page = await openPage({ allowConsole: HTTP_ERRORS });
    // The server's answer to a link it has already turned into a session.
    await page.route('**/api/apply-session', (route) =>
      json(route, 401, { ok: false, error: LINK_INVALID_MESSAGE }),
    );
    await page.goto(`/apply/review?sid=${fakeSid(Math.floor(Date.now() / 1000) + 3600)}`);
    await expectProblem(page, 'Error', 'Failed to restore session. Please request a new link.');
    expect(await page.getByText('Invalid Link').count()).toBe(0);
  });

  it("a failed restore: 'Error: Failed to restore session. Please request a new link.'", async () => {
    const page = await openPage({ allowConsole: HTTP_ERRORS });
    await page.route('**/api/apply-session', (route) => json(route, 500, {}));
    await page.goto(`/apply/review?sid=${fakeSid(Math.floor(Date.now() / 1000) + 3600)}`);
    await expectProblem(page, 'Error', 'Failed to restore session. Please request a new link.');
  });

  it('a link for an address already confirmed on another application says so and offers a new link', async () => {
    const page = await openPage({ allowConsole: HTTP_ERRORS });
    await page.route('**/api/apply-session', (route) =>
      json(route, 409, { ok: false, error: EMAIL_TAKEN_MESSAGE }),
    );
    await page.goto(`/apply/review?sid=${fakeSid(Math.floor(Date.now() / 1000) + 3600)}`);
    await expectProblem(page, 'Email Already Confirmed', EMAIL_TAKEN_MESSAGE);
    await page.getByRole('button', { name: 'Email me a link' }).waitFor();
  });

  it("a good link: toast 'Session Restored', sid taken out of the address, the application shown", async () => {
    const applicant = await seedApplicant(baseURL, 'detailed');
    const page = await openPage();
    // The server sets the session cookies as it answers; here they stand ready beforehand.
    await signInBrowser(page.context(), applicant);
    const sid = fakeSid(Math.floor(Date.now() / 1000) + 3600);
    let sent: unknown;
    await page.route('**/api/apply-session', (route) => {
      sent = route.request().postDataJSON();
      return json(route, 200, { ok: true, basic_id: applicant.basicId, token: applicant.token });
    });
    await page.goto(`/apply/review?sid=${sid}`);
    await toast(page, 'Session Restored').waitFor();
    await page.waitForURL(`${baseURL}/apply/review`);
    await stageHeading(page).filter({ hasText: 'Invite code validated' }).waitFor();
    expect(sent).toEqual({ sid });
  });
});
