import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TABS } from '#client/app/routes/admin/panel/admin-tab-list.ts';
import { STAFF_TOKEN_KEY } from '#client/lib/staff-token.ts';
import { INVALID_CODE } from '#shared/schemas/staff.ts';
import { SESSION_IDLE_MESSAGE } from '#shared/staff.ts';
import { totpCode, type SeededMember } from '../helpers/staff-seed.ts';
import { openAdmin, pageOverflow, seriousAxeViolations, typeCredentials } from './helpers/admin.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, type RunningServer } from './helpers/server.ts';
import { signInStaff } from './helpers/staff.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 8_000 });
/** The gate's second step (CONTRACT §5), as the card's description. */
const ENTER_CODE = 'Enter the 6-digit code from your authenticator app';
/** A refused sign-in call is logged by the browser. */
const UNAUTHORIZED = /401 \(Unauthorized\)/;

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

const dashboard = (page: Page) => page.getByRole('heading', { name: 'Admin Dashboard' });
const storedToken = (page: Page) =>
  page.evaluate((key) => sessionStorage.getItem(key), STAFF_TOKEN_KEY);
const codeField = (page: Page) => page.getByRole('textbox', { name: 'Authentication code' });

/**
 * Six digits the authenticator would not show now: the server accepts the codes of the step
 * before and after this one too, so none of those three.
 */
function wrongCode(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((offset) => totpCode(secret, Date.now() + offset)));
  return ['000000', '111111', '222222', '333333'].find((code) => !near.has(code))!;
}

/**
 * The code step: types the authenticator's current code and verifies. A member's code is taken
 * once per 30-s step, so each test that signs in through the gate uses its own member.
 */
async function enterCode(page: Page, member: SeededMember) {
  await codeField(page).fill(totpCode(member.totpSecret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The gate, the dashboard and the maintenance switch change or revoke site-wide state: own server. */
describe('staff panel shell (own server)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('gate: blank, wrong and right passphrases give the spec messages; Enter submits', async () => {
    const owner = server.staff.members.owner;
    const page = await openPage({ baseURL: server.baseURL, allowConsole: [UNAUTHORIZED] });
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    expect(await page.getByText('Enter passphrase to continue').isVisible()).toBe(true);
    const email = page.getByRole('textbox', { name: 'E-mail' });
    const passphrase = page.getByLabel('Passphrase', { exact: true });
    // The first field has focus on arrival, so a staff member can type at once.
    await poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await passphrase.getAttribute('type')).toBe('password');

    await page.getByRole('button', { name: 'Enter' }).click();
    await page.getByRole('alert').filter({ hasText: 'Enter passphrase' }).waitFor();
    expect(await passphrase.getAttribute('aria-invalid')).toBe('true');

    await typeCredentials(page, { email: owner.email, passphrase: 'not the passphrase' });
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    await toast(page, 'Invalid credentials').waitFor();
    expect(await storedToken(page)).toBeNull();

    // 'Verifying...' while the call is on its way, the button disabled.
    let release: () => void = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/admin-auth', async (route) => {
      await held;
      await route.continue();
    });
    await typeCredentials(page, owner);
    const busy = page.getByRole('button', { name: 'Verifying...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();

    // The right passphrase alone opens nothing: the code step, its field focused.
    await page.getByText(ENTER_CODE, { exact: true }).waitFor();
    await poll(() => codeField(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dashboard(page).count()).toBe(0);
    expect(await storedToken(page)).toBeNull();
  });

  it('code step: a wrong code says so, the right one opens the dashboard with Access granted', async () => {
    const member = server.staff.members.owner;
    const page = await openPage({ baseURL: server.baseURL, allowConsole: [UNAUTHORIZED] });
    await page.goto('/admin');
    await typeCredentials(page, member);
    await page.getByText(ENTER_CODE, { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Admin Access' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: ENTER_CODE }).waitFor();

    await codeField(page).fill(wrongCode(member.totpSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: INVALID_CODE }).waitFor();
    await toast(page, INVALID_CODE).waitFor();
    expect(await codeField(page).getAttribute('aria-invalid')).toBe('true');
    expect(await storedToken(page)).toBeNull();

    await enterCode(page, member);
    await dashboard(page).waitFor();
    await toast(page, 'Access granted').waitFor();
    expect(await page.getByText('Manage EOI requests and contact messages').isVisible()).toBe(true);
    // The dashboard names who signed in.
    await page.getByText(member.name, { exact: true }).waitFor();
    expect(await storedToken(page)).toMatch(/\S{20,}/);
  });

  it('gate: a failed call says Authentication failed', async () => {
    const page = await openPage({
      baseURL: server.baseURL,
      allowConsole: [/Failed to load resource/],
    });
    await page.route('**/api/admin-auth', (route) => route.abort('connectionrefused'));
    await page.goto('/admin');
    await typeCredentials(page, server.staff.members.owner);
    await page.getByRole('alert').filter({ hasText: 'Authentication failed' }).waitFor();
    expect(await page.getByText(ENTER_CODE).count()).toBe(0);
  });

  it('an owner sees sixteen tabs in order, Applicants open; the open tab is kept in the address', async () => {
    const page = await openAdmin(openPage, { baseURL: server.baseURL });

    const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
    // SPEC's nine, Screening, Approvals, MLRO and Reports, then Staff (owners only), Data
    // protection and Audit.
    expect(await tabs.allInnerTexts()).toEqual(ADMIN_TABS.map((tab) => tab.label));
    expect(ADMIN_TABS).toHaveLength(16);
    expect(ADMIN_TABS.slice(-3).map((tab) => tab.label)).toEqual([
      'Staff',
      'Data protection',
      'Audit',
    ]);
    expect(await page.getByRole('tab', { name: 'Applicants' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    // Arrow keys move between tabs (Radix roving focus); the address follows.
    await page.getByRole('tab', { name: 'Applicants' }).focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => new URL(page.url()).searchParams.get('tab')).toBe('eoi');
    await page.getByRole('tab', { name: 'Invites' }).click();
    await poll(() => new URL(page.url()).searchParams.get('tab')).toBe('invites');
    await page.reload();
    await poll(() => page.getByRole('tab', { name: 'Invites' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('a revoked or expired token returns to the gate with a message', async () => {
    const page = await openAdmin(openPage, {
      baseURL: server.baseURL,
      allowConsole: [UNAUTHORIZED],
    });
    const token = await storedToken(page);
    // Revoked elsewhere (same as expiry for the server: the token no longer opens anything).
    const revoked = await fetch(`${server.baseURL}/api/admin-signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-pass': token ?? '' },
      body: '{}',
    });
    expect(revoked.status).toBe(200);

    // Whichever call meets the revoked token first sends the panel to the gate. Opening a tab
    // makes one; a background refresh may beat it, and then the tab is gone before the click.
    await page
      .getByRole('tab', { name: 'Invites' })
      .click({ timeout: 3_000 })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
      });
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
    expect(await storedToken(page)).toBeNull();
  });

  it('sign out revokes the token and forgets what the panel showed', async () => {
    // Operations run the Invites tab; their member signs in through the gate again below.
    const member = server.staff.members.operations;
    const code = await (await signInStaff(server.baseURL)).generateCode();
    const page = await openAdmin(openPage, {
      baseURL: server.baseURL,
      role: 'operations',
      tab: 'Invites',
    });
    await page.getByText(code, { exact: true }).waitFor();
    const token = await storedToken(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    expect(await storedToken(page)).toBeNull();
    const after = await fetch(`${server.baseURL}/api/admin-invite-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-pass': token ?? '' },
      body: '{}',
    });
    expect(after.status).toBe(401);

    // Signing in again, nothing of the last session is shown from memory while the list loads.
    let release: () => void = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/admin-invite-list', async (route) => {
      await held;
      await route.continue();
    });
    await typeCredentials(page, member);
    await enterCode(page, member);
    await dashboard(page).waitFor();
    expect(await page.getByText(code, { exact: true }).count()).toBe(0);
    release();
    await page.getByText(code, { exact: true }).waitFor();
  });

  it('the maintenance switch takes an open visitor page down and up again, live', async () => {
    const visitor = await openPage({ baseURL: server.baseURL });
    await visitor.goto('/cards');
    await visitor.getByRole('heading', { name: 'Choose your calibre.' }).waitFor();

    const staff = await openAdmin(openPage, { baseURL: server.baseURL });
    const maintenanceSwitch = staff.getByRole('switch', { name: 'Maintenance Mode' });
    expect(await staff.getByText('Site is operational').isVisible()).toBe(true);
    expect(await maintenanceSwitch.getAttribute('aria-checked')).toBe('false');

    // Taking the site down is asked first; Cancel (where focus starts) leaves it up.
    const confirm = staff.getByRole('alertdialog', { name: 'Take the site offline?' });
    await maintenanceSwitch.click();
    await confirm.waitFor();
    expect(await confirm.getByText(/shows the maintenance page at once/).isVisible()).toBe(true);
    const cancel = confirm.getByRole('button', { name: 'Cancel' });
    await poll(() => cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    await staff.keyboard.press('Enter');
    await confirm.waitFor({ state: 'hidden' });
    expect(await maintenanceSwitch.getAttribute('aria-checked')).toBe('false');
    expect(await visitor.getByRole('heading', { name: 'Choose your calibre.' }).isVisible()).toBe(
      true,
    );

    await maintenanceSwitch.click();
    await confirm.getByRole('button', { name: 'Take offline' }).click();
    await toast(staff, 'Maintenance mode enabled').waitFor();
    await staff.getByText('Site is in maintenance').waitFor();
    await visitor.getByRole('heading', { name: 'Under Maintenance' }).waitFor();
    // The panel itself stays up during maintenance, even after a reload.
    await staff.reload();
    await dashboard(staff).waitFor();

    // Bringing it back up needs no confirmation.
    await staff.getByRole('switch', { name: 'Maintenance Mode' }).click();
    await toast(staff, 'Maintenance mode disabled').waitFor();
    expect(await staff.getByRole('alertdialog').count()).toBe(0);
    await visitor.getByRole('heading', { name: 'Choose your calibre.' }).waitFor();
  });

  it('a failed toggle says so and leaves the switch as it was', async () => {
    const staff = await openAdmin(openPage, {
      baseURL: server.baseURL,
      allowConsole: [/admin-maintenance-toggle failed/, /500 \(Internal Server Error\)/],
    });
    await staff.route('**/api/admin-maintenance-toggle', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: 'Something went wrong' }),
      }),
    );
    const maintenanceSwitch = staff.getByRole('switch', { name: 'Maintenance Mode' });
    await maintenanceSwitch.click();
    await staff.getByRole('button', { name: 'Take offline' }).click();
    await toast(staff, 'Failed to toggle maintenance mode').waitFor();
    expect(await maintenanceSwitch.getAttribute('aria-checked')).toBe('false');
  });
});

describe('staff layout and idle end', () => {
  it('the panel has the skip link, the Waj mark and the theme toggle, no Apply button or public footer', async () => {
    const page = await openPage();
    for (const path of ['/admin', '/admin/join']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const header = page.getByRole('banner');
      expect(await header.getByRole('link', { name: /^Waj/ }).isVisible(), path).toBe(true);
      expect(await header.getByRole('button', { name: 'Dark mode' }).isVisible(), path).toBe(true);
      expect(await page.getByRole('link', { name: 'Apply', exact: true }).count(), path).toBe(0);
      expect(await page.getByRole('button', { name: 'Open menu' }).count(), path).toBe(0);
      expect(await page.getByRole('contentinfo').count(), path).toBe(0);
      // The skip link is the first thing a keyboard reaches (the gate then focuses its field).
      const first = await page.evaluate(
        () => document.body.querySelector('a[href], button, input, [tabindex="0"]')?.textContent,
      );
      expect(first, path).toBe('Skip to content');
    }
    // Signed in, the same frame.
    await openAdmin(async () => page);
    expect(await page.getByRole('link', { name: 'Apply', exact: true }).count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
  });

  it('warns a minute before 30 idle minutes end; Stay signed in keeps the session, then it ends', async () => {
    // The page's clock is Playwright's, installed before the panel loads; the server's is real.
    const page = await openAdmin(async (options) => {
      const fresh = await openPage(options);
      await fresh.clock.install();
      return fresh;
    });
    const warning = page.getByRole('alertdialog', { name: 'Your session will end in 1 minute' });
    const stay = warning.getByRole('button', { name: 'Stay signed in' });

    await page.clock.fastForward('28:00');
    expect(await warning.count()).toBe(0);
    await page.clock.fastForward('01:00');
    await warning.waitFor();
    expect(await warning.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    // The dialog takes focus, on the way to stay.
    await poll(() => stay.evaluate((el) => el === document.activeElement)).toBe(true);

    const call = page.waitForResponse('**/api/admin-me');
    await stay.click();
    expect((await call).status()).toBe(200);
    await warning.waitFor({ state: 'hidden' });
    await dashboard(page).waitFor();

    // The count starts again from that call: 28 more minutes pass quietly, then Escape stays too.
    await page.clock.fastForward('28:00');
    expect(await warning.count()).toBe(0);
    await page.clock.fastForward('01:00');
    await warning.waitFor();
    const again = page.waitForResponse('**/api/admin-me');
    await page.keyboard.press('Escape');
    expect((await again).status()).toBe(200);
    await warning.waitFor({ state: 'hidden' });

    // Left alone past the end: back to the gate, saying why.
    await page.clock.fastForward('30:00');
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    await page.getByText(SESSION_IDLE_MESSAGE).waitFor();
    expect(await storedToken(page)).toBeNull();
  });
});

describe('every tab: no serious or critical axe violation; readable at 375 px', () => {
  for (const { viewport, theme } of [
    { viewport: { width: 1280, height: 900 }, theme: 'light' },
    { viewport: PHONE, theme: 'dark' },
  ] as const) {
    it(`${viewport.width} px, ${theme}`, async () => {
      // The shared server has no accessibility report, so the A11y tab's read is a logged 404.
      const page = await openPage({
        viewport,
        allowConsole: [/404 \(Not Found\).*\/qa\/a11y-report\.json/],
      });
      await page.addInitScript((value) => localStorage.setItem('waj-theme', value), theme);
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
      expect(await seriousAxeViolations(page), 'gate').toEqual([]);
      // The owner's seeded session: the tabs are under test here, not the gate (admin-staff).
      await openAdmin(async () => page);
      for (const { value, label } of ADMIN_TABS) {
        await page.getByRole('tab', { name: label }).click();
        await poll(() => new URL(page.url()).searchParams.get('tab') ?? 'applicants').toBe(value);
        // Wait for the tab's data: no loading indicator ('Loading staff members...') left.
        const panel = page.getByRole('tabpanel');
        await poll(() => panel.getByText(/^Loading\b.*\.\.\.$/).count()).toBe(0);
        expect(await seriousAxeViolations(page), label).toEqual([]);
        expect(await pageOverflow(page), `${label} scrolls sideways`).toBeLessThanOrEqual(0);
      }
    });
  }
});
