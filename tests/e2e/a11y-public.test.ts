import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe.ts';
import { launchBrowser } from './helpers/browser.ts';
import { animationsSettled, PUBLIC_ROUTES, settlePublicPage } from './helpers/public-routes.ts';

const { openPage } = launchBrowser();

const VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** Opens a route in a theme and waits for the page and its data to settle. */
async function openRoute(path: string, viewport: { width: number; height: number }, theme: string) {
  // The 404 page is served with status 404, which Chromium reports on the console.
  const allowConsole = path === '/no-such-page' ? [/status of 404/] : [];
  const page = await openPage({ viewport, allowConsole });
  await page.addInitScript((value: string) => localStorage.setItem('waj-theme', value), theme);
  await page.goto(path);
  await settlePublicPage(page);
  return page;
}

/** Cumulative layout shift since navigation (shifts right after input excluded, as CLS does). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((done) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => done(total), 300);
      }),
  );

/** Switches the open page's theme with the header's own toggle, as a visitor would. */
async function switchTheme(page: Page, theme: (typeof THEMES)[number]) {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  if (dark !== (theme === 'dark')) await page.getByTestId('theme-toggle').first().click();
  await page.waitForFunction(
    (wanted) => document.documentElement.classList.contains(wanted),
    theme,
  );
  await animationsSettled(page);
}

describe.each(PUBLIC_ROUTES)('%s', (path) => {
  it('has no axe violations in light and dark at 375 and 1280 px, no sideways scroll, no layout shift', async () => {
    const problems: string[] = [];
    for (const viewport of VIEWPORTS) {
      // One load per width: the layout shift is measured on it, then the theme is switched in
      // place (a reload per theme would only repeat what the light load measured).
      const page = await openRoute(path, viewport, THEMES[0]);
      for (const theme of THEMES) {
        await switchTheme(page, theme);
        const label = `${viewport.width}px ${theme}`;
        // The first theme gets every rule; the second only the colour rules (see COLOUR_RULES).
        for (const v of await axeViolations(page, { colourOnly: theme !== THEMES[0] })) {
          problems.push(
            `${label}: ${v.id} (${v.impact}) ${v.help} at ${JSON.stringify(v.nodes.slice(0, 3))}`,
          );
        }
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) problems.push(`${label}: scrolls sideways by ${overflow}px`);
        if (theme === THEMES[0]) {
          const shift = await layoutShift(page);
          if (shift > 0.01) problems.push(`${label}: layout shift ${shift.toFixed(3)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('can be worked by keyboard with a visible focus indicator on every stop', async () => {
    const page = await openRoute(path, VIEWPORTS[1], 'light');
    const invisible: string[] = [];
    let stops = 0;
    for (let i = 0; i < 60; i += 1) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const ring =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
          (style.boxShadow !== 'none' && style.boxShadow !== '');
        const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
        return { ring, name, inFooter: !!el.closest('footer') };
      });
      if (!stop) continue;
      stops += 1;
      if (!stop.ring) invisible.push(stop.name);
      // The footer's last stop: the whole page has been walked.
      if (stop.inFooter && stop.name.startsWith('a "Admin access"')) break;
    }
    expect(stops).toBeGreaterThan(3);
    expect(invisible).toEqual([]);
  });
});

describe('navigation drawer', () => {
  it('keeps focus inside while open and returns it to the menu button', async () => {
    const page = await openPage({ viewport: VIEWPORTS[0] });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
