import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './helpers/browser.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };

const NAV_LABELS = [
  'Home',
  'Cards',
  'Apply',
  'Eligibility',
  'Partners',
  'About',
  'Security',
  'Press',
  'Help',
  'Legal',
  'Contact',
];

/** Retrying assertions: the page renders and animates on its own schedule. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 5_000 });

/** Opens a path and waits until the app has rendered its page heading. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return response;
}

const pathname = (page: Page) => new URL(page.url()).pathname;
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

describe('home page', () => {
  it('renders the title, header brand and main landmark', async () => {
    const page = await openPage();
    const response = await visit(page, '/');
    expect(response?.status()).toBe(200);
    expect(await page.title()).toMatch(/^Waj \| .+|.+ \| Waj$/);
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Waj', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('main').count()).toBe(1);
  });

  it('offers a skip link as the first Tab stop, which moves focus to main', async () => {
    const page = await openPage();
    await visit(page, '/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await isFocused(skip)).toBe(true);
    expect(await skip.isVisible()).toBe(true);

    await page.keyboard.press('Enter');
    await poll(() => isFocused(page.getByRole('main'))).toBe(true);
    // The router owns the address: no #main fragment.
    expect(page.url()).toBe(`${baseURL}/`);
  });
});

for (const viewport of [PHONE, DESKTOP]) {
  describe(`navigation drawer at ${viewport.width} px`, () => {
    const menuButton = (page: Page) => page.getByRole('button', { name: 'Open menu' });
    const drawer = (page: Page) => page.getByRole('dialog', { name: 'Menu' });
    const navLink = (page: Page, name: string) =>
      drawer(page).getByRole('navigation').getByRole('link', { name, exact: true });

    async function openDrawer(page: Page) {
      await menuButton(page).click();
      await drawer(page).waitFor();
    }

    it('lists every page, marks the current one and navigates to the top of the next', async () => {
      const page = await openPage({ viewport });
      await visit(page, '/');
      // A spacer outside the app's root keeps both pages scrollable whatever their length,
      // so "back at the top" below is the app's doing, not a page too short to scroll.
      await page.evaluate(() => {
        const spacer = document.createElement('div');
        spacer.style.height = '200vh';
        document.body.append(spacer);
        window.scrollBy(0, document.documentElement.scrollHeight);
      });
      await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      await openDrawer(page);
      // It slides in from the right and ends flush with the right edge.
      await poll(async () => {
        const box = await drawer(page).boundingBox();
        return box && Math.round(box.x + box.width);
      }).toBe(viewport.width);
      expect((await drawer(page).boundingBox())?.x).toBeGreaterThan(0);

      const links = drawer(page).getByRole('navigation').getByRole('link');
      expect((await links.allInnerTexts()).map((text) => text.trim())).toEqual(NAV_LABELS);
      const applyLink = drawer(page).getByRole('link', { name: 'Apply for Membership' });
      expect(await applyLink.isVisible()).toBe(true);
      expect(await applyLink.getAttribute('href')).toBe('/apply');
      expect(await navLink(page, 'Home').getAttribute('aria-current')).toBe('page');
      expect(await drawer(page).locator('[aria-current="page"]').count()).toBe(1);

      await navLink(page, 'About').click();
      await poll(() => pathname(page)).toBe('/about');
      await drawer(page).waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: 'About' }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await poll(() => page.title()).toBe('About | Waj');

      await openDrawer(page);
      expect(await navLink(page, 'About').getAttribute('aria-current')).toBe('page');
      expect(await navLink(page, 'Home').getAttribute('aria-current')).toBeNull();
      expect(await drawer(page).locator('[aria-current="page"]').count()).toBe(1);
    });

    it('closes on Escape and gives focus back to the menu button', async () => {
      const page = await openPage({ viewport });
      await visit(page, '/');
      await openDrawer(page);
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'hidden' });
      await poll(() => isFocused(menuButton(page))).toBe(true);
    });

    it("closes with the 'Close menu' button", async () => {
      const page = await openPage({ viewport });
      await visit(page, '/');
      await openDrawer(page);
      await drawer(page).getByRole('button', { name: 'Close menu' }).click();
      await drawer(page).waitFor({ state: 'hidden' });
      expect(pathname(page)).toBe('/');
    });
  });
}

describe('header Apply button', () => {
  it('shows on desktop', async () => {
    const page = await openPage({ viewport: DESKTOP });
    await visit(page, '/');
    const apply = page.getByRole('banner').getByRole('link', { name: 'Apply', exact: true });
    expect(await apply.isVisible()).toBe(true);
    expect(await apply.getAttribute('href')).toBe('/apply');
  });

  it('is hidden on a phone (the drawer has it)', async () => {
    const page = await openPage({ viewport: PHONE });
    await visit(page, '/');
    // Hidden elements have no role, so find it by its test id to prove it is there but hidden.
    const apply = page.getByTestId('header-apply');
    expect(await apply.count()).toBe(1);
    expect(await apply.isVisible()).toBe(false);
  });
});

describe('theme', () => {
  const htmlClasses = (page: Page) => page.evaluate(() => [...document.documentElement.classList]);
  const toggle = (page: Page) => page.getByRole('button', { name: 'Dark mode' });

  it('is light by default even when the system prefers dark', async () => {
    const page = await openPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await visit(page, '/');
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
      true,
    );
    expect(await htmlClasses(page)).toContain('light');
    expect(await htmlClasses(page)).not.toContain('dark');
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('false');
  });

  it('switches to dark, remembers it and applies it before the app runs on reload', async () => {
    const page = await openPage();
    // readystatechange → 'interactive' fires once the HTML is parsed and before deferred and
    // module scripts (the app bundle) run: what it sees is what theme-init.js did alone.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const w = window as unknown as { __firstClass?: string };
        w.__firstClass = document.documentElement.className;
      });
    });
    await visit(page, '/');
    expect(await page.evaluate(() => localStorage.getItem('waj-theme'))).toBeNull();

    await toggle(page).click();
    await poll(() => htmlClasses(page)).toContain('dark');
    expect(await htmlClasses(page)).not.toContain('light');
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('waj-theme'))).toBe('dark');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const firstClass = await page.evaluate(
      () => (window as unknown as { __firstClass?: string }).__firstClass,
    );
    expect(firstClass?.split(' ')).toContain('dark');
    expect(await htmlClasses(page)).toContain('dark');
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('true');

    await toggle(page).click();
    await poll(() => htmlClasses(page)).not.toContain('dark');
    expect(await page.evaluate(() => localStorage.getItem('waj-theme'))).toBe('light');
  });
});

describe('unknown page', () => {
  it('answers 404 and shows a 404 page that is not indexed', async () => {
    const page = await openPage({
      // The browser reports the document's own 404 status; nothing else is expected.
      allowConsole: [
        /^\[error\] Failed to load resource: .+ status of 404 .+\/no-such-page:\d+\)$/,
      ],
    });
    const response = await visit(page, '/no-such-page');
    expect(response?.status()).toBe(404);
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).isVisible()).toBe(
      true,
    );
    await poll(() => page.title()).toBe('Page Not Found | Waj');
    const robots = page.locator('meta[name="robots"]');
    expect(await robots.count()).toBe(1);
    expect(await robots.getAttribute('content')).toBe('noindex');

    await page.getByRole('link', { name: 'Return Home' }).click();
    await poll(() => pathname(page)).toBe('/');
    await page.getByRole('heading', { level: 1, name: /beyond banking/ }).waitFor();
    // Leaving the 404 page takes its noindex with it.
    expect(await robots.count()).toBe(0);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Contact Support' }).click();
    await poll(() => pathname(page)).toBe('/contact');
  });
});

describe('moving between pages', () => {
  it('keeps the page on screen with the progress bar while the next one is on its way', async () => {
    const page = await openPage();
    await visit(page, '/');
    // Hold the Press page's code until the bar has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/press-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Press' }).click();
    const bar = page.getByTestId('navigation-progress');
    await poll(() => bar.getAttribute('data-loading')).toBe('true');
    expect(await page.getByRole('heading', { level: 1, name: /beyond banking/ }).isVisible()).toBe(
      true,
    );
    release();
    await page.getByRole('heading', { level: 1, name: /Press/ }).waitFor();
    expect(pathname(page)).toBe('/press');
    await poll(() => bar.getAttribute('data-loading')).toBeNull();
  });

  it('shows a page whose code cannot be downloaded as an error inside the layout', async () => {
    const page = await openPage({
      // The refused download, and React reporting the error the page's boundary caught.
      allowConsole: [
        /^\[error\] Failed to load resource: net::ERR_FAILED/,
        /^\[error\] TypeError: Failed to fetch dynamically imported module/,
      ],
    });
    await visit(page, '/');
    await page.route('**/assets/press-*.js', (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: 'Press' }).click();
    const error = page.getByTestId('route-error');
    await error.waitFor();
    expect(await error.getByRole('heading', { name: 'Something went wrong' }).isVisible()).toBe(
      true,
    );
    // Header and footer stay, so the visitor can go elsewhere; the next page clears the error.
    await page.getByRole('banner').getByRole('link', { name: 'Cards' }).click();
    await page.getByRole('heading', { level: 1, name: 'Choose your calibre.' }).waitFor();
    expect(await error.count()).toBe(0);
  });
});

describe('server', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await fetch(`${baseURL}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ ok: false, error: 'Not found' });
  });

  it('reports health', async () => {
    const res = await fetch(`${baseURL}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('sends a CSP allowing no inline script but the theme and start scripts, by their hashes, and the app runs under it', async () => {
    const page = await openPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        w.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const response = await visit(page, '/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src '));
    // Scripts from the site, and two inline scripts by their hashes: the theme script (decision
    // 048) and the app's start script (decision 059), which the page carries in its head. No
    // other inline script may run.
    const themeScript = await (await fetch(`${baseURL}/theme-init.js`)).text();
    const startScript = await (await fetch(`${baseURL}/app-start.js`)).text();
    const hash = (script: string) => createHash('sha256').update(script, 'utf8').digest('base64');
    expect(scriptSrc).toBe(
      `script-src 'self' 'sha256-${hash(themeScript)}' 'sha256-${hash(startScript)}'`,
    );
    const html = await (await fetch(`${baseURL}/`)).text();
    expect(html).toContain(`<script>${themeScript}</script>`);
    expect(html).not.toContain('<script src="/theme-init.js">');
    const start = /<script data-entry="[^"]+" data-preload="[^"]*">/.exec(html);
    expect(html).toContain(`${start?.[0]}${startScript}</script>`);

    // Exercise the parts that add scripts or styles at run time.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Dark mode' }).click();
    expect(
      await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      ),
    ).toEqual([]);
    // Any violation is also a console error, which fails the test on its own.
  });

  it('caches hashed assets for good and revalidates the page', async () => {
    const res = await fetch(`${baseURL}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const html = await res.text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();

    const assetRes = await fetch(`${baseURL}${asset}`);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get('cache-control')).toContain('immutable');
    expect(assetRes.headers.get('cache-control')).toContain('max-age=31536000');
  });
});
