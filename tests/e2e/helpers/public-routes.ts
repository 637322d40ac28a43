import type { Page } from 'playwright-core';
import { SPA_PATHS } from '../../../src/shared/routes.ts';

/**
 * Every screen of SPEC's route table outside /apply, /account and /admin (taken from the table,
 * so a new public page is checked without touching this file), plus the 404 page. Scanned by
 * tests/e2e/a11y-public.test.ts and by `npm run a11y`.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  ...SPA_PATHS.filter(
    (path) => !path.startsWith('/apply') && path !== '/account' && path !== '/admin',
  ),
  '/no-such-page',
];

/** Waits until a public page has rendered and its data-driven sections have settled. */
export async function settlePublicPage(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Let data-driven sections (legal text, boilerplate, invite mode) replace their skeletons.
  await page.waitForLoadState('load');
  await page.waitForTimeout(400);
}
