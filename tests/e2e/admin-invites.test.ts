import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InviteListResponse } from '#shared/schemas/admin.ts';
import { openAdmin, pageOverflow, seriousAxeViolations } from './helpers/admin.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, staffSignIn, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 8_000 });

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

const CODE = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;
const COUNT_MESSAGE = 'Count must be between 1 and 100';

const failWith500 = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ ok: false, error: 'Something went wrong' }),
  });

/** The code column of the rows on screen, top to bottom. */
const shownCodes = (page: Page) =>
  page
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('td .font-mono')?.textContent));

/** Codes and invite mode are site-wide: their own server. */
describe('Invites tab (own server)', () => {
  let server: RunningServer;
  let token: string;

  const apiCodes = async () => {
    const response = await fetch(`${server.baseURL}/api/admin-invite-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-pass': token },
      body: '{}',
    });
    return ((await response.json()) as InviteListResponse).codes;
  };
  const inviteMode = async () => {
    const response = await fetch(`${server.baseURL}/api/site-settings/invite_mode`);
    return ((await response.json()) as { value: { enabled?: unknown } }).value.enabled;
  };

  beforeAll(async () => {
    server = await startBuiltServer();
    token = await staffSignIn(server.baseURL);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const openInvites = (options: { viewport?: typeof PHONE; allowConsole?: RegExp[] } = {}) =>
    openAdmin(openPage, { baseURL: server.baseURL, tab: 'Invites', ...options });

  it('generates 3: they are listed at once, first, unused, with the issue date', async () => {
    const page = await openInvites();
    await page.getByText('No invite codes yet').waitFor();
    const count = page.getByLabel('Number of codes');
    expect(await count.inputValue()).toBe('10');

    await count.fill('3');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await toast(page, '3 invite code(s) generated').waitFor();
    await poll(() => page.locator('tbody tr').count()).toBe(3);

    const stored = await apiCodes();
    expect(stored).toHaveLength(3);
    expect(await shownCodes(page)).toEqual(stored.map((row) => row.code));
    for (const row of stored) expect(row.code).toMatch(CODE);
    const first = page.locator('tbody tr').first();
    const cells = await first.locator('td').allTextContents();
    expect(cells[0]).toBe(`${stored[0]!.code}New`);
    expect(cells.slice(1, 4)).toEqual(['No', '—', '—']);
    expect(cells[4]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    expect(cells[5]).toBe('—');
    expect(await page.getByText('3 code(s), 3 unused').isVisible()).toBe(true);
  });

  it(`refuses 0, 101 and nothing with '${COUNT_MESSAGE}' before sending`, async () => {
    const page = await openInvites();
    await page.locator('tbody tr').first().waitFor();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin-invite-generate')) sent.push(request.url());
    });
    const count = page.getByLabel('Number of codes');
    for (const value of ['0', '101', '']) {
      await count.fill(value);
      await count.press('Enter');
      await page.getByText(COUNT_MESSAGE, { exact: true }).first().waitFor();
      expect(await count.getAttribute('aria-invalid')).toBe('true');
      await poll(() => page.evaluate(() => document.activeElement?.id)).toBe(
        await count.getAttribute('id'),
      );
    }
    await toast(page, COUNT_MESSAGE).first().waitFor();
    expect(sent).toEqual([]);
  });

  it('issued to: a bad address is refused; a good one is shown against its code', async () => {
    const page = await openInvites();
    await page.locator('tbody tr').first().waitFor();
    await page.getByLabel('Number of codes').fill('1');
    const issuedTo = page.getByLabel('Issued to (optional)');
    await issuedTo.fill('not an address');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page
      .getByRole('form', { name: 'Generate invite codes' })
      .getByText('Please enter a valid email address')
      .waitFor();
    expect(await issuedTo.getAttribute('aria-invalid')).toBe('true');

    await issuedTo.fill('new.member@example.com');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await toast(page, '1 invite code(s) generated')
      .filter({ hasText: 'new.member@example.com' })
      .waitFor();
    const first = page.locator('tbody tr').first();
    await poll(async () => (await first.locator('td').allTextContents())[2]).toBe(
      'new.member@example.com',
    );
  });

  it("'Generate 50' makes fifty; the list pages by 25", async () => {
    const page = await openInvites();
    await page.locator('tbody tr').first().waitFor();
    const total = (await apiCodes()).length + 50;
    await page.getByRole('button', { name: 'Generate 50' }).click();
    await toast(page, '50 invite code(s) generated').waitFor();
    expect(await page.getByLabel('Number of codes').inputValue()).toBe('50');
    await page.getByText(`Showing 1 to 25 of ${total}`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(25);
    expect(await page.locator('tbody tr').getByText('New', { exact: true }).count()).toBe(25);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Showing 26 to 50 of ${total}`).waitFor();
    expect(await apiCodes()).toHaveLength(total);
  });

  it('copies every unused code to the clipboard, one a line', async () => {
    const page = await openInvites();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.baseURL,
    });
    await page.locator('tbody tr').first().waitFor();
    const unused = (await apiCodes()).filter((row) => !row.used).map((row) => row.code);
    expect(unused.length).toBeGreaterThan(50);
    await page.getByRole('button', { name: 'Copy unused codes' }).click();
    await toast(page, 'Unused codes copied')
      .filter({ hasText: `${unused.length} code(s) copied` })
      .waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n')).toEqual(unused);
  });

  it("'No unused codes to copy' when every code is used", async () => {
    const page = await openInvites();
    await page.route('**/api/admin-invite-list', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          ok: true,
          codes: [
            {
              id: '6f1d7a8e-8d7e-4c9a-9a57-1c1f0f5b2a10',
              code: 'USED-USED-USED',
              used: true,
              issued_to: null,
              used_by: 'member@example.com',
              issued_at: '2026-01-02T10:00:00.000Z',
              used_at: '2026-01-03T11:30:00.000Z',
            },
          ],
        } satisfies InviteListResponse),
      }),
    );
    await page.reload();
    const row = page.locator('tbody tr').filter({ hasText: 'USED-USED-USED' });
    await row.waitFor();
    expect((await row.locator('td').allTextContents()).slice(1)).toEqual([
      'Yes',
      '—',
      'member@example.com',
      '2 Jan 2026, 10:00',
      '3 Jan 2026, 11:30',
    ]);
    await page.getByRole('button', { name: 'Copy unused codes' }).click();
    await toast(page, 'No unused codes to copy').waitFor();
  });

  it('the invite mode switch turns invite mode off and on for the site', async () => {
    const page = await openInvites();
    const modeSwitch = page.getByRole('switch', { name: 'Invite Mode' });
    await poll(() => modeSwitch.getAttribute('aria-checked')).toBe('true');
    expect(await inviteMode()).toBe(true);

    await modeSwitch.click();
    await toast(page, 'Invite mode disabled').waitFor();
    expect(await modeSwitch.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByText('Open: visitors are invited to apply').isVisible()).toBe(true);
    expect(await inviteMode()).toBe(false);

    await modeSwitch.press('Space');
    await toast(page, 'Invite mode enabled').waitFor();
    await poll(() => modeSwitch.getAttribute('aria-checked')).toBe('true');
    expect(await inviteMode()).toBe(true);
  });

  it("failures: 'Failed to toggle invite mode', 'Failed to generate codes', 'Failed to fetch invite codes'", async () => {
    const page = await openInvites({
      allowConsole: [/admin-invite-(toggle|generate|list) failed/, /500 \(Internal Server Error\)/],
    });
    await page.locator('tbody tr').first().waitFor();
    const before = (await apiCodes()).length;
    await page.route('**/api/admin-invite-toggle', failWith500);
    await page.route('**/api/admin-invite-generate', failWith500);

    const modeSwitch = page.getByRole('switch', { name: 'Invite Mode' });
    await modeSwitch.click();
    await toast(page, 'Failed to toggle invite mode').waitFor();
    expect(await modeSwitch.getAttribute('aria-checked')).toBe('true');

    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await toast(page, 'Failed to generate codes').waitFor();

    await page.route('**/api/admin-invite-list', failWith500);
    await page.reload();
    await toast(page, 'Failed to fetch invite codes').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Failed to fetch invite codes' }).waitFor();
    expect(await apiCodes()).toHaveLength(before);
  });

  it('readable at 375 px and no serious axe violation, with a field error showing', async () => {
    const page = await openInvites({ viewport: PHONE });
    await page.locator('tbody tr').first().waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByLabel('Number of codes').fill('0');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByText(COUNT_MESSAGE, { exact: true }).first().waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const serious = await seriousAxeViolations(page);
    expect(serious).toEqual([]);
  });
});
