import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MESSAGE } from '#shared/staff.ts';
import { openAdmin } from './helpers/admin.ts';
import { launchBrowser, type PageOptions } from './helpers/browser.ts';
import { startBuiltServer, staffSignIn, type RunningServer } from './helpers/server.ts';

const browser = launchBrowser();

// This file edits the stored documents, so it runs on a server of its own: files running in
// parallel on the shared server never see an edit.
let server: RunningServer;
let baseURL: string;
beforeAll(async () => {
  server = await startBuiltServer();
  baseURL = server.baseURL;
});
afterAll(async () => {
  await server.stop();
});

const openPage = (options: PageOptions = {}) => browser.openPage({ baseURL, ...options });

const PHONE = { width: 375, height: 667 };
const TOKEN_KEY = 'waj_admin_token';

type StoredDocument = { slug: string; title: string; html: string; updated_at: string };

const poll = <T>(read: () => T | Promise<T>, timeout = 5_000) => expect.poll(read, { timeout });

const pathname = (page: Page) => new URL(page.url()).pathname;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const content = (page: Page) => page.getByTestId('legal-content');
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A seeded owner's session: legal copy is the owner's (CONTRACT §5). */
const staffToken = () => staffSignIn(baseURL);

async function storedDocuments(): Promise<StoredDocument[]> {
  const response = await fetch(`${baseURL}/api/legal-documents`);
  return ((await response.json()) as { data: StoredDocument[] }).data;
}

/** Puts the bundled documents back, so no other test ever sees this file's edits. */
async function restoreBundledDocuments(): Promise<void> {
  const response = await fetch(`${baseURL}/api/one-time-legal-update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-pass': await staffToken() },
    body: '{}',
  });
  expect(response.status).toBe(200);
}

async function openWithToken(path: string, token: string, options?: PageOptions) {
  const page = await openPage(options);
  await page
    .context()
    .addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
      TOKEN_KEY,
      token,
    ] as const);
  await page.goto(path);
  return page;
}

const enGB = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

describe('legal documents', () => {
  it('opens the document named by the path', async () => {
    const page = await openPage();
    await page.goto('/legal/terms');
    await poll(() => h1(page).textContent()).toBe('Terms of Membership');
    expect(await tab(page, 'Terms').getAttribute('aria-selected')).toBe('true');
    expect(await tab(page, 'Privacy').getAttribute('aria-selected')).toBe('false');
    expect(await content(page).textContent()).toContain('About these terms');
    await poll(() => page.title()).toBe('Terms of Membership | Waj');
  });

  it('opens the document named by ?doc=, and the privacy policy by default', async () => {
    const page = await openPage();
    await page.goto('/legal?doc=cookies');
    await poll(() => h1(page).textContent()).toBe('Cookie Policy');
    expect(await tab(page, 'Cookies').getAttribute('aria-selected')).toBe('true');

    await page.goto('/legal');
    await poll(() => h1(page).textContent()).toBe('Privacy Policy');
    expect(await tab(page, 'Privacy').getAttribute('aria-selected')).toBe('true');
  });

  it('switches documents with the arrow keys and keeps the address shareable', async () => {
    const page = await openPage();
    await page.goto('/legal?doc=privacy');
    await poll(() => h1(page).textContent()).toBe('Privacy Policy');
    const historyLength = await page.evaluate(() => window.history.length);

    await tab(page, 'Privacy').focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => pathname(page)).toBe('/legal/terms');
    await poll(() => h1(page).textContent()).toBe('Terms of Membership');
    expect(await tab(page, 'Terms').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).searchParams.get('doc')).toBeNull();

    await page.keyboard.press('ArrowRight');
    await poll(() => pathname(page)).toBe('/legal/cookies');
    await poll(() => h1(page).textContent()).toBe('Cookie Policy');

    // Wraps around, and replaces the entry rather than stacking history.
    await page.keyboard.press('ArrowRight');
    await poll(() => pathname(page)).toBe('/legal/privacy');
    expect(await page.evaluate(() => window.history.length)).toBe(historyLength);

    // The shared address opens the same document.
    await page.reload();
    await poll(() => h1(page).textContent()).toBe('Privacy Policy');
  });

  it("dates each document in en-GB day month year from the server's time", async () => {
    const [stored] = (await storedDocuments()).filter((doc) => doc.slug === 'terms');
    const page = await openPage();
    await page.goto('/legal/terms');
    const updated = page.getByTestId('legal-updated');
    await poll(() => updated.textContent()).toBe(`Last updated ${enGB(stored!.updated_at)}`);
    expect(await updated.textContent()).toMatch(
      /^Last updated \d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
    );
    expect(await updated.locator('time').getAttribute('datetime')).toBe(stored!.updated_at);
  });

  it('follows links between documents inside the page, without reloading', async () => {
    const page = await openPage();
    await page.goto('/legal/privacy');
    await poll(() => h1(page).textContent()).toBe('Privacy Policy');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await content(page).getByRole('link', { name: 'Cookie Policy' }).first().click();
    await poll(() => pathname(page)).toBe('/legal/cookies');
    await poll(() => h1(page).textContent()).toBe('Cookie Policy');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  it('keeps wide tables inside their own scrolling frame on a phone', async () => {
    const page = await openPage({ viewport: PHONE });
    await page.goto('/legal/cookies');
    await poll(() => h1(page).textContent()).toBe('Cookie Policy');
    const frame = page.getByRole('region', { name: /^Table: 3\. Essential cookies/ });
    await frame.waitFor();
    expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth && el.tabIndex === 0)).toBe(
      true,
    );
    const hint = page.getByText('Scroll sideways to see the whole table').first();
    expect(await hint.isVisible()).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });

  it('shows the failure with a retry that recovers', async () => {
    const page = await openPage({
      allowConsole: [/Failed to load resource: the server responded with a status of 503/],
    });
    let failing = true;
    let failures = 0;
    await page.route('**/api/legal-documents', (route) => {
      if (!failing) return route.continue();
      failures += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"ok":false}' });
    });
    // The page's own clock, so the back-off between tries (1, 2 and 4 s) is not waited for.
    await page.clock.install();
    // Served directly, the page carries its documents (decision 047); reached from another
    // page, it asks for them.
    await page.goto('/help');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.evaluate(() => {
      window.history.pushState(null, '', '/legal/terms');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    // The h1 is there at once; the body waits for the documents (retried with back-off).
    await poll(() => h1(page).textContent()).toBe('Terms of Membership');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load legal documents' });
    // Each failed try is answered before the clock moves on to the next: a first try and three
    // retries, then the failure is shown.
    for (let tries = 1; tries <= 4; tries += 1) {
      await poll(() => failures).toBe(tries);
      if (tries === 4) break;
      expect(await alert.count()).toBe(0);
      await page.clock.runFor(1000 * 2 ** (tries - 1));
    }
    await alert.waitFor();

    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await content(page).waitFor();
    expect(await content(page).textContent()).toContain('About these terms');
    expect(await alert.count()).toBe(0);
  });
});

describe('legal edit mode', () => {
  afterEach(restoreBundledDocuments);

  it('is offered on 127.0.0.1, and asks for staff sign-in without a token', async () => {
    const page = await openPage();
    await page.goto('/legal/terms');
    await poll(() => h1(page).textContent()).toBe('Terms of Membership');
    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    await edit.click();
    const message = page.getByTestId('not-authenticated');
    await message.waitFor();
    expect(await message.textContent()).toContain('Not authenticated');
    expect(await message.textContent()).toContain('Please log in to the admin panel first');
    expect(await message.getByRole('link').getAttribute('href')).toBe('/admin');
    expect(await page.getByRole('textbox').count()).toBe(0);
  });

  it('saves through the server, which strips scripts and handlers before they render', async () => {
    const page = await openWithToken('/legal/cookies', await staffToken());
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await poll(() => h1(page).textContent()).toBe('Cookie Policy');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();

    const title = page.getByRole('textbox', { name: 'Title' });
    const html = page.getByRole('textbox', { name: 'Document HTML' });
    await title.waitFor();
    expect(await title.inputValue()).toBe('Cookie Policy');
    expect(await html.inputValue()).toContain('<h2>1. About this policy</h2>');

    await title.fill('Cookie Policy (revised)');
    await html.fill(
      '<h2>Revised section</h2><p>Plain revised text.</p>' +
        '<script>window.pwned = "script"; alert("script")</script>' +
        '<p onclick="alert(\'click\')">Paragraph with a handler.</p>' +
        '<img src="/nothing.png" onerror="window.pwned = \'onerror\'; alert(\'onerror\')">' +
        '<a href="javascript:alert(\'link\')">A dangerous link</a>',
    );

    // Slow the answer a little to see the busy state.
    await page.route('**/api/admin-legal-update', async (route) => {
      await new Promise((done) => setTimeout(done, 400));
      await route.continue();
    });
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();
    const saving = page.getByRole('button', { name: 'Saving...' });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);

    await toast(page, 'Legal document updated successfully').waitFor();
    await poll(() => h1(page).textContent()).toBe('Cookie Policy (revised)');
    await content(page).waitFor();
    const text = (await content(page).textContent()) ?? '';
    expect(text).toContain('Plain revised text.');
    expect(text).toContain('Paragraph with a handler.');
    expect(text).not.toContain('pwned');
    expect(text).not.toContain('alert(');
    expect(
      await page.evaluate(() => ({
        scripts: document.querySelectorAll('[data-testid="legal-content"] script').length,
        handlers: document.querySelectorAll('[onerror], [onclick]').length,
        jsLinks: document.querySelectorAll('a[href^="javascript"]').length,
        pwned: (window as { pwned?: string }).pwned ?? null,
      })),
    ).toEqual({ scripts: 0, handlers: 0, jsLinks: 0, pwned: null });
    await content(page).getByText('Paragraph with a handler.').click();
    expect(dialogs).toEqual([]);

    // The stored copy is the sanitised one, and a fresh visitor sees it.
    const [stored] = (await storedDocuments()).filter((doc) => doc.slug === 'cookies');
    expect(stored!.title).toBe('Cookie Policy (revised)');
    expect(stored!.html).not.toMatch(/script|onerror|onclick|javascript:/i);
  });

  it('cancels without saving', async () => {
    const page = await openWithToken('/legal/terms', await staffToken());
    await poll(() => h1(page).textContent()).toBe('Terms of Membership');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Never saved');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await content(page).waitFor();
    expect(await h1(page).textContent()).toBe('Terms of Membership');
    expect((await storedDocuments()).map((doc) => doc.title)).not.toContain('Never saved');
  });

  it("counts a save as the member's activity, so the panel's idle count starts again from it", async () => {
    // The page's clock is Playwright's (kept across navigations); the server's is real.
    const page = await openAdmin(
      async (options) => {
        const fresh = await openPage(options);
        await fresh.clock.install();
        return fresh;
      },
      { baseURL },
    );
    // 20 minutes on the panel without a call, then off to edit the cookie policy.
    await page.clock.fastForward('20:00');
    await page.goto('/legal/cookies');
    await poll(() => h1(page).textContent()).toBe('Cookie Policy');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Cookie Policy (edited)');
    const savedAt = await page.evaluate(() => Date.now());
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Legal document updated successfully').waitFor();
    const recorded = await page.evaluate(() => Number(sessionStorage.getItem('waj_admin_active')));
    expect(recorded).toBeGreaterThanOrEqual(savedAt);

    // 20 more minutes: 40 since the panel's last call, 20 since the save. Still signed in.
    await page.clock.fastForward('20:00');
    await page.goto('/admin');
    await page.getByRole('tablist', { name: 'Admin sections' }).waitFor();
    const warning = page.getByRole('alertdialog', { name: 'Your session will end in 1 minute' });
    expect(await warning.count()).toBe(0);
    expect(await page.getByText(SESSION_IDLE_MESSAGE).count()).toBe(0);
  });

  it('drops a refused token and asks for sign-in again', async () => {
    const page = await openWithToken('/legal/terms', 'expired-or-revoked-token', {
      allowConsole: [/Failed to load resource: the server responded with a status of 401/],
    });
    await poll(() => h1(page).textContent()).toBe('Terms of Membership');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Failed to update document').waitFor();
    await page.getByTestId('not-authenticated').waitFor();
    expect(await page.evaluate((key) => window.sessionStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });
});

describe('/update-legal', () => {
  afterEach(restoreBundledDocuments);

  it('asks for staff sign-in without a token and is not indexed', async () => {
    const page = await openPage();
    await page.goto('/update-legal');
    await poll(() => h1(page).textContent()).toBe('Update legal documents');
    const message = page.getByTestId('not-authenticated');
    await message.waitFor();
    expect(await message.textContent()).toContain('Not authenticated');
    expect(await message.textContent()).toContain('Please log in to the admin panel first');
    expect(await page.getByRole('button', { name: 'Apply Updates Now' }).count()).toBe(0);
    await poll(() => page.locator('meta[name="robots"]').getAttribute('content')).toContain(
      'noindex',
    );
  });

  it('restores the bundled documents after confirmation', async () => {
    const token = await staffToken();
    const edited = await fetch(`${baseURL}/api/admin-legal-update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ slug: 'terms', title: 'Edited terms', html: '<p>Edited.</p>' }),
    });
    expect(edited.status).toBe(200);

    const page = await openWithToken('/update-legal', token);
    const apply = page.getByRole('button', { name: 'Apply Updates Now' });
    await apply.click();

    // Nothing happens until the overwrite is confirmed.
    const dialog = page.getByRole('dialog', { name: 'Replace the legal documents?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await storedDocuments()).find((doc) => doc.slug === 'terms')?.title).toBe(
      'Edited terms',
    );

    await apply.click();
    await dialog.getByRole('button', { name: 'Replace documents' }).click();
    const success = page.getByRole('status').filter({ hasText: 'Legal documents updated' });
    await success.waitFor();
    expect(await success.textContent()).toContain(
      'Privacy Policy, Terms of Membership and Cookie Policy now match this release',
    );

    const terms = (await storedDocuments()).find((doc) => doc.slug === 'terms');
    expect(terms?.title).toBe('Terms of Membership');
    expect(terms?.html).toContain('<h2>1. About these terms</h2>');

    await success.getByRole('link', { name: 'View the legal documents' }).click();
    await page.getByRole('tab', { name: 'Terms' }).click();
    await poll(() => h1(page).textContent()).toBe('Terms of Membership');
  });
});
