import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './helpers/browser.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** The hero's headline, its lead paragraph and the first section heading below it. */
const MEASURED = ['main h1', 'main h1 + p', 'main h2'];

const boxes = (page: Page) =>
  page.evaluate(
    (selectors) =>
      selectors.map((selector) => {
        const element = document.querySelector(selector)!;
        const box = element.getBoundingClientRect();
        // The width of the text itself: any change of face shows in it, however well matched.
        const range = document.createRange();
        range.selectNodeContents(element);
        const text = range.getBoundingClientRect().width;
        return { selector, top: box.top, height: box.height, text };
      }),
    MEASURED,
  );

const loadedFaces = (page: Page) =>
  page.evaluate(() =>
    [...document.fonts]
      .filter((face) => face.status === 'loaded')
      .map((face) => `${face.family} ${face.style}`)
      .sort(),
  );

describe('brand fonts (decisions 044, 050, 060)', () => {
  it('the served page preloads the cores of the two faces above the fold, from this site', async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const preloads = [...html.matchAll(/<link\s+rel="preload"\s+href="([^"]+)"\s+as="font"/g)].map(
      (match) => match[1]!,
    );
    expect(preloads).toHaveLength(2);
    expect(preloads.some((href) => /\/assets\/playfair-display-core-wght-normal-/.test(href))).toBe(
      true,
    );
    expect(preloads.some((href) => /\/assets\/inter-core-wght-normal-/.test(href))).toBe(true);
    for (const href of preloads) {
      const response = await fetch(`${baseURL}${href}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('font/woff2');
    }
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px the headline shows at once, does not move when the faces arrive late, and the next load uses them`, async () => {
      const page = await openPage({ viewport });
      // Hold every font file until the page has painted in its fallback faces.
      const held: Route[] = [];
      const requested: string[] = [];
      await page.route('**/*.woff2', (route) => {
        requested.push(new URL(route.request().url()).pathname);
        held.push(route);
      });
      // The load event waits for the preloaded fonts, so only the document is waited for.
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await loadedFaces(page)).toEqual([
        'Inter Fallback normal',
        'Playfair Display Fallback normal',
      ]);
      const before = await boxes(page);

      await Promise.all(held.map((route) => route.continue()));
      await page.evaluate(() => document.fonts.ready);
      // Late faces are not swapped in (decision 050): the page keeps drawing in its fallbacks.
      await expect.poll(() => requested.length).toBe(2);
      const after = await boxes(page);

      for (const [index, box] of after.entries()) {
        const was = before[index]!;
        expect(Math.abs(box.top - was.top), `${box.selector} top`).toBeLessThanOrEqual(1);
        expect(Math.abs(box.height - was.height), `${box.selector} height`).toBeLessThanOrEqual(1);
        // Drawn in the same face as before: a late face is not swapped in (decision 050).
        expect(box.text, `${box.selector} text width`).toBe(was.text);
      }
      // Only the two preloaded cores are fetched for the home page: never the italics, nor the
      // full faces (no character of the page is outside the cores).
      expect(requested.sort()).toEqual([
        expect.stringMatching(/^\/assets\/inter-core-wght-normal-[\w-]+\.woff2$/),
        expect.stringMatching(/^\/assets\/playfair-display-core-wght-normal-[\w-]+\.woff2$/),
      ]);

      // They were cached on the way: the next load of the page draws in the web faces.
      await page.unroute('**/*.woff2');
      await page.reload();
      await page.evaluate(() => document.fonts.ready);
      expect(await loadedFaces(page)).toEqual(
        expect.arrayContaining(['Inter normal', 'Playfair Display normal']),
      );
    });
  }
});
