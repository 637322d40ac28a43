import type { Page } from 'playwright-core';
import { SPA_PATHS } from '#shared/routes.ts';

/**
 * Every screen of SPEC's route table outside /apply, /account and /admin (taken from the table,
 * so a new public page is checked without touching this file), plus the 404 page. Scanned by
 * tests/e2e/a11y-public.test.ts and by `npm run a11y`.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  ...SPA_PATHS.filter(
    (path) => !path.startsWith('/apply') && path !== '/account' && !path.startsWith('/admin'),
  ),
  '/no-such-page',
];

/**
 * Waits until a public page has rendered and its data-driven sections have settled: the
 * skeletons (`data-skeleton`) and busy regions (`aria-busy`) that stand in for legal text, the
 * press boilerplate and invite mode are gone, every image the page asked for has loaded (lazy
 * ones below the fold are never asked for), and no finite animation is still running.
 */
export async function settlePublicPage(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () =>
      document.querySelector('[data-skeleton], [aria-busy="true"]') === null &&
      Array.from(document.images).every((image) => image.complete || image.loading === 'lazy'),
  );
  await animationsSettled(page);
}

/**
 * Every running finite animation (fades, slides) has finished. Spinners and loops are not
 * waited for, nor scroll-driven animations.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            // Scroll-driven ones (the sections that rise into view) run on a scroll timeline
            // and end only when scrolled to.
            animation.timeline === document.timeline &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The served page as a server without the page renderer sends it (decision 047). */
export function asShell(html: string): string {
  return html
    .replace(/<script type="application\/json" id="waj-page-data">[\s\S]*?<\/script>/, '')
    .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
}

/**
 * Serves `pathname` as the empty shell the browser draws by itself, so a test can feed the
 * page's own API calls (failures, odd answers) as it did before pages were rendered by the
 * server; the server-rendered page is tested in tests/e2e/prerender.test.ts.
 */
export async function serveAsShell(page: Page, pathname: string): Promise<void> {
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: asShell(await response.text()) });
    },
  );
}
