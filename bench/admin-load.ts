/**
 * The staff of bench/admin.ts: a thread of its own that calls each query, so the clients' work
 * (building requests, reading and inflating answers) does not run on the server's event loop,
 * as real staff's browsers do not. Every query is called once first (warming up), then each is
 * measured in turn: `calls` calls, `concurrency` at a time, each timed from send to last byte.
 */
import { parentPort, workerData } from 'node:worker_threads';

export type Case = { call: string; label: string; body: object };
export type Result = Case & {
  total: number | null;
  calls: number;
  /** Calls answered with an error (e.g. 503 when no database connection came free in time). */
  failed: number;
  p50: number;
  p95: number;
  refused?: string;
  /** The server thread's busy time per call (set by admin.ts). */
  serverMs?: number;
};
export type LoadOptions = {
  base: string;
  token: string;
  cases: Case[];
  calls: number;
  concurrency: number;
  /** No new call of a query is started after this long: a slow query cannot stall the run. */
  caseSeconds: number;
};
/**
 * `'start'` just before a query's timed calls (the server thread's busy time is measured from
 * there), its Result once they are done, then `null` once all are done.
 */
export type LoadMessage = 'start' | Result | null;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const options = workerData as LoadOptions;

const call = (name: string, body: object) =>
  fetch(options.base + name, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-admin-pass': options.token,
      'accept-encoding': 'gzip',
    },
    body: JSON.stringify(body),
  });

async function measure(c: Case): Promise<Result> {
  const first = await call(c.call, c.body);
  if (!first.ok) {
    // A call or a filter another change has not added yet: shown, not fatal.
    const refused = `${first.status} ${(await first.text()).slice(0, 120)}`;
    return { ...c, total: null, calls: 0, failed: 0, p50: NaN, p95: NaN, refused };
  }
  const { total } = (await first.json()) as { total?: number };
  parentPort!.postMessage('start' satisfies LoadMessage);
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  const until = performance.now() + options.caseSeconds * 1000;
  const client = async () => {
    while (next < options.calls && (next < options.concurrency || performance.now() < until)) {
      next += 1;
      const started = performance.now();
      const res = await call(c.call, c.body);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      if (!res.ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  times.sort((a, b) => a - b);
  return {
    ...c,
    total: total ?? null,
    calls: times.length,
    failed: failures,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
  };
}

// The first calls pay for compiling the server's code and filling PostgreSQL's caches, which a
// running server paid long ago.
for (const c of options.cases) await (await call(c.call, c.body)).arrayBuffer();
for (const c of options.cases) parentPort!.postMessage((await measure(c)) satisfies LoadMessage);
parentPort!.postMessage(null satisfies LoadMessage);
