import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Stage } from '#shared/stages.ts';
import { baseURL, launchBrowser } from './helpers/browser.ts';
import { newInviteCode, seedApplicant, signInBrowser, staffCall } from './helpers/applicant.ts';
import { staffSignIn } from './helpers/server.ts';

/**
 * Issue 17, items 3, 7, 8, 12: the skip link comes first from the keyboard, members can sign
 * out everywhere they have a session, one step indicator on the details screen, and Veriff's
 * own timescale on the review screen.
 */
const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const skipLink = (page: Page) => page.getByTestId('skip-link');
const isFocused = (page: Page) =>
  skipLink(page).evaluate((element) => element === document.activeElement);

/** Each applicant screen, at a stage where it stays, with something only it shows. */
const SCREENS: { path: string; stage: Stage | null; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/apply',
    stage: null,
    ready: (page) => page.getByRole('textbox', { name: 'Invitation Code' }).waitFor(),
  },
  {
    path: '/apply',
    stage: 'kyc',
    ready: (page) => page.getByText("You've already started an application.").waitFor(),
  },
  {
    path: '/apply/details',
    stage: 'code_verified',
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor(),
  },
  {
    path: '/apply/review',
    stage: 'kyc',
    ready: (page) => page.getByTestId('review-stage').waitFor(),
  },
  {
    path: '/apply/offer',
    stage: 'tier_offer',
    ready: (page) => page.getByTestId('offer-tier').waitFor(),
  },
  {
    path: '/apply/activate',
    stage: 'accepted',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Activation Pending' }).waitFor(),
  },
  {
    path: '/account',
    stage: 'activated',
    ready: (page) => page.getByTestId('account-status').waitFor(),
  },
];

describe('keyboard: the skip link is the first Tab stop (item 8)', () => {
  it.each(SCREENS)('$path at $stage', async ({ path, stage, ready }) => {
    const page = await openPage();
    if (stage) await signInBrowser(page.context(), await seedApplicant(baseURL, stage));
    await page.goto(path);
    await ready(page);
    await page.keyboard.press('Tab');
    expect(await isFocused(page)).toBe(true);
    // And it works: Enter moves focus into the page's main content.
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('also after moving between screens inside the app', async () => {
    const page = await openPage();
    await signInBrowser(page.context(), await seedApplicant(baseURL, 'code_verified'));
    await page.goto('/apply/review');
    const next = page.getByRole('link', { name: 'Continue' });
    await next.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/apply/details`);
    await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await isFocused(page)).toBe(true);
  });
});

describe('spec strings (item 1)', () => {
  it("a valid code on a phone: 'Code verified!', 'Redirecting...' and the toast 'Code Verified' in view", async () => {
    const code = await newInviteCode(baseURL, await staffSignIn(baseURL));
    const page = await openPage({ viewport: PHONE });
    await page.goto('/apply');
    await page.getByRole('textbox', { name: 'Invitation Code' }).fill(code);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByText('Code verified!').waitFor();
    await page.getByText('Redirecting...').waitFor();
    const toast = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Code Verified' })
      .filter({ hasText: 'Checking your application status...' });
    await toast.waitFor();
    const box = await toast.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= PHONE.height).toBe(true);
    await page.waitForURL(`${baseURL}/apply/review`);
  });
});

describe('screens follow the stage while the applicant is on them (item 3)', () => {
  it.each([
    { path: '/apply/offer', stage: 'tier_offer' as const, ready: SCREENS[4]!.ready },
    { path: '/apply/details', stage: 'code_verified' as const, ready: SCREENS[2]!.ready },
  ])(
    '$path at $stage: a decline by staff moves on to the notice',
    async ({ path, stage, ready }) => {
      const applicant = await seedApplicant(baseURL, stage);
      const page = await openPage();
      await signInBrowser(page.context(), applicant);
      await page.goto(path);
      await ready(page);
      const { request_id } = await staffCall<{ request_id: string }>(
        baseURL,
        applicant.staff,
        'admin-applicant-decline',
        { basic_id: applicant.basicId, reason: 'Internal: outside our risk appetite' },
      );
      // A decline takes effect when a second member approves it (CONTRACT §9).
      await staffCall(baseURL, await staffSignIn(baseURL, 'compliance'), 'admin-approval-decide', {
        id: request_id,
        decision: 'approve',
      });
      await page.waitForURL(`${baseURL}/apply/review`, { timeout: 12_000 });
      await page.getByTestId('declined-notice').waitFor();
    },
  );
});

describe('signing out (item 7)', () => {
  const sessionCookies = async (page: Page) =>
    (await page.context().cookies())
      .map((cookie) => cookie.name)
      .filter((name) => name === 'waj_session' || name === 'apply_session');
  const statusWith = (token: string) =>
    fetch(`${baseURL}/api/apply-status`, { headers: { 'x-session-token': token } });

  it('a member signs out of /account: the session dies on the server and /account is closed', async () => {
    const member = await seedApplicant(baseURL, 'activated');
    const page = await openPage();
    await signInBrowser(page.context(), member);
    await page.goto('/account');
    await page.getByTestId('account-status').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseURL}/apply`);
    await page.getByRole('textbox', { name: 'Invitation Code' }).waitFor();
    expect(await sessionCookies(page)).toEqual([]);
    expect((await statusWith(member.token)).status).toBe(401);
    await page.goto('/account');
    await page.waitForURL(`${baseURL}/apply`);
  });

  it('an applicant who already started can sign out on /apply too', async () => {
    const applicant = await seedApplicant(baseURL, 'kyc');
    const page = await openPage();
    await signInBrowser(page.context(), applicant);
    await page.goto('/apply');
    await page.getByText("You've already started an application.").waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    // Signed out where they stand: the banner and the button go, the public panels stay.
    await page.getByTestId('started-banner').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Invitation Code' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await isFocused(page)).toBe(true);
    expect(await sessionCookies(page)).toEqual([]);
    expect((await statusWith(applicant.token)).status).toBe(401);
  });
});

describe('small frictions (item 12)', () => {
  it('the details screen shows one step indicator on a phone', async () => {
    const page = await openPage({ viewport: PHONE });
    await signInBrowser(page.context(), await seedApplicant(baseURL, 'code_verified'));
    await page.goto('/apply/details');
    await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
    expect(await page.getByText('Step 3 of 8').isVisible()).toBe(true);
    expect(await page.getByText(/step \d of 2/i).count()).toBe(0);
  });

  it("with Veriff the review screen gives Veriff's timescale, not '1-2 business days'", async () => {
    const page = await openPage();
    await signInBrowser(page.context(), await seedApplicant(baseURL, 'kyc_in_progress'));
    // The e2e server checks identity itself; the screen only reads which provider is in use.
    await page.route('**/api/apply-get-stage', async (route) => {
      const body = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ json: { ...body, kyc_provider: 'veriff' } });
    });
    await page.goto('/apply/review');
    await page.getByTestId('review-stage').filter({ hasText: 'Secure Verification' }).waitFor();
    const copy = await page.getByRole('main').innerText();
    expect(copy).not.toContain('business days');
    expect(copy).toContain('Veriff usually has a result within a few minutes');
  });

  it('with our own team the review screen keeps its 1-2 business days', async () => {
    const page = await openPage();
    await signInBrowser(page.context(), await seedApplicant(baseURL, 'kyc_in_progress'));
    await page.goto('/apply/review');
    await page.getByTestId('review-stage').filter({ hasText: 'Secure Verification' }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain('1-2 business days');
  });
});
