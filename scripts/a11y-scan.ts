/**
 * `npm run a11y`: scans every public page with axe-core in Chromium and writes the SPEC §3
 * accessibility report, which the server serves at /qa/a11y-report.json for the staff panel.
 *
 * - Pages: the public routes of the SPA route table plus the 404 page, the same list the e2e
 *   suite checks (tests/e2e/helpers/public-routes.ts), each as a visitor who has answered the
 *   consent sheet sees it at 1280 × 800 in the default theme. The e2e suite also checks 375 px
 *   and the dark theme; this report is the quick look staff can run at any time.
 * - A11Y_ROUTES (comma-separated paths from that list) scans only those: the e2e test of this
 *   script checks one page, since the e2e suite's own sweep already scans them all.
 * - Site: A11Y_BASE_URL when set (a running server), else the built app (dist/, `npm run
 *   build` first) started on a free port with a throw-away database, and stopped afterwards.
 * - Report: A11Y_REPORT_FILE, else ${DATA_DIR:-./data}/qa/a11y-report.json (where `npm start`
 *   serves it from), replaced atomically. `passed` means no critical or serious violation.
 * - Exit code: 0 passed, 1 violations found, 2 the scan itself failed (no report written).
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { a11yReportFile } from '#server/routes/a11y-report.ts';
import type {
  A11yImpact,
  A11yPage,
  A11yReport,
  A11yViolation,
} from '#shared/schemas/admin-lists.ts';
import { axeViolations, type AxeViolation } from '../tests/e2e/helpers/axe.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, consentRecord } from '../tests/e2e/helpers/chromium.ts';
import { PUBLIC_ROUTES, settlePublicPage } from '../tests/e2e/helpers/public-routes.ts';
import { startBuiltServer, type RunningServer } from '../tests/e2e/helpers/server.ts';

const VIEWPORT = { width: 1280, height: 800 };
/** Pages scanned at once: enough to finish in seconds, few enough for a small machine. */
const CONCURRENCY = 3;
/** A page that has not rendered its heading by then is broken, not slow. */
const PAGE_TIMEOUT_MS = 20_000;
const IMPACTS: readonly A11yImpact[] = ['critical', 'serious', 'moderate', 'minor'];

const out = (line = '') => process.stdout.write(`${line}\n`);

function baseUrlFromEnv(): string | undefined {
  const value = process.env.A11Y_BASE_URL?.trim();
  if (!value) return undefined;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`A11Y_BASE_URL must be an http(s) URL, not ${value}`);
  }
  // Routes are absolute paths, so only the origin counts.
  return url.origin;
}

/** A11Y_ROUTES, each of which must be one of the public routes; else all of them. */
function routesFromEnv(): readonly string[] {
  const value = process.env.A11Y_ROUTES?.trim();
  if (!value) return PUBLIC_ROUTES;
  const routes = value.split(',').map((route) => route.trim());
  const unknown = routes.filter((route) => !PUBLIC_ROUTES.includes(route));
  if (unknown.length) throw new Error(`A11Y_ROUTES: not public routes: ${unknown.join(', ')}`);
  return routes;
}

function reportFileFromEnv(): string {
  const file = process.env.A11Y_REPORT_FILE?.trim();
  return file ? resolve(file) : a11yReportFile(process.env.DATA_DIR?.trim() || './data');
}

function toViolation(v: AxeViolation): A11yViolation {
  const impact = IMPACTS.find((level) => level === v.impact) ?? null;
  return {
    id: v.id,
    help: v.help,
    impact,
    description: v.description,
    nodes: v.nodes.length,
    helpUrl: v.helpUrl,
  };
}

/** Opens one route in a fresh context, lets it settle and runs axe on it. */
async function scanRoute(browser: Browser, baseURL: string, path: string): Promise<A11yPage> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  context.setDefaultTimeout(PAGE_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS);
  try {
    // The consent sheet is a page of its own concern: keep it from covering every other page.
    await context.addInitScript((record: string) => {
      if (window.localStorage.getItem('waj_consent') === null) {
        window.localStorage.setItem('waj_consent', record);
      }
    }, consentRecord(false));
    const page = await context.newPage();
    await page.goto(path);
    await settlePublicPage(page);
    const violations = (await axeViolations(page)).map(toViolation);
    return {
      // The path, not the full address: a scan of a throw-away server has a random port.
      url: path,
      criticalCount: violations.filter((v) => v.impact === 'critical').length,
      seriousCount: violations.filter((v) => v.impact === 'serious').length,
      violationCount: violations.length,
      violations,
    };
  } catch (error) {
    throw new Error(`could not scan ${path}: ${(error as Error).message.split('\n')[0]}`, {
      cause: error,
    });
  } finally {
    await context.close();
  }
}

/** Scans the routes a few at a time; the pages keep the route table's order. */
async function scanAll(
  browser: Browser,
  baseURL: string,
  routes: readonly string[],
): Promise<A11yPage[]> {
  const pages: A11yPage[] = new Array(routes.length);
  let next = 0;
  async function worker() {
    while (next < routes.length) {
      const index = next++;
      pages[index] = await scanRoute(browser, baseURL, routes[index]!);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return pages;
}

function buildReport(pages: A11yPage[], timestamp = new Date()): A11yReport {
  const criticalViolations = pages.reduce((sum, p) => sum + p.criticalCount, 0);
  const seriousViolations = pages.reduce((sum, p) => sum + p.seriousCount, 0);
  return {
    timestamp: timestamp.toISOString(),
    passed: criticalViolations === 0 && seriousViolations === 0,
    totalViolations: pages.reduce((sum, p) => sum + p.violationCount, 0),
    totalPages: pages.length,
    criticalViolations,
    seriousViolations,
    pages,
  };
}

/** Write beside the target, then rename: the server reads the old report or the new one. */
async function writeAtomically(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    await writeFile(temp, text, { mode: 0o644 });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function printSummary(report: A11yReport, baseURL: string, file: string): void {
  out(`Accessibility scan of ${report.totalPages} pages at ${baseURL}`);
  const width = Math.max(...report.pages.map((p) => p.url.length));
  for (const page of report.pages) {
    const bad = page.criticalCount + page.seriousCount > 0;
    const counts = [
      page.criticalCount ? `${page.criticalCount} critical` : '',
      page.seriousCount ? `${page.seriousCount} serious` : '',
    ].filter(Boolean);
    const extra = counts.length ? ` (${counts.join(', ')})` : '';
    out(
      `  ${bad ? '✗' : '✓'} ${page.url.padEnd(width)}  ${page.violationCount} violation(s)${extra}`,
    );
    for (const v of page.violations) {
      out(`      ${(v.impact ?? 'unknown').padEnd(8)} ${v.id}: ${v.help} (${v.nodes} element(s))`);
    }
  }
  out();
  out(
    `${report.passed ? 'Passed' : 'Failed'}: ${report.totalViolations} violation(s), ` +
      `${report.criticalViolations} critical, ${report.seriousViolations} serious.`,
  );
  const shown = relative(process.cwd(), file);
  out(`Report: ${shown && !shown.startsWith('..') ? shown : file}`);
}

async function main(): Promise<number> {
  const reportFile = reportFileFromEnv();
  const given = baseUrlFromEnv();
  const routes = routesFromEnv();
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let report: A11yReport | undefined;
  let failure: unknown;
  let baseURL = given ?? '';
  try {
    if (!given) {
      server = await startBuiltServer();
      baseURL = server.baseURL;
    }
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    report = buildReport(await scanAll(browser, baseURL, routes));
  } catch (error) {
    failure = error;
  }
  await browser?.close().catch(() => {});
  try {
    // Stopping checks the server logged no error while it was scanned; if it did, so did we.
    await server?.stop();
  } catch (error) {
    failure ??= error;
  }
  if (failure || !report) throw failure;
  await writeAtomically(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  printSummary(report, baseURL, reportFile);
  return report.passed ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`a11y scan failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
