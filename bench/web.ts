/**
 * `npm run bench:web`: Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU) on the
 * public routes of the built server, in Debian's Chromium, three runs a route. Prints the median
 * performance score, FCP, LCP, TBT, CLS and transferred JavaScript per route. A benchmark, not a
 * test: it fails only when it cannot measure (figures go to docs/benchmarks.md by hand).
 *
 * BENCH_WEB_RUNS (default 3), BENCH_WEB_ROUTES (comma-separated, default the five below),
 * BENCH_WEB_URL (measure a server already running there instead of starting dist/),
 * BENCH_WEB_REPORT_DIR (keep each run's whole Lighthouse report there as JSON).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const ROUTES = (process.env.BENCH_WEB_ROUTES ?? '/,/cards,/apply,/contact,/legal/privacy').split(
  ',',
);
const ENTRY = 'dist/server/main.js';
// Where to keep each run's whole Lighthouse report (JSON), to read what a figure is made of.
const REPORT_DIR = process.env.BENCH_WEB_REPORT_DIR;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The project's flags for any browser it starts (tests use the same).
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > until) throw new Error(`${what} did not come up in ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The built server on a fresh embedded database, as `npm start` runs it. */
async function startServer() {
  if (!existsSync(ENTRY)) {
    process.stderr.write('Build first: npm run build\n');
    process.exit(2);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'waj-bench-web-'));
  const port = await freePort();
  const child = spawn(process.execPath, [ENTRY], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor('the server', async () => ((await fetch(`${baseUrl}/healthz`)).ok ? true : null));
  return {
    baseUrl,
    async close() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium with a DevTools port for Lighthouse to drive; a throwaway profile. */
async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'waj-bench-chromium-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  // Chromium writes the port it chose into the profile once DevTools listens.
  const port = await waitFor('Chromium', async () => {
    const file = join(profile, 'DevToolsActivePort');
    return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) || null : null;
  });
  return {
    port,
    async close() {
      await stop(child);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
}

async function measure(url: string, port: number): Promise<Run> {
  // No config: Lighthouse's default is the mobile preset with simulated throttling.
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (REPORT_DIR) {
    const name = new URL(url).pathname.replace(/\W+/g, '_') || '_';
    writeFileSync(join(REPORT_DIR, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`${url}: no ${id} figure`);
    return value;
  };
  const summary = lhr.audits['resource-summary']?.details as
    { items?: { resourceType: string; transferSize: number }[] } | undefined;
  const script = summary?.items?.find((item) => item.resourceType === 'script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsKb: (script?.transferSize ?? 0) / 1024,
  };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const server = process.env.BENCH_WEB_URL
  ? { baseUrl: process.env.BENCH_WEB_URL.replace(/\/$/, ''), close: async () => {} }
  : await startServer();
const chromium = await startChromium().catch(async (error: unknown) => {
  await server.close();
  throw error;
});

/**
 * A run that fails to load (a rebuild replaced dist/ under the server, a stalled load on a busy
 * machine) is tried again, twice at most, and said so; it is not counted.
 */
async function measureRetrying(url: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, chromium.port);
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stderr.write(`retrying: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
}

const rows: Record<string, string | number>[] = [];
try {
  for (const route of ROUTES) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureRetrying(`${server.baseUrl}${route}`));
    const pick = (key: keyof Run) => median(runs.map((run) => run[key]));
    rows.push({
      route,
      performance: pick('score'),
      'FCP s': (pick('fcpMs') / 1000).toFixed(2),
      // Two decimals: the target (1.5 s) sits where one decimal would round across it.
      'LCP s': (pick('lcpMs') / 1000).toFixed(2),
      'TBT ms': Math.round(pick('tbtMs')),
      CLS: pick('cls').toFixed(3),
      'JS KB': Math.round(pick('jsKb')),
    });
    process.stderr.write(`measured ${route} (${RUNS} runs)\n`);
  }
} finally {
  await chromium.close();
  await server.close();
}

const lighthouseVersion = (
  JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }
).version;
// Which code was measured: dist/ is built from the working tree, so say when it had changes.
const commit = (() => {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ' (with local changes)' : ''}`;
  } catch {
    return 'unknown commit';
  }
})();
process.stdout.write(
  `${commit}, Lighthouse ${lighthouseVersion}, mobile preset (simulated throttling), ${CHROMIUM}, ` +
    `median of ${RUNS} runs, ${new Date().toISOString().slice(0, 10)}\n`,
);
// A Markdown table, to paste into docs/benchmarks.md as it is.
const columns = Object.keys(rows[0] ?? {});
const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |\n`;
process.stdout.write(
  line(columns) +
    line(columns.map(() => '---')) +
    rows.map((row) => line(columns.map((key) => row[key]!))).join(''),
);
