/**
 * `npm run bench` (throughput part): requests per second of one instance, side by side with the
 * floor. In one run it starts the built server on PostgreSQL (limits off, as a benchmark must)
 * and a bare Fastify + `pg` server doing the least each call needs: one INSERT for
 * `POST /api/contact`, a constant JSON for `GET /api/site-settings/invite_mode`. autocannon
 * drives both with 50 connections, in alternating rounds so a busy moment hits both alike.
 * Both servers are processes of their own; autocannon runs in this one. Prints the ratios,
 * p99s and each server's CPU time per request (what the ratio is made of, and far steadier
 * between runs); fails when write < 0.5×, read < 0.8×, or a p99 over 20 ms. BENCH_KINDS=read
 * (or write) measures one path only.
 * Needs DATABASE_URL (skipped without it).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const ENTRY = 'dist/server/main.js';
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TARGETS = { write: 0.5, read: 0.8, p99Ms: 20 };
/** BENCH_KINDS=read (or write) measures one path only, while working on it. */
const KINDS = (['read', 'write'] as const).filter((kind) =>
  (process.env.BENCH_KINDS ?? 'read,write').split(',').includes(kind),
);

if (!process.env.DATABASE_URL) {
  process.stdout.write('throughput bench skipped: DATABASE_URL is not set\n');
  process.exit(0);
}
if (!existsSync(ENTRY)) {
  process.stderr.write('Build first: npm run build\n');
  process.exit(2);
}
const adminUrl = process.env.DATABASE_URL;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
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

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The product, built, on a database of its own. */
async function startProduct(databaseUrl: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'waj-bench-'));
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'bench session secret, not a secret at all',
      MFA_SECRET_KEY: 'bench mfa key, not a secret at all either',
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 600) throw new Error('the product did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    pid: child.pid,
    /** Resident memory of the instance, in MB. */
    rssMb: () =>
      Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) /
      1024,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The floor (bench/bare-server.ts), in a process of its own as the product is. */
async function startBare(databaseUrl: string) {
  const child = spawn(process.execPath, ['bench/bare-server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').once('data', (line: string) => resolve(line.trim()));
    child.once('exit', () => reject(new Error('the bare server did not start')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

interface Load {
  rps: number;
  p99: number;
  errors: number;
  /** The server process's CPU time per request, in µs: what the ratio is made of. */
  cpuUs: number;
}

async function drive(
  { url, pid }: { url: string; pid: number | undefined },
  kind: 'read' | 'write',
): Promise<Load> {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      kind === 'read'
        ? { method: 'GET', path: '/api/site-settings/invite_mode' }
        : {
            method: 'POST',
            path: '/api/contact',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              name: 'Bench Visitor',
              email: 'bench.visitor@example.com',
              message: 'A question about the Titan card, asked by the throughput bench.',
              website: '',
            }),
          },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuUs: ((cpuSeconds(pid) - cpuBefore) * 1e6) / result.requests.total,
  };
}

const name = `waj_bench_rps_${Date.now()}`;
await adminQuery(`create database ${name}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
let failed = false;
try {
  const product = await startProduct(databaseUrl);
  const bare = await startBare(databaseUrl);
  try {
    const idleRss = product.rssMb();
    const totals = {
      product: { read: [] as Load[], write: [] as Load[] },
      bare: { read: [] as Load[], write: [] as Load[] },
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of KINDS) {
        totals.product[kind].push(await drive(product, kind));
        totals.bare[kind].push(await drive(bare, kind));
      }
    }
    const mean = (xs: Load[], key: keyof Load) => xs.reduce((a, x) => a + x[key], 0) / xs.length;
    const rows: string[] = [];
    for (const kind of KINDS) {
      const p = totals.product[kind];
      const b = totals.bare[kind];
      const ratio = mean(p, 'rps') / mean(b, 'rps');
      const p99 = Math.max(...p.map((x) => x.p99));
      const errors = p.reduce((a, x) => a + x.errors, 0);
      const target = TARGETS[kind];
      const ok = ratio >= target && p99 <= TARGETS.p99Ms && errors === 0;
      if (!ok) failed = true;
      rows.push(
        `| ${kind === 'read' ? 'GET /api/site-settings/invite_mode' : 'POST /api/contact'} | ` +
          `${Math.round(mean(p, 'rps'))} | ${Math.round(mean(b, 'rps'))} | ${ratio.toFixed(2)}× (≥ ${target}×) | ` +
          `${p99} ms (bare ${Math.max(...b.map((x) => x.p99))} ms) | ` +
          `${Math.round(mean(p, 'cpuUs'))} µs (bare ${Math.round(mean(b, 'cpuUs'))} µs) | ${errors} | ${ok ? 'ok' : 'MISSED'} |`,
      );
    }
    process.stdout.write(
      `\nThroughput per instance, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s rounds:\n\n` +
        '| call | product req/s | bare req/s | ratio | product p99 | server CPU a request | errors | |\n' +
        '| --- | --- | --- | --- | --- | --- | --- | --- |\n' +
        `${rows.join('\n')}\n\n` +
        `Product memory (RSS): ${idleRss.toFixed(0)} MB when started, ${product.rssMb().toFixed(0)} MB after the load.\n\n`,
    );
  } finally {
    await bare.stop();
    await product.stop();
  }
} finally {
  await adminQuery(`drop database if exists ${name} with (force)`);
}
if (failed) {
  process.stderr.write('throughput bench: a target was missed\n');
  process.exitCode = 1;
}
