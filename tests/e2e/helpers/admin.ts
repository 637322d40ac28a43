import type { Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import type { PageOptions } from './browser.ts';
import { E2E_PASSPHRASE } from './server.ts';

export interface AdminPageOptions extends PageOptions {
  /** The tab to open after signing in, by its visible label (default: Applicants, as SPEC). */
  tab?: string;
}

/**
 * Opens /admin in a fresh page and signs in through the passphrase gate as staff do, then
 * opens `tab`. Tests about the gate itself drive it by hand; everyone else starts here.
 */
export async function openAdmin(
  openPage: (options?: PageOptions) => Promise<Page>,
  { tab, ...options }: AdminPageOptions = {},
): Promise<Page> {
  const page = await openPage(options);
  await page.goto('/admin');
  await page.getByLabel('Passphrase').fill(E2E_PASSPHRASE);
  await page.getByRole('button', { name: 'Enter' }).click();
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
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
 * and other endless animations are not waited for.
 */
export async function seriousAxeViolations(page: Page) {
  // Toasts leave on a timer, and one that starts fading mid-scan reads as low contrast: give
  // any toast on screen time to go first (a settled toast passes; it is checked elsewhere).
  await page
    .waitForFunction(() => document.querySelector('[data-sonner-toast]') === null, null, {
      timeout: 6_000,
    })
    .catch(() => undefined);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await axeViolations(page);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
