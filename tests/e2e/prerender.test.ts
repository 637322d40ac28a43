import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './helpers/browser.ts';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './helpers/chromium.ts';
import { PUBLIC_ROUTES } from './helpers/public-routes.ts';
import { ownServer } from './helpers/own-server.ts';

const { openPage } = launchBrowser();

/** The text of an element of served HTML, tags dropped and spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

/** What #root holds in the HTML the server sends, before any script runs. */
async function servedRoot(path: string, origin = baseURL) {
  const response = await fetch(origin + path);
  const html = await response.text();
  const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  return { status: response.status, html, root, text: textOf(root) };
}

/**
 * Issue 16 items 1 and 2 (decision 047): public pages arrive drawn by the server, and the
 * browser takes that markup over (hydrates it) instead of drawing the page again.
 */
describe('public pages rendered by the server', () => {
  it('every public route is served with its h1 and its main text, the same the browser shows', async () => {
    // The 404 page is served with its status, which the browser reports.
    const page = await openPage({ allowConsole: [/status of 404/] });
    // Removing a node the server sent from #root would mean React threw the markup away.
    await page.addInitScript(() => {
      const w = window as unknown as { rootNodesRemoved: number };
      w.rootNodesRemoved = 0;
      // 'interactive': the HTML is parsed and the module scripts have not run yet.
      document.addEventListener('readystatechange', () => {
        const root = document.getElementById('root');
        if (document.readyState !== 'interactive' || !root) return;
        new MutationObserver((records) => {
          for (const record of records) w.rootNodesRemoved += record.removedNodes.length;
        }).observe(root, { childList: true });
      });
    });
    for (const path of PUBLIC_ROUTES) {
      const served = await servedRoot(path);
      expect(served.status, path).toBe(path === '/no-such-page' ? 404 : 200);
      const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(served.root)?.[1];
      expect(h1, `${path}: no h1 in the served HTML`).toBeTruthy();

      await page.goto(baseURL + path);
      const heading = page.getByRole('heading', { level: 1 }).first();
      await expect.poll(() => heading.textContent(), { message: path }).toBe(textOf(h1!).trim());
      // The main column's first paragraph of substance, as the browser shows it, is served.
      const paragraphs = await page.locator('main p').allTextContents();
      const mainText = paragraphs
        .map((text) => text.replace(/\s+/g, ' ').trim())
        .find((text) => text.length >= 40);
      expect(mainText, `${path}: no paragraph in main`).toBeTruthy();
      // Compared without spaces: an inline tag is a space in one reading and none in the other.
      const squeeze = (text: string) => text.replace(/\s+/g, '');
      expect(squeeze(served.text), path).toContain(squeeze(mainText!).slice(0, 60));
      // The scripts have run (the page is live): the markup was kept, not replaced.
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      expect(
        await page.evaluate(
          () => (window as unknown as { rootNodesRemoved: number }).rootNodesRemoved,
        ),
        `${path}: the browser replaced the server's markup`,
      ).toBe(0);
    }
  });

  it('the legal screens carry their document, staff-edited text included, in the served HTML', async () => {
    const privacy = await servedRoot('/legal/privacy');
    expect(privacy.root).toContain('data-testid="legal-content"');
    expect(privacy.text).toMatch(/personal data/i);
    const terms = await servedRoot('/legal/terms');
    expect(terms.text).toContain('Terms of Membership');
  });

  it('with JavaScript off, the home page and /cards are readable and their links work', async () => {
    const browser = await chromium.launch({
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    try {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${baseURL}/`);
      await page
        .getByRole('heading', { level: 1, name: 'Private membership that goes beyond banking' })
        .waitFor();
      await page
        .getByTestId('site-header')
        .getByRole('link', { name: 'Cards', exact: true })
        .click();
      await page.waitForURL(`${baseURL}/cards`);
      await page.getByRole('heading', { level: 1, name: 'Choose your calibre.' }).waitFor();
      expect(await page.getByText('Waj needs JavaScript enabled').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });

  it('before the app runs, the drawn forms cannot be sent by the browser with what was typed in the address', async () => {
    const browser = await chromium.launch({
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    try {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      for (const [path, field, button] of [
        ['/contact', 'Name', 'Send'],
        ['/apply', 'Full name', 'Submit Application'],
      ] as const) {
        await page.goto(`${baseURL}${path}`);
        const submit = page.getByRole('button', { name: button });
        expect(await submit.isDisabled(), path).toBe(true);
        await page.getByLabel(field, { exact: true }).fill('Ada Lovelace');
        await page.getByLabel(field, { exact: true }).press('Enter');
        // Nothing was sent: the address is the page's own, with no query.
        expect(page.url(), path).toBe(`${baseURL}${path}`);
      }
    } finally {
      await browser.close();
    }
  });
});

describe('site-wide changes served drawn (own server: it switches maintenance, edits a document)', () => {
  const own = ownServer();

  it("a page served while maintenance is on says 'Under Maintenance' before any script runs", async () => {
    await own.setMaintenance(true);
    try {
      // The settings cache keeps an answer for up to a second on the instance that did not
      // change it; this one did, and forgot it at once.
      const served = await servedRoot('/cards', own.baseURL);
      expect(served.status).toBe(503);
      expect(served.text).toContain('Under Maintenance');
      expect(served.text).not.toContain('Choose your calibre.');

      const browser = await chromium.launch({
        executablePath: TEST_CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
      });
      try {
        const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
        await page.goto(`${own.baseURL}/`);
        await page.getByRole('heading', { name: 'Under Maintenance' }).waitFor();
      } finally {
        await browser.close();
      }
    } finally {
      await own.setMaintenance(false);
    }
    const after = await servedRoot('/cards', own.baseURL);
    expect(after.status).toBe(200);
    expect(after.text).toContain('Choose your calibre.');
  });

  it('a staff edit to a legal document is in the next page served, drawn by the server', async () => {
    const before = await servedRoot('/legal/terms', own.baseURL);
    expect(before.text).toContain('Terms of Membership');
    const edited = await fetch(`${own.baseURL}/api/admin-legal-update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-pass': own.token },
      body: JSON.stringify({
        slug: 'terms',
        title: 'Membership terms, revised',
        html: '<h2>1. What changed</h2><p>The revised wording a member must read.</p>',
      }),
    });
    expect(edited.status).toBe(200);
    const after = await servedRoot('/legal/terms', own.baseURL);
    expect(after.text).toContain('Membership terms, revised');
    expect(after.text).toContain('The revised wording a member must read.');
    expect(/<h1\b[^>]*>([^<]*)<\/h1>/.exec(after.root)?.[1]).toBe('Membership terms, revised');
  });
});
