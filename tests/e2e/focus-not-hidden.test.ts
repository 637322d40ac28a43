import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.ts';
import { PUBLIC_ROUTES, settlePublicPage } from './helpers/public-routes.ts';

const { openPage } = launchBrowser();

const VIEWPORTS = [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
] as const;

/** More Tab stops than any public page has: a page that never reaches the sheet fails. */
const MAX_STOPS = 250;

type Stop = { inSheet: boolean; hidden: boolean; label: string };

/**
 * Where focus is now: inside the cookie sheet, or on the page and then whether any of it shows
 * in the viewport outside the sheet's panel (WCAG 2.2 SC 2.4.11: not entirely hidden by it).
 */
const focusStop = (page: Page) =>
  page.evaluate((): Stop => {
    const element = document.activeElement;
    const sheet = document.querySelector('[data-testid="consent-sheet"]');
    const panel = sheet?.firstElementChild;
    if (!element || element === document.body || !sheet || !panel) {
      return { inSheet: false, hidden: true, label: `focus on ${element?.nodeName ?? 'nothing'}` };
    }
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
    const label = `${element.nodeName.toLowerCase()} '${text.slice(0, 40)}'`;
    if (sheet.contains(element)) return { inSheet: true, hidden: false, label };
    const box = element.getBoundingClientRect();
    // The part of the element inside the viewport.
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, window.innerWidth);
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    if (right - left < 1 || bottom - top < 1) return { inSheet: false, hidden: true, label };
    const cover = panel.getBoundingClientRect();
    const covered =
      left >= cover.left && right <= cover.right && top >= cover.top && bottom <= cover.bottom;
    return { inSheet: false, hidden: covered, label };
  });

/** Shows a route in the same document (the sheet stays open), as a link in the page would. */
async function showRoute(page: Page, path: string) {
  await page.evaluate((to) => {
    document.querySelector('main h1')?.setAttribute('data-left', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(
    (to) => window.location.pathname === to && document.querySelector('main h1:not([data-left])'),
    path,
  );
  await settlePublicPage(page);
}

/** The routes in groups, one page load each: a test stays well inside its time on a busy machine. */
const GROUP_SIZE = 6;
const GROUPS = Array.from({ length: Math.ceil(PUBLIC_ROUTES.length / GROUP_SIZE) }, (_, index) =>
  PUBLIC_ROUTES.slice(index * GROUP_SIZE, (index + 1) * GROUP_SIZE),
);

describe('focus is never hidden behind the cookie sheet', () => {
  for (const viewport of VIEWPORTS) {
    it.each(GROUPS)(
      `keeps every Tab stop in sight at ${viewport.width} px: %s …`,
      async (...routes) => {
        // The 404 page is served with status 404, which Chromium reports on the console.
        const page = await openPage({ consent: null, viewport, allowConsole: [/status of 404/] });
        await page.goto(routes[0]!);
        await settlePublicPage(page);
        await page.getByRole('complementary', { name: 'Your cookie preferences' }).waitFor();

        const hidden: string[] = [];
        for (const [index, path] of routes.entries()) {
          if (index > 0) await showRoute(page, path);
          // From the top, as a visitor arriving on the page: the skip link is the first stop.
          await page.getByTestId('skip-link').focus();
          let stops = 0;
          for (; stops < MAX_STOPS; stops += 1) {
            const stop = await focusStop(page);
            if (stop.inSheet) break;
            if (stop.hidden) hidden.push(`${path}: ${stop.label}`);
            await page.keyboard.press('Tab');
          }
          expect(stops, `${path}: Tab never reached the cookie sheet`).toBeLessThan(MAX_STOPS);
          expect(stops, `${path}: too few Tab stops to be a page`).toBeGreaterThan(5);
        }
        expect(hidden).toEqual([]);
      },
    );
  }
});
