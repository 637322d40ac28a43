/**
 * Part of `npm run bench`: the fuzz test's generator at scale. Sends FUZZ_RUNS (default 20,000)
 * generated requests over every route of the app's route table, on PGlite and, with
 * DATABASE_URL, on PostgreSQL, and fails on any 5xx, any error answer out of the contract's
 * shape or leaking internals, and any error-level log line.
 */
import { createTestApp } from '../tests/helpers/app.ts';
import { fuzzApp } from '../tests/helpers/fuzz.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);
const say = (line: string) => process.stdout.write(`${line}\n`);
const kinds = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

let failed = false;
for (const kind of kinds) {
  // tests/helpers/db.ts reads which database to make from WAJ_TEST_DB.
  process.env.WAJ_TEST_DB = kind;
  const logLines: string[] = [];
  const t = await createTestApp({ RATE_LIMIT_SCALE: '0' }, { logLines });
  try {
    const started = performance.now();
    const result = await fuzzApp(t, RUNS);
    const seconds = (performance.now() - started) / 1000;
    const errors = logLines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);
    const health = await t.app.inject('/healthz');
    const statuses = Object.entries(result.byStatus)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    say(
      `${kind}: ${result.requests} requests in ${seconds.toFixed(1)} s ` +
        `(${Math.round(result.requests / seconds)}/s); ${statuses}; ` +
        `${result.failures.length} bad answers, ${errors.length} error log lines, ` +
        `health ${health.statusCode}`,
    );
    for (const f of result.failures.slice(0, 10)) say(`   ${JSON.stringify(f)}`);
    for (const line of errors.slice(0, 5)) say(`   ${line.slice(0, 300)}`);
    if (result.failures.length || errors.length || health.statusCode !== 200) failed = true;
  } finally {
    await t.close();
  }
}
process.exitCode = failed ? 1 : 0;
