import { readFile } from 'node:fs/promises';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdmin, pageOverflow, seriousAxeViolations } from './helpers/admin.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 8_000 });

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

const LONG_REASON =
  'I travel between London and Dubai every month and want a card that treats me well in both places, with a manager who answers on a Sunday.';
const FORMULA_REASON = "=cmd|' /C calc'!A0";

/** A row as long as the forms take, for the 1280 px fit (EOI and contact field names). */
const LONG_ROW = {
  name: 'Maximilian Alexander Featherstonehaugh-Worthington',
  full_name: 'Maximilian Alexander Featherstonehaugh-Worthington',
  email: 'maximilian.alexander.featherstonehaugh-worthington@a-very-long-domain-name.example.com',
  phone: '+44 7700 900 123 456',
  reason: LONG_REASON,
  message: LONG_REASON,
};

/** Twelve 'Alpha' requests for the list, filter and page tests; the rest for changes. */
const ALPHAS = Array.from(
  { length: 12 },
  (_, i) => `Alpha Reader ${String(i + 1).padStart(2, '0')}`,
);

async function post(baseURL: string, path: string, body: unknown) {
  const response = await fetch(`${baseURL}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
}

const eoi = (baseURL: string, fullName: string, extra: { phone?: string; reason?: string } = {}) =>
  post(baseURL, 'eoi', {
    fullName,
    email: `${fullName.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
    phone: extra.phone ?? null,
    reason: extra.reason ?? null,
    website: '',
  });

const contact = (baseURL: string, name: string, message: string) =>
  post(baseURL, 'contact', {
    name,
    email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
    message,
    website: '',
  });

const bodyRows = (page: Page) => page.locator('tbody tr');
const rowOf = (page: Page, name: string) => bodyRows(page).filter({ hasText: name });
const rowNames = (page: Page) =>
  bodyRows(page).evaluateAll((rows) => rows.map((row) => row.children[2]?.textContent ?? ''));

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function search(page: Page, text: string) {
  const box = page.getByLabel('Search', { exact: true });
  await box.fill(text);
}

/** The inboxes change as these tests run: their own server, so no other file's rows appear. */
describe('EOI and Contact tabs (own server)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer();
    const { baseURL } = server;
    for (const [i, name] of ALPHAS.entries()) {
      await eoi(baseURL, name, i === 0 ? { reason: LONG_REASON } : { phone: `+44 7700 900${i}` });
    }
    for (const name of ['Bravo Bulk One', 'Bravo Bulk Two', 'Bravo Bulk Three']) {
      await eoi(baseURL, name, { reason: 'Bulk' });
    }
    await eoi(baseURL, 'Charlie Single', { phone: '+44 20 7946 0000', reason: 'One change' });
    await eoi(baseURL, 'Delta Formula', { reason: FORMULA_REASON });
    await contact(baseURL, 'Echo Visitor', 'Could the Titan card be shipped to Jersey?');
    await contact(baseURL, 'Foxtrot Visitor', `A long question. ${LONG_REASON}`);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const openTab = (tab: 'EOI' | 'Contact', viewport?: { width: number; height: number }) =>
    openAdmin(openPage, { baseURL: server.baseURL, tab, viewport });

  it('EOI: metrics, the spec columns, 10 per page, the phone dash and the long reason', async () => {
    const page = await openTab('EOI');
    await rowOf(page, 'Delta Formula').waitFor();

    const metric = (label: string) => page.locator(`dt:text-is("${label}") + dd`);
    expect(await metric('New this week').textContent()).toBe('17');
    expect(await metric('Total').textContent()).toBe('17');
    expect(await metric('Reviewed').textContent()).toBe('0');

    expect(await page.locator('thead th').allTextContents()).toEqual([
      '',
      'Date',
      'Name',
      'Email',
      'Phone',
      'Reason',
      'Status',
      'Actions',
    ]);
    expect(await bodyRows(page).count()).toBe(10);
    expect(await page.getByText('Showing 1 to 10 of 17').isVisible()).toBe(true);

    // Newest first: the last one sent is on top.
    expect((await rowNames(page))[0]).toBe('Delta Formula');
    const delta = rowOf(page, 'Delta Formula');
    expect(await delta.locator('td').nth(1).textContent()).toMatch(
      /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
    expect(await delta.locator('td').nth(4).textContent()).toBe('—');
    expect(await delta.locator('td').nth(6).textContent()).toBe('New');
    expect(
      await delta.getByRole('combobox', { name: 'Status of Delta Formula' }).textContent(),
    ).toBe('New');

    // The long reason is cut to two lines, the rest one key press away.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 11 to 17 of 17').waitFor();
    const first = rowOf(page, 'Alpha Reader 01');
    const more = first.getByRole('button', { name: /Show more/ });
    const reason = first.getByText(LONG_REASON);
    expect(await reason.getAttribute('title')).toBe(LONG_REASON);
    expect(await reason.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await more.focus();
    await page.keyboard.press('Enter');
    await poll(() =>
      first.getByRole('button', { name: /Show less/ }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await reason.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(false);
  });

  it('EOI: search waits 500 ms, then filters in one call; nothing matching shows the empty state', async () => {
    const page = await openTab('EOI');
    await rowOf(page, 'Delta Formula').waitFor();
    const queries: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin-eoi-list')) {
        queries.push((request.postDataJSON() as { query?: unknown }).query);
      }
    });

    await page.getByLabel('Search', { exact: true }).pressSequentially('bravo', { delay: 60 });
    await poll(() => bodyRows(page).count()).toBe(3);
    expect((await rowNames(page)).sort()).toEqual([
      'Bravo Bulk One',
      'Bravo Bulk Three',
      'Bravo Bulk Two',
    ]);
    // Typed faster than the delay: one call for the whole word, none for 'b', 'br', ...
    expect(queries).toEqual(['bravo']);
    expect(await page.getByText('Showing 1 to 3 of 3').isVisible()).toBe(true);

    await search(page, 'nobody by this name');
    await page.getByText('No EOI requests found').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
  });

  it('EOI: page size 25 shows all; 10 again pages; a new filter goes back to page 1', async () => {
    const page = await openTab('EOI');
    await rowOf(page, 'Delta Formula').waitFor();
    await choose(page, 'Rows per page', '25');
    await poll(() => bodyRows(page).count()).toBe(17);
    expect(await page.getByText('Showing 1 to 17 of 17').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await choose(page, 'Rows per page', '10');
    await poll(() => bodyRows(page).count()).toBe(10);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 11 to 17 of 17').waitFor();
    await search(page, 'alpha');
    await page.getByText('Showing 1 to 10 of 12').waitFor();
  });

  it("EOI: a row's status select saves at once: 'Status updated', badge and metrics follow", async () => {
    const page = await openTab('EOI');
    const row = rowOf(page, 'Charlie Single');
    await row.waitFor();
    await choose(page, 'Status of Charlie Single', 'Reviewed');
    await toast(page, 'Status updated').waitFor();
    await poll(() => row.locator('td').nth(6).textContent()).toBe('Reviewed');
    await poll(() => page.locator('dt:text-is("Reviewed") + dd').textContent()).toBe('1');

    // The status filter: only reviewed ones, then archived (none yet).
    await choose(page, 'Status', 'Reviewed');
    await poll(() => rowNames(page)).toEqual(['Charlie Single']);
    await choose(page, 'Status', 'Archived');
    await page.getByText('No EOI requests found').waitFor();
    await choose(page, 'Status', 'All statuses');
    await poll(() => bodyRows(page).count()).toBe(10);
  });

  it("EOI: a failed status change says 'Failed to update status' and keeps the old status", async () => {
    const page = await openAdmin(openPage, {
      baseURL: server.baseURL,
      tab: 'EOI',
      allowConsole: [/update failed/, /500 \(Internal Server Error\)/],
    });
    await page.route('**/api/admin-eoi-update', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: 'Something went wrong' }),
      }),
    );
    const row = rowOf(page, 'Delta Formula');
    await row.waitFor();
    await choose(page, 'Status of Delta Formula', 'Archived');
    await toast(page, 'Failed to update status').waitFor();
    await poll(() => row.locator('td').nth(6).textContent()).toBe('New');
  });

  it('EOI: bulk bar does nothing without a selection; Mark Reviewed and Archive act on the chosen rows', async () => {
    const page = await openTab('EOI');
    await rowOf(page, 'Delta Formula').waitFor();
    const bar = page.getByRole('group', { name: /item\(s\) selected/ });
    const markReviewed = bar.getByRole('button', { name: 'Mark Reviewed' });
    const archive = bar.getByRole('button', { name: 'Archive' });
    expect(await bar.getByText('0 item(s) selected').isVisible()).toBe(true);
    expect(await markReviewed.isDisabled()).toBe(true);
    expect(await archive.isDisabled()).toBe(true);

    await search(page, 'bravo');
    await poll(() => bodyRows(page).count()).toBe(3);
    const all = page.getByRole('checkbox', { name: 'Select all on this page' });
    await page.getByRole('checkbox', { name: 'Select Bravo Bulk One' }).click();
    await page.getByRole('checkbox', { name: 'Select Bravo Bulk Two' }).click();
    await bar.getByText('2 item(s) selected').waitFor();
    expect(await all.getAttribute('aria-checked')).toBe('mixed');

    await markReviewed.click();
    await toast(page, 'Bulk update successful')
      .filter({ hasText: 'Updated 2 record(s)' })
      .waitFor();
    await bar.getByText('0 item(s) selected').waitFor();
    expect(await all.getAttribute('aria-checked')).toBe('false');
    await poll(() => rowOf(page, 'Bravo Bulk One').locator('td').nth(6).textContent()).toBe(
      'Reviewed',
    );
    expect(await rowOf(page, 'Bravo Bulk Three').locator('td').nth(6).textContent()).toBe('New');

    // Select all (keyboard), then Archive, which asks first: Cancel changes nothing.
    await all.focus();
    await page.keyboard.press('Space');
    await bar.getByText('3 item(s) selected').waitFor();
    expect(await all.getAttribute('aria-checked')).toBe('true');
    const confirm = page.getByRole('alertdialog', { name: 'Archive 3 EOI requests?' });
    await archive.click();
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await bar.getByText('3 item(s) selected').waitFor();
    expect(await rowOf(page, 'Bravo Bulk Three').locator('td').nth(6).textContent()).toBe('New');
    // Archive, confirmed: all three.
    await archive.click();
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await toast(page, 'Updated 3 record(s)').waitFor();
    await poll(() =>
      bodyRows(page).evaluateAll((rows) => rows.map((row) => row.children[6]?.textContent)),
    ).toEqual(['Archived', 'Archived', 'Archived']);
  });

  it('EOI: the selection is cleared by a page or filter change', async () => {
    const page = await openTab('EOI');
    await rowOf(page, 'Delta Formula').waitFor();
    const bar = page.getByRole('group', { name: /item\(s\) selected/ });
    await page.getByRole('checkbox', { name: 'Select Delta Formula' }).click();
    await bar.getByText('1 item(s) selected').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 11 to 17 of 17').waitFor();
    await bar.getByText('0 item(s) selected').waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await rowOf(page, 'Delta Formula').waitFor();
    expect(
      await page
        .getByRole('checkbox', { name: 'Select Delta Formula' })
        .getAttribute('aria-checked'),
    ).toBe('false');

    await page.getByRole('checkbox', { name: 'Select Delta Formula' }).click();
    await bar.getByText('1 item(s) selected').waitFor();
    await choose(page, 'Status', 'New');
    await bar.getByText('0 item(s) selected').waitFor();
  });

  it('EOI: Export CSV downloads the filtered rows, RFC 4180, with the formula cell neutralised', async () => {
    const page = await openTab('EOI');
    await rowOf(page, 'Delta Formula').waitFor();
    await search(page, 'delta');
    await poll(() => bodyRows(page).count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    await toast(page, 'Export ready').filter({ hasText: 'CSV downloaded successfully' }).waitFor();
    expect(download.suggestedFilename()).toMatch(/^eoi-export-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.split('\r\n').filter(Boolean);
    // The UTF-8 byte order mark first, so spreadsheet programs read accented names right.
    expect(lines[0]).toBe('\uFEFFDate,Name,Email,Phone,Reason,Status,ID');
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(',');
    expect(cells.slice(1, 4)).toEqual(['Delta Formula', 'delta.formula@example.com', '']);
    // A spreadsheet must read it as text: a leading quote, never a bare '='.
    expect(lines[1]).toContain(`'${FORMULA_REASON}`);
    expect(lines[1]).not.toMatch(/,=/);
    expect(cells.at(-2)).toBe('new');
    // The record's id last, to find it again.
    expect(cells.at(-1)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("EOI: a failed export says 'Export failed'; a failed list says 'Failed to load EOI data'", async () => {
    const page = await openAdmin(openPage, {
      baseURL: server.baseURL,
      tab: 'EOI',
      allowConsole: [/export failed/, /list failed/, /500 \(Internal Server Error\)/],
    });
    await rowOf(page, 'Delta Formula').waitFor();
    const fail = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: 'Something went wrong' }),
      });
    await page.route('**/api/admin-export-csv', fail);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await toast(page, 'Export failed').waitFor();

    await page.route('**/api/admin-eoi-list', fail);
    await search(page, 'zulu');
    await toast(page, 'Failed to load EOI data').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Failed to load EOI data' }).waitFor();
  });

  it('EOI: archiving the whole last page of a filter moves to the new last page', async () => {
    const page = await openTab('EOI');
    await rowOf(page, 'Delta Formula').waitFor();
    await choose(page, 'Status', 'New');
    await page.getByText('Showing 1 to 10 of 13').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 11 to 13 of 13').waitFor();
    await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
    await page.getByRole('button', { name: 'Archive' }).click();
    await page
      .getByRole('alertdialog', { name: 'Archive 3 EOI requests?' })
      .getByRole('button', { name: 'Archive' })
      .click();
    await toast(page, 'Updated 3 record(s)').waitFor();
    await page.getByText('Showing 1 to 10 of 10').waitFor();
    expect(await bodyRows(page).count()).toBe(10);
  });

  it('Contact: the spec columns, the message, status change and its own export file', async () => {
    const page = await openTab('Contact');
    const row = rowOf(page, 'Echo Visitor');
    await row.waitFor();
    expect(await page.locator('thead th').allTextContents()).toEqual([
      '',
      'Date',
      'Name',
      'Email',
      'Message',
      'Status',
      'Actions',
    ]);
    expect(await bodyRows(page).count()).toBe(2);
    expect(await row.getByText('Could the Titan card be shipped to Jersey?').isVisible()).toBe(
      true,
    );
    expect(
      await rowOf(page, 'Foxtrot Visitor')
        .getByRole('button', { name: /Show more/ })
        .count(),
    ).toBe(1);

    await choose(page, 'Status of Echo Visitor', 'Archived');
    await toast(page, 'Status updated').waitFor();
    await poll(() => row.locator('td').nth(5).textContent()).toBe('Archived');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contact-export-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFDate,Name,Email,Message,Status,ID');
    expect(csv).toContain('Echo Visitor');

    await search(page, 'nobody by this name');
    await page.getByText('No contact messages found').waitFor();
  });

  for (const tab of ['EOI', 'Contact'] as const) {
    it(`${tab}: readable at 375 px (the table scrolls in its frame) and no serious axe violation`, async () => {
      const page = await openTab(tab, PHONE);
      await bodyRows(page).first().waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      const frame = page.getByRole('region', {
        name: tab === 'EOI' ? 'EOI requests' : 'Contact messages',
      });
      expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

      const serious = await seriousAxeViolations(page);
      expect(serious).toEqual([]);
    });
  }

  for (const tab of ['EOI', 'Contact'] as const) {
    it(`${tab} at 1280 px: every column in the frame, long names and e-mails wrap, the status select whole`, async () => {
      const page = await openTab(tab, { width: 1280, height: 900 });
      const call = tab === 'EOI' ? 'admin-eoi-list' : 'admin-contact-list';
      // The first row as long as the forms allow: name, address, phone, reason.
      await page.route(`**/api/${call}`, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: Record<string, unknown>[] };
        Object.assign(body.data[0]!, LONG_ROW);
        await route.fulfill({ status: response.status(), json: body });
      });
      await page.reload();
      await rowOf(page, LONG_ROW.name).waitFor();
      const frame = page.getByRole('region', {
        name: tab === 'EOI' ? 'EOI requests' : 'Contact messages',
      });
      expect(
        await frame.evaluate((el) => el.scrollWidth - el.clientWidth),
        tab,
      ).toBeLessThanOrEqual(0);
      expect(await pageOverflow(page), tab).toBeLessThanOrEqual(0);
      const box = (await frame.boundingBox())!;
      for (const select of await page.getByRole('combobox', { name: /^Status of / }).all()) {
        const { x, width } = (await select.boundingBox())!;
        expect(x + width, tab).toBeLessThanOrEqual(box.x + box.width);
      }
      // The long address wraps inside its cell rather than widening the table.
      const email = rowOf(page, LONG_ROW.name).getByText(/@a-very-long-domain/);
      expect((await email.boundingBox())!.height, tab).toBeGreaterThan(30);
    });
  }

  it('EOI at 1280 px in dark mode: no serious axe violation with a row selected', async () => {
    const page = await openTab('EOI');
    await page.evaluate(() => localStorage.setItem('waj-theme', 'dark'));
    await page.reload();
    await rowOf(page, 'Delta Formula').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await page.getByRole('checkbox', { name: 'Select Delta Formula' }).click();
    const serious = await seriousAxeViolations(page);
    expect(serious).toEqual([]);
  });
});
