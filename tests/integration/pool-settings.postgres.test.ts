import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** Decision 040: the app's queries start no parallel workers (they cost more than they save). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

it('runs its queries without parallel workers on every pooled connection', async () => {
  // Several at once, so more than one connection of the pool answers.
  const answers = await Promise.all(
    Array.from({ length: 4 }, () =>
      queryRows<{ workers: string }>(
        t.ctx.db,
        sql`select current_setting('max_parallel_workers_per_gather') as workers, pg_sleep(0.05)`,
      ),
    ),
  );
  expect(answers.map(([row]) => row!.workers)).toEqual(['0', '0', '0', '0']);
});
