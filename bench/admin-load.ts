/**
 * The staff of bench/admin.ts: a thread of its own that calls each query, so the clients' work
 * (building requests, reading answers) does not run on the server's event loop, as real staff's
 * browsers do not. Every query is called once first (warming up), then each is measured in
 * turn: `calls` calls, `concurrency` at a time, each timed from send to last byte.
 *
 * The calls go through `node:http` on kept-alive connections, and the compressed answer is read
 * as sent, not inflated: on this machine the staff's browsers share the server's two cores, and
 * `fetch` (with inflating) cost about 1 ms of CPU a call, a sixth of everything a list call
 * costs the machine, which real staff spend on their own computers.
 */
import { Agent, request } from 'node:http';
import { gunzipSync } from 'node:zlib';
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
  /** CPU per call: the server's thread, and PostgreSQL's processes (set by admin.ts). */
  serverCpuMs?: number;
  postgresCpuMs?: number;
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

const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });

interface Answer {
  ok: boolean;
  status: number;
  /** The body as sent (gzip-compressed when large enough). */
  body: Buffer;
  encoding: string | undefined;
}

function call(name: string, body: object): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      options.base + name,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-admin-pass': options.token,
          'accept-encoding': 'gzip',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          resolve({
            ok: status >= 200 && status < 300,
            status,
            body: Buffer.concat(chunks),
            encoding: res.headers['content-encoding'],
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The answer's text, inflated when it came compressed (the first call of each query only). */
function text(answer: Answer): string {
  return (answer.encoding === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8');
}

/** Ten connections in the server's pool, six runs each, and some to spare. */
const WARM_UP_CALLS = 80;

async function measure(c: Case): Promise<Result> {
  const first = await call(c.call, c.body);
  if (!first.ok) {
    // A call or a filter another change has not added yet: shown, not fatal.
    const refused = `${first.status} ${text(first).slice(0, 120)}`;
    return { ...c, total: null, calls: 0, failed: 0, p50: NaN, p95: NaN, refused };
  }
  const { total } = JSON.parse(text(first)) as { total?: number };
  // Warming up, untimed: a server that has run a while has prepared its statements on every
  // pooled connection and PostgreSQL has settled on their plans (after five runs on each), so
  // WARM_UP_CALLS go first, `concurrency` at a time, spreading them over the whole pool.
  let warming = 0;
  const warm = async () => {
    while (warming < WARM_UP_CALLS) {
      warming += 1;
      await call(c.call, c.body);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, warm));
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
for (const c of options.cases) await call(c.call, c.body);
for (const c of options.cases) parentPort!.postMessage((await measure(c)) satisfies LoadMessage);
parentPort!.postMessage(null satisfies LoadMessage);
