import type { Page } from 'playwright-core';
import { STAFF_TOKEN_KEY } from '#client/lib/staff-token.ts';
import type { StaffRole } from '#shared/staff.ts';
import { expect } from 'vitest';
import { applyThemeInPlace, axeViolations } from './axe.ts';
import { baseURL, type PageOptions } from './browser.ts';
import { animationsSettled } from './public-routes.ts';
import { staffSignIn } from './server.ts';

export interface AdminPageOptions extends PageOptions {
  /** The tab to open after signing in, by its visible label (default: Applicants, as SPEC). */
  tab?: string;
  /** Whose seeded session (helpers/server.ts): default the owner, who sees every tab. */
  role?: StaffRole;
}

/**
 * Opens /admin in a fresh page already signed in as the seeded member of `role`, then opens
 * `tab`. The session was seeded with the server (helpers/server.ts) and its token is placed
 * where the panel keeps it (the tab's session storage), once: a sign-out or an expiry in the
 * test is not undone by a reload. Only the gate's own tests (admin-shell, admin-staff) type a
 * passphrase and a code. `baseURL` names the server to sign in to when it is not the shared
 * one (and must match the page's).
 */
export async function openAdmin(
  openPage: (options?: PageOptions) => Promise<Page>,
  { tab, role, ...options }: AdminPageOptions = {},
): Promise<Page> {
  const page = await openPage(options);
  const token = await staffSignIn(options.baseURL ?? baseURL, role);
  await page.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      sessionStorage.setItem(key!, value!);
    },
    [STAFF_TOKEN_KEY, token],
  );
  await page.goto('/admin');
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
  // The switches and tabs follow the member's role, known once `admin-me` answers: wait for
  // them, so a test never reads the panel before it is drawn.
  await page.getByRole('tablist', { name: 'Admin sections' }).waitFor();
  if (tab) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.getByRole('tabpanel', { name: tab, exact: true }).waitFor();
  }
  return page;
}

/** The page scrolls sideways (something is wider than the screen), in CSS pixels. */
export const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * axe's serious and critical violations, measured once every finite animation (dialog and
 * toast fade-ins) has ended, so colour contrast is judged on what stays on screen. Spinners
 * and other endless animations are not waited for. `colourOnly`: the second theme of a screen
 * already checked in full (see axeViolations).
 */
export async function seriousAxeViolations(page: Page, options: { colourOnly?: boolean } = {}) {
  // Toasts leave on a timer, and one that starts fading mid-scan reads as low contrast: give
  // any toast on screen time to go first (a settled toast passes; it is checked elsewhere).
  await page
    .waitForFunction(() => document.querySelector('[data-sonner-toast]') === null, null, {
      timeout: 6_000,
    })
    .catch(() => undefined);
  await animationsSettled(page);
  const violations = await axeViolations(page, options);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** seriousAxeViolations as readable lines ('id: help at [targets]'), for a test's message. */
export async function seriousFindings(page: Page, colourOnly = false): Promise<string[]> {
  return (await seriousAxeViolations(page, { colourOnly })).map(
    (v) => `${v.id}: ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`,
  );
}

/**
 * A staff screen checked in full in light, its colours again in dark (asked for a few seconds,
 * so a toast or a repaint in the new theme cannot decide it), and nothing wider than the screen.
 */
export async function checkStaffScreen(page: Page, screen: string) {
  await animationsSettled(page);
  await applyThemeInPlace(page, 'light');
  expect(await seriousFindings(page), `${screen}, light`).toEqual([]);
  await applyThemeInPlace(page, 'dark');
  await expect
    .poll(() => seriousFindings(page, true), { message: `${screen}, dark`, timeout: 15_000 })
    .toEqual([]);
  await applyThemeInPlace(page, 'light');
  expect(await pageOverflow(page), `${screen} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * Step one of the gate: types the member's e-mail and passphrase and presses Enter, as a
 * member would. The code step (or the authenticator set-up) comes next.
 */
export async function typeCredentials(
  page: Page,
  member: { email: string; passphrase: string },
): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(member.email);
  const passphrase = page.getByLabel('Passphrase', { exact: true });
  await passphrase.fill(member.passphrase);
  await passphrase.press('Enter');
}
