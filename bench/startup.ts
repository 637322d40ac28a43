/**
 * `npm run bench`: how long the built server takes to answer /healthz on the embedded database,
 * on a first start (empty DATA_DIR) and on a restart, plus its memory once healthy. Fails when
 * the median passes the target (3 s), so a slow start is caught like a failing test.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TARGET_MS = 3000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ENTRY = 'dist/server/main.js';

if (!existsSync(ENTRY)) {
  process.stderr.write('Build first: npm run build\n');
  process.exit(2);
}

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

async function startOnce(dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [ENTRY], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 30_000) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`server exited with ${code} on SIGTERM`);
  return { ms, rssMb };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const first: number[] = [];
const restart: number[] = [];
const rss: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'waj-bench-'));
  try {
    first.push((await startOnce(dataDir)).ms);
    const again = await startOnce(dataDir);
    restart.push(again.ms);
    rss.push(again.rssMb);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const report = {
  runs: RUNS,
  firstStartMedianMs: Math.round(median(first)),
  restartMedianMs: Math.round(median(restart)),
  rssMedianMb: Math.round(median(rss)),
  targetMs: TARGET_MS,
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
if (report.firstStartMedianMs > TARGET_MS || report.restartMedianMs > TARGET_MS) {
  process.stderr.write(`Start-up is slower than the ${TARGET_MS} ms target.\n`);
  process.exit(1);
}
