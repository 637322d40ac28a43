import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './helpers/browser.ts';
import { newInviteCode, seedApplicant, signInBrowser } from './helpers/applicant.ts';
import { staffSignIn } from './helpers/server.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
/** Chromium reports every 4xx/5xx and aborted request on the console. */
const HTTP_ERRORS = [/Failed to load resource/];

const poll = <T>(read: () => T | Promise<T>, timeout = 5_000) => expect.poll(read, { timeout });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const codeField = (page: Page) => page.getByRole('textbox', { name: 'Invitation Code' });
const verifyButton = (page: Page) => page.getByRole('button', { name: /Verify Code|Verifying/ });
const submitButton = (page: Page) =>
  page.getByRole('button', { name: /Submit Application|Submitting/ });
const inviteError = (page: Page) => page.getByTestId('invite-error');
const formError = (page: Page) => page.getByTestId('application-error');

/** The journey's own calls (not site settings and the like). */
const isJourneyCall = (pathname: string) =>
  pathname.startsWith('/api/apply-') || pathname === '/api/validate-invite';

/** Opens /apply and records the journey's API calls it makes. */
async function openApply(options: Parameters<typeof openPage>[0] = {}) {
  const page = await openPage(options);
  const calls: Request[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (isJourneyCall(pathname)) calls.push(request);
  });
  await page.goto('/apply');
  await codeField(page).waitFor();
  return { page, calls, called: (path: string) => calls.filter((r) => r.url().includes(path)) };
}

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** The message under a field, found the way assistive technology finds it. */
async function errorOf(page: Page, label: string): Promise<string | null> {
  const input = page.getByLabel(label, { exact: true });
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = (await input.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? page.locator(`#${errorId}`).textContent() : null;
}

describe('/apply for a visitor without an application', () => {
  it('arrives drawn, and downloads the steps after it only once the visitor starts on a panel', async () => {
    const page = await openPage();
    const steps: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/apply-steps-[^/]*\.js$/.test(request.url())) steps.push(request.url());
    });
    const response = await page.goto('/apply');
    // Drawn by the server: the panels are in the HTML before any script runs (decision 056).
    const html = (await response?.text()) ?? '';
    expect(html).toContain('Have an invitation code?');
    expect(html).toContain('No code yet? Start here.');
    await codeField(page).waitFor();
    await page.waitForLoadState('networkidle');
    expect(steps).toEqual([]);

    await codeField(page).focus();
    await poll(() => steps.length).toBe(1);
  });
});

describe('/apply rules (the validation library)', () => {
  /** Withholds the scripts that carry zod while `offline()` says so; counts the refusals. */
  async function withholdRules(page: Page, offline: () => boolean) {
    const refused = { count: 0 };
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch();
      if (offline() && (await response.text()).includes('ZodError')) {
        refused.count += 1;
        return route.abort('failed');
      }
      return route.fulfill({ response });
    });
    return refused;
  }

  it('are not part of the first download, and arrive when the visitor starts on a panel', async () => {
    const page = await openPage({ allowConsole: [/net::ERR_FAILED/] });
    const refused = await withholdRules(page, () => true);
    await page.goto('/apply');
    await codeField(page).waitFor();
    await page.waitForLoadState('networkidle');
    expect(refused.count).toBe(0);
    await page.getByLabel('Full name').focus();
    await poll(() => refused.count).toBeGreaterThan(0);
  });

  it('when they cannot be fetched, Verify and Submit say so and send nothing; then both work', async () => {
    const { page, calls } = await openApply({ allowConsole: [/net::ERR_FAILED/] });
    let offline = true;
    const refused = await withholdRules(page, () => offline);

    await codeField(page).fill('NOSUCHCODE');
    await verifyButton(page).click();
    await expect.poll(() => inviteError(page).textContent()).toContain('Failed to validate code');
    await page.getByLabel('Full name').fill('Amelia Hart');
    await page.getByLabel('Email').fill(`amelia.rules.${Date.now()}@example.com`);
    await submitButton(page).click();
    await expect
      .poll(() => formError(page).textContent())
      .toContain('Failed to submit application');
    expect(refused.count).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
    expect(await page.getByLabel('Full name').inputValue()).toBe('Amelia Hart');

    offline = false;
    await submitButton(page).click();
    await page.getByText('Application received!').waitFor();
    expect(calls.map((call) => new URL(call.url()).pathname)).toEqual(['/api/apply-basic']);
  });
});

describe('/apply layout', () => {
  it("shows both panels with SPEC's words, side by side on wide screens and stacked on phones", async () => {
    const { page, calls } = await openApply();
    await page.getByRole('heading', { level: 2, name: 'Have an invitation code?' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'No code yet? Start here.' }).waitFor();
    expect(await codeField(page).getAttribute('placeholder')).toBe('Enter code');
    expect(await page.getByText('Codes are case-insensitive.').isVisible()).toBe(true);
    expect(await verifyButton(page).isDisabled()).toBe(true);
    // Without a session nothing is asked about an application.
    expect(calls).toHaveLength(0);

    const boxes = async (p: Page) => {
      const invite = await p
        .getByRole('region', { name: 'Have an invitation code?' })
        .boundingBox();
      const form = await p.getByRole('region', { name: 'No code yet? Start here.' }).boundingBox();
      return { invite: invite!, form: form! };
    };
    const wide = await boxes(page);
    expect(Math.abs(wide.invite.y - wide.form.y)).toBeLessThan(2);
    expect(wide.form.x).toBeGreaterThan(wide.invite.x + wide.invite.width);

    const { page: phone } = await openApply({ viewport: PHONE });
    const narrow = await boxes(phone);
    expect(narrow.form.y).toBeGreaterThan(narrow.invite.y + narrow.invite.height);
  });
});

describe('invitation code', () => {
  it('Enter on a blank code says so and sends nothing; the button wakes up with text', async () => {
    const { page, calls } = await openApply();
    await codeField(page).fill('   ');
    expect(await verifyButton(page).isDisabled()).toBe(true);
    await codeField(page).press('Enter');
    await poll(() => inviteError(page).textContent()).toBe('Please enter an invite code');
    // The alert sits above the field.
    const alert = await inviteError(page).boundingBox();
    const field = await codeField(page).boundingBox();
    expect(alert!.y + alert!.height).toBeLessThanOrEqual(field!.y);
    expect(calls).toHaveLength(0);
    await codeField(page).fill('ABC');
    expect(await verifyButton(page).isEnabled()).toBe(true);
    await poll(() => inviteError(page).count()).toBe(0);
  });

  it('an unknown code gets the server\'s "Invalid or expired invite code" and no redemption', async () => {
    const { page, called } = await openApply({ allowConsole: HTTP_ERRORS });
    await codeField(page).fill('NOPE-NOPE-NOPE');
    await codeField(page).press('Enter');
    await poll(() => inviteError(page).textContent()).toBe('Invalid or expired invite code');
    expect(called('/api/validate-invite')).toHaveLength(1);
    expect(called('/api/apply-verify-code')).toHaveLength(0);
    expect(await codeField(page).evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it.each([
    {
      name: 'validate-invite unreachable',
      setup: (page: Page) => page.route('**/api/validate-invite', (route) => route.abort()),
      message: 'Failed to validate code',
    },
    {
      name: 'validate-invite answers valid: false',
      setup: (page: Page) =>
        page.route('**/api/validate-invite', (route) =>
          json(route, 200, { ok: true, valid: false }),
        ),
      message: 'Invalid or expired invite code',
    },
    {
      name: 'validate-invite refuses with its own words',
      setup: (page: Page) =>
        page.route('**/api/validate-invite', (route) =>
          json(route, 429, { ok: false, error: 'Too many attempts. Please wait a minute.' }),
        ),
      message: 'Too many attempts. Please wait a minute.',
    },
    {
      name: 'apply-verify-code fails',
      setup: async (page: Page) => {
        await page.route('**/api/validate-invite', (route) =>
          json(route, 200, { ok: true, valid: true }),
        );
        await page.route('**/api/apply-verify-code', (route) => json(route, 500, {}));
      },
      message: 'Failed to process code',
    },
    {
      name: 'apply-verify-code answers without an application',
      setup: async (page: Page) => {
        await page.route('**/api/validate-invite', (route) =>
          json(route, 200, { ok: true, valid: true }),
        );
        await page.route('**/api/apply-verify-code', (route) => json(route, 200, { ok: true }));
      },
      message: 'Failed to create application',
    },
  ])('$name → "$message" in a red alert', async ({ setup, message }) => {
    const { page } = await openApply({ allowConsole: HTTP_ERRORS });
    await setup(page);
    await codeField(page).fill('WAJ-TEST');
    await verifyButton(page).click();
    await poll(() => inviteError(page).textContent()).toBe(message);
    expect(await inviteError(page).getAttribute('role')).toBe('alert');
    expect(page.url()).toBe(`${baseURL}/apply`);
  });

  it("a real code, typed in lower case with spaces: 'Verifying...', toast, 'Code verified!', then a full page load to /apply/review", async () => {
    const staff = await staffSignIn(baseURL);
    const code = await newInviteCode(baseURL, staff);
    const { page } = await openApply();
    // Hold the check a moment so the busy state can be seen.
    await page.route('**/api/validate-invite', async (route) => {
      await new Promise((done) => setTimeout(done, 400));
      await route.continue();
    });
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
      // Timed in the page, where a busy test machine cannot delay the reading: when 'Code
      // verified!' appears and when the page is left (kept across the full page load).
      new MutationObserver((_changes, observer) => {
        if (!document.body.textContent?.includes('Code verified!')) return;
        sessionStorage.setItem('test_verified_at', String(Date.now()));
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
      addEventListener('pagehide', () =>
        sessionStorage.setItem('test_left_at', String(Date.now())),
      );
    });
    await codeField(page).fill(`  ${code.toLowerCase()} `);
    await codeField(page).press('Enter');
    await page.getByRole('button', { name: 'Verifying...' }).waitFor();
    expect(await verifyButton(page).isDisabled()).toBe(true);

    await page.getByText('Code verified!').waitFor();
    expect(await page.getByText('Redirecting...').isVisible()).toBe(true);
    await toast(page, 'Code Verified')
      .filter({ hasText: 'Checking your application status...' })
      .waitFor();

    await page.waitForURL(`${baseURL}/apply/review`);
    // 'Code verified!' stays in view for the redirect delay (800 ms) before the page changes.
    const [verifiedAt, leftAt] = await page.evaluate(() =>
      ['test_verified_at', 'test_left_at'].map((key) => Number(sessionStorage.getItem(key))),
    );
    expect(verifiedAt).toBeGreaterThan(0);
    expect(leftAt! - verifiedAt!).toBeGreaterThanOrEqual(700);
    // A full page load: the old document (and its marker) is gone.
    expect(
      await page.evaluate(() => (window as unknown as { marker?: number }).marker),
    ).toBeUndefined();
    await page.getByTestId('review-stage').filter({ hasText: 'Invite code validated' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('waj_validated_invite_code'))).toBe(
      code.toLowerCase(),
    );
    // The session is the HttpOnly cookie: page script cannot read the token.
    expect(await page.evaluate(() => document.cookie)).not.toContain('waj_session');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'waj_session')?.httpOnly).toBe(true);
  });
});

describe('application form', () => {
  it("validates on submit with SPEC's messages, then again while typing, sending nothing", async () => {
    const { page, calls } = await openApply();
    await submitButton(page).click();
    await poll(() => errorOf(page, 'Full name')).toBe('Full name must be at least 2 characters');
    expect(await errorOf(page, 'Email')).toBe('Please enter a valid email address');
    expect(await page.getByLabel('Full name').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );

    await page.getByLabel('Full name').fill('x'.repeat(121));
    await poll(() => errorOf(page, 'Full name')).toBe('Full name must be less than 120 characters');
    await page.getByLabel('Full name').fill('Amelia Hart');
    await poll(() => errorOf(page, 'Full name')).toBeNull();

    await page.getByLabel('Email').fill(`${'a'.repeat(250)}@example.com`);
    await poll(() => errorOf(page, 'Email')).toBe('Email must be less than 255 characters');
    await page.getByLabel('Phone (optional)').fill('1'.repeat(31));
    await page.getByLabel('Why Waj? (optional)').fill('r'.repeat(2001));
    await submitButton(page).click();
    await poll(() => errorOf(page, 'Phone (optional)')).toBe(
      'Phone number must be less than 30 characters',
    );
    expect(await errorOf(page, 'Why Waj? (optional)')).toBe(
      'Reason must be less than 2000 characters',
    );
    expect(calls).toHaveLength(0);
  });

  it('a filled honeypot shows the usual success and sends nothing', async () => {
    const { page, calls } = await openApply();
    await page.getByLabel('Full name').fill('Robot Example');
    await page.getByLabel('Email').fill('robot@example.com');
    await page.locator('#application-website').fill('https://spam.example', { force: true });
    await submitButton(page).click();
    await page.getByText('Application received!').waitFor();
    expect(calls).toHaveLength(0);
  });

  it("submits to apply-basic under the wire names: 'Submitting...', the success panel and toast", async () => {
    const { page } = await openApply();
    let sent: unknown;
    await page.route('**/api/apply-basic', async (route) => {
      sent = route.request().postDataJSON();
      await new Promise((done) => setTimeout(done, 300));
      await route.continue();
    });
    await page.getByLabel('Full name').fill('  Amelia Hart ');
    await page.getByLabel('Email').fill(`amelia.${Date.now()}@example.com`);
    await page.getByLabel('Why Waj? (optional)').fill('Looking for a discreet bank.');
    await submitButton(page).click();
    await page.getByRole('button', { name: 'Submitting...' }).waitFor();
    await page.getByText('Application received!').waitFor();
    await page
      .getByText("If selected, you'll receive an invitation code by email.")
      .first()
      .waitFor();
    await toast(page, 'Application Received').waitFor();
    expect(sent).toMatchObject({
      full_name: 'Amelia Hart',
      phone: null,
      reason: 'Looking for a discreet bank.',
    });
    expect(Object.keys(sent as object).sort()).toEqual(
      ['email', 'full_name', 'phone', 'reason', 'website'].sort(),
    );
  });

  it.each([
    {
      name: 'the server explains',
      reply: (route: Route) =>
        json(route, 400, {
          ok: false,
          error: 'Please enter a valid email address',
          details: { email: 'Please enter a valid email address' },
        }),
      message: 'Please enter a valid email address',
    },
    {
      name: 'the server says nothing useful',
      reply: (route: Route) => route.fulfill({ status: 502, body: 'Bad gateway' }),
      message: 'Failed to submit application',
    },
    {
      name: 'a success without basic_id',
      reply: (route: Route) => json(route, 200, { ok: true }),
      message: 'Invalid response from server',
    },
  ])(
    'failure ($name) → "$message" in a red alert and a Submission Failed toast',
    async ({ reply, message }) => {
      const { page } = await openApply({ allowConsole: HTTP_ERRORS });
      await page.route('**/api/apply-basic', reply);
      await page.getByLabel('Full name').fill('Amelia Hart');
      await page.getByLabel('Email').fill('amelia@example.com');
      await submitButton(page).click();
      await poll(() => formError(page).textContent()).toBe(message);
      await toast(page, 'Submission Failed').filter({ hasText: message }).waitFor();
      expect(await page.getByText('Application received!').count()).toBe(0);
    },
  );
});

describe('an applicant who already started', () => {
  it("shows 'Loading...' while the stage loads, then the banner with Continue to /apply/review", async () => {
    const applicant = await seedApplicant(baseURL, 'detailed');
    const page = await openPage();
    await signInBrowser(page.context(), applicant);
    let release: () => void = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/apply-get-stage', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/apply');
    await page.getByText('Loading...').waitFor();
    expect(await codeField(page).count()).toBe(0);
    release();
    await page.getByText("You've already started an application.").waitFor();
    await codeField(page).waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(`${baseURL}/apply/review`);
  });

  it('a session the server no longer knows: just the panels', async () => {
    const page = await openPage({ allowConsole: HTTP_ERRORS });
    await page.context().addCookies([
      { name: 'apply_session', value: '00000000-0000-4000-8000-000000000000', url: baseURL },
      { name: 'waj_session', value: 'stale-token', url: baseURL, httpOnly: true },
    ]);
    await page.goto('/apply');
    await codeField(page).waitFor();
    expect(await page.getByText("You've already started an application.").count()).toBe(0);
  });
});
