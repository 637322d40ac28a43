import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TABS } from '../../src/client/features/admin/components/admin-tab-list.ts';
import { pageOverflow, seriousAxeViolations } from './helpers/admin.ts';
import { launchBrowser } from './helpers/browser.ts';
import { E2E_PASSPHRASE, startBuiltServer, type RunningServer } from './helpers/server.ts';
import { signInStaff } from './helpers/staff.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 8_000 });

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function signIn(page: Page, passphrase = E2E_PASSPHRASE) {
  await page.getByLabel('Passphrase').fill(passphrase);
  await page.getByLabel('Passphrase').press('Enter');
}

const dashboard = (page: Page) => page.getByRole('heading', { name: 'Admin Dashboard' });

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
    const page = await openPage({
      baseURL: server.baseURL,
      allowConsole: [/401 \(Unauthorized\)/],
    });
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    expect(await page.getByText('Enter passphrase to continue').isVisible()).toBe(true);
    // The field has focus on arrival, so a staff member can type at once.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')));

    await page.getByRole('button', { name: 'Enter' }).click();
    await page.getByRole('alert').filter({ hasText: 'Enter passphrase' }).waitFor();
    expect(await page.getByLabel('Passphrase').getAttribute('aria-invalid')).toBe('true');

    await signIn(page, 'not the passphrase');
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    await toast(page, 'Invalid credentials').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('waj_admin_token'))).toBeNull();

    // 'Verifying...' while the call is on its way, the button disabled.
    let release: () => void = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/admin-auth', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page);
    const busy = page.getByRole('button', { name: 'Verifying...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();

    await dashboard(page).waitFor();
    await toast(page, 'Access granted').waitFor();
    expect(await page.getByText('Manage EOI requests and contact messages').isVisible()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('waj_admin_token'))).toMatch(/\S{20,}/);
  });

  it('gate: a failed call says Authentication failed', async () => {
    const page = await openPage({
      baseURL: server.baseURL,
      allowConsole: [/Failed to load resource/],
    });
    await page.route('**/api/admin-auth', (route) => route.abort('connectionrefused'));
    await page.goto('/admin');
    await signIn(page);
    await page.getByRole('alert').filter({ hasText: 'Authentication failed' }).waitFor();
  });

  it('nine tabs in order, Applicants open; the open tab is kept in the address', async () => {
    const page = await openPage({ baseURL: server.baseURL });
    await page.goto('/admin');
    await signIn(page);
    await dashboard(page).waitFor();

    const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(ADMIN_TABS.map((tab) => tab.label));
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
    const page = await openPage({
      baseURL: server.baseURL,
      allowConsole: [/401 \(Unauthorized\)/],
    });
    await page.goto('/admin');
    await signIn(page);
    await dashboard(page).waitFor();
    const token = await page.evaluate(() => sessionStorage.getItem('waj_admin_token'));
    // Revoked elsewhere (same as expiry for the server: the token no longer opens anything).
    const revoked = await fetch(`${server.baseURL}/api/admin-signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-pass': token ?? '' },
      body: '{}',
    });
    expect(revoked.status).toBe(200);

    await page.getByRole('tab', { name: 'Invites' }).click();
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('waj_admin_token'))).toBeNull();
  });

  it('sign out revokes the token and forgets what the panel showed', async () => {
    const code = await (await signInStaff(server.baseURL)).generateCode();
    const page = await openPage({ baseURL: server.baseURL });
    await page.goto('/admin?tab=invites');
    await signIn(page);
    await page.getByText(code, { exact: true }).waitFor();
    const token = await page.evaluate(() => sessionStorage.getItem('waj_admin_token'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('waj_admin_token'))).toBeNull();
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
    await signIn(page);
    await dashboard(page).waitFor();
    expect(await page.getByText(code, { exact: true }).count()).toBe(0);
    release();
    await page.getByText(code, { exact: true }).waitFor();
  });

  it('the maintenance switch takes an open visitor page down and up again, live', async () => {
    const visitor = await openPage({ baseURL: server.baseURL });
    await visitor.goto('/cards');
    await visitor.getByRole('heading', { name: 'Choose your calibre.' }).waitFor();

    const staff = await openPage({ baseURL: server.baseURL });
    await staff.goto('/admin');
    await signIn(staff);
    await dashboard(staff).waitFor();
    const maintenanceSwitch = staff.getByRole('switch', { name: 'Maintenance Mode' });
    expect(await staff.getByText('Site is operational').isVisible()).toBe(true);
    expect(await maintenanceSwitch.getAttribute('aria-checked')).toBe('false');

    await maintenanceSwitch.click();
    await toast(staff, 'Maintenance mode enabled').waitFor();
    await staff.getByText('Site is in maintenance').waitFor();
    await visitor.getByRole('heading', { name: 'Under Maintenance' }).waitFor();
    // The panel itself stays up during maintenance, even after a reload.
    await staff.reload();
    await dashboard(staff).waitFor();

    await staff.getByRole('switch', { name: 'Maintenance Mode' }).click();
    await toast(staff, 'Maintenance mode disabled').waitFor();
    await visitor.getByRole('heading', { name: 'Choose your calibre.' }).waitFor();
  });

  it('a failed toggle says so and leaves the switch as it was', async () => {
    const staff = await openPage({
      baseURL: server.baseURL,
      allowConsole: [/admin-maintenance-toggle failed/, /500 \(Internal Server Error\)/],
    });
    await staff.goto('/admin');
    await signIn(staff);
    await dashboard(staff).waitFor();
    await staff.route('**/api/admin-maintenance-toggle', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: 'Something went wrong' }),
      }),
    );
    const maintenanceSwitch = staff.getByRole('switch', { name: 'Maintenance Mode' });
    await maintenanceSwitch.click();
    await toast(staff, 'Failed to toggle maintenance mode').waitFor();
    expect(await maintenanceSwitch.getAttribute('aria-checked')).toBe('false');
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
      expect(await seriousAxeViolations(page), 'gate').toEqual([]);
      await signIn(page);
      await dashboard(page).waitFor();
      // Judge the tabs, not the 'Access granted' toast fading out over them mid-scan.
      await poll(() => page.locator('[data-sonner-toast]').count()).toBe(0);
      for (const { value, label } of ADMIN_TABS) {
        await page.getByRole('tab', { name: label }).click();
        await poll(() => new URL(page.url()).searchParams.get('tab') ?? 'applicants').toBe(value);
        // Wait for the tab's data: no loading indicator left in the open panel.
        const panel = page.getByRole('tabpanel');
        await poll(() => panel.getByText('Loading...').count()).toBe(0);
        expect(await seriousAxeViolations(page), label).toEqual([]);
        expect(await pageOverflow(page), `${label} scrolls sideways`).toBeLessThanOrEqual(0);
      }
    });
  }
});
