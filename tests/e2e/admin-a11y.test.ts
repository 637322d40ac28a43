import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  A11Y_REPORT_MISSING,
  type A11yReport,
  type EoiListResponse,
} from '#shared/schemas/admin-lists.ts';
import { STAFF_TOKEN_KEY } from '#client/lib/staff-token.ts';
import { openAdmin, pageOverflow, seriousAxeViolations } from './helpers/admin.ts';
import { launchBrowser } from './helpers/browser.ts';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH, consentRecord } from './helpers/chromium.ts';
import { startBuiltServer, staffSignIn, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

const ROOT = resolve(import.meta.dirname, '../..');
const PHONE = { width: 375, height: 740 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 8_000 });
/** One page, but a browser and npm to start: room on a busy machine. */
const SCAN_TIMEOUT_MS = 60_000;

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The browser logs the report's 404 while there is none; that is the state under test. */
const REPORT_404 = /404 \(Not Found\)/;

/**
 * `npm run a11y` against `baseURL`, writing `reportFile`; resolves with its exit code and
 * output. It scans `/cards` only: a11y-public.test.ts already sweeps every public page, and
 * this test is about the script and the tab that shows its report.
 */
function runA11yScan(baseURL: string, reportFile: string) {
  return new Promise<{ code: number | null; output: string }>((done, fail) => {
    const child = spawn('npm', ['run', '--silent', 'a11y'], {
      cwd: ROOT,
      env: {
        ...process.env,
        A11Y_BASE_URL: baseURL,
        A11Y_REPORT_FILE: reportFile,
        A11Y_ROUTES: '/cards',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), SCAN_TIMEOUT_MS - 10_000);
    child.once('error', fail);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

/** The report file lives in this server's DATA_DIR: its own server. */
describe('A11y tab (own server)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const openA11y = (options: { viewport?: typeof PHONE; allowConsole?: RegExp[] } = {}) =>
    openAdmin(openPage, {
      baseURL: server.baseURL,
      tab: 'A11y',
      ...options,
      allowConsole: [REPORT_404, ...(options.allowConsole ?? [])],
    });

  it(
    "says 'Report not found…' until `npm run a11y` has run; then shows its summary and pages",
    async () => {
      const page = await openA11y();
      await page.getByText(A11Y_REPORT_MISSING, { exact: true }).waitFor();
      expect(await page.getByText('npm run a11y').isVisible()).toBe(true);

      const reportFile = join(server.dataDir, 'qa', 'a11y-report.json');
      const scan = await runA11yScan(server.baseURL, reportFile);
      // 0: passed, 1: violations found; both wrote a report. 2 would be a broken scan.
      expect([0, 1], scan.output).toContain(scan.code);
      const report = JSON.parse(await readFile(reportFile, 'utf8')) as A11yReport;
      expect(report.totalPages).toBe(1);
      expect(report.pages.map((p) => p.url)).toEqual(['/cards']);

      // 'Check again' reads the file anew, as does opening the tab again.
      await page.getByRole('button', { name: 'Check again' }).click();
      await page.getByRole('heading', { name: 'Accessibility report' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Accessibility report' }).waitFor();

      expect(
        await page.getByText(report.passed ? 'Passed' : 'Failed', { exact: true }).count(),
      ).toBe(1);
      const scanned = await page.getByText(/^Scanned /).textContent();
      expect(scanned).toMatch(/^Scanned \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
      const stat = (label: string) => page.locator(`dt:text-is("${label}") + dd`).textContent();
      expect(await stat('Pages')).toBe(String(report.totalPages));
      expect(await stat('Violations')).toBe(String(report.totalViolations));
      expect(await stat('Critical')).toBe(String(report.criticalViolations));
      expect(await stat('Serious')).toBe(String(report.seriousViolations));

      const pages = page.locator('li:has(> div > h4)');
      expect(await pages.locator('h4').allTextContents()).toEqual(report.pages.map((p) => p.url));
      for (const [index, scannedPage] of report.pages.entries()) {
        const item = pages.nth(index);
        if (scannedPage.violations.length === 0) {
          expect(await item.getByText('No violations').count()).toBe(1);
          continue;
        }
        for (const violation of scannedPage.violations) {
          const entry = item.locator('li').filter({ hasText: violation.help }).first();
          expect(await entry.getByText(violation.description).count()).toBeGreaterThan(0);
          expect(await entry.getByText(`${violation.nodes} element(s) affected`).count()).toBe(1);
          expect(await entry.getByRole('link', { name: /How to fix/ }).getAttribute('href')).toBe(
            violation.helpUrl,
          );
        }
      }
    },
    SCAN_TIMEOUT_MS,
  );

  it('the e-mail test panel (local host): name and e-mail required, then both kinds go through the outbox', async () => {
    const page = await openA11y();
    const panel = page.getByRole('form', { name: 'Email test' });
    await panel.waitFor();
    const send = panel.getByRole('button', { name: 'Send test email' });

    await send.click();
    await panel.getByText('Name must be at least 2 characters').waitFor();
    expect(await panel.getByText('Please enter a valid email address').isVisible()).toBe(true);
    expect(await panel.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('id'))).toBe(
      await panel.getByLabel('Name').getAttribute('id'),
    );

    await panel.getByLabel('Name').fill('Quality Tester');
    await panel.getByLabel('Email').fill('qa.tester@example.com');
    await send.click();
    await toast(page, 'Test EOI submitted successfully').waitFor();

    await panel.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Contact', exact: true }).click();
    await send.click();
    await toast(page, 'Test contact submitted successfully').waitFor();

    // The tool's records are removed again: the inbox stays empty.
    const token = await staffSignIn(server.baseURL);
    const response = await fetch(`${server.baseURL}/api/admin-eoi-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-pass': token },
      body: JSON.stringify({ page: 1, pageSize: 10 }),
    });
    expect(((await response.json()) as EoiListResponse).total).toBe(0);
  });

  it("a failed test e-mail says 'Test contact failed'", async () => {
    const page = await openA11y({
      allowConsole: [/admin-email-test failed/, /500 \(Internal Server Error\)/],
    });
    await page.route('**/api/admin-email-test', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: 'Something went wrong' }),
      }),
    );
    const panel = page.getByRole('form', { name: 'Email test' });
    await panel.getByRole('combobox', { name: 'Kind' }).click();
    // By keyboard, as a list opened near the foot of the screen may place the option below it.
    await page.getByRole('option', { name: 'Contact', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => panel.getByRole('combobox', { name: 'Kind' }).textContent())
      .toContain('Contact');
    await panel.getByLabel('Name').fill('Quality Tester');
    await panel.getByLabel('Email').fill('qa.tester@example.com');
    await panel.getByRole('button', { name: 'Send test email' }).click();
    await toast(page, 'Test contact failed').waitFor();
  });

  it('on a host that is neither local nor a preview, there is no e-mail test panel', async () => {
    // A live-looking name resolved to this test's server by Chromium itself, so the page runs
    // at http://staff.waj.test:<port> exactly as it would behind real DNS.
    const port = new URL(server.baseURL).port;
    const browser = await chromium.launch({
      executablePath: TEST_CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP staff.waj.test 127.0.0.1'],
    });
    try {
      const page = await browser.newPage({ baseURL: `http://staff.waj.test:${port}` });
      page.setDefaultTimeout(10_000);
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        const text = message.text();
        // Plain http on a name other than localhost: Chromium ignores these two headers.
        if (/Cross-Origin-Opener-Policy|Origin-Agent-Cluster/.test(text)) return;
        if (message.type() === 'error' || message.type() === 'warning') problems.push(text);
      });
      const token = await staffSignIn(server.baseURL);
      await page.addInitScript(
        ([record, key, value]) => {
          window.localStorage.setItem('waj_consent', record!);
          window.sessionStorage.setItem(key!, value!);
        },
        [consentRecord(false), STAFF_TOKEN_KEY, token],
      );
      await page.goto('/admin?tab=a11y');
      await page.getByRole('heading', { name: 'Accessibility report' }).waitFor();
      expect(await page.evaluate(() => window.location.hostname)).toBe('staff.waj.test');
      expect(await page.getByRole('form', { name: 'Email test' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Send test email' }).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('readable at 375 px with the report and no serious axe violation', async () => {
    const page = await openA11y({ viewport: PHONE });
    await page.getByRole('heading', { name: 'Accessibility report' }).waitFor();
    await page.getByRole('form', { name: 'Email test' }).waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const serious = await seriousAxeViolations(page);
    expect(serious).toEqual([]);
  });
});
