import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '#server/db/client.ts';
import { applications, auditLog, jobRuns } from '#server/db/schema.ts';
import { runRetention } from '#server/jobs/retention.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { TEST_DB_KIND } from '../helpers/db.ts';

/**
 * Two instances running the retention job at the same moment (CONTRACT §6, §7): the advisory
 * lock lets one of them work, so each record is erased once. On PostgreSQL the second instance
 * is a second connection pool, as another machine would be; PGlite has one connection, so there
 * the two runs simply queue.
 */

let t: TestApp;
let second: Database | undefined;
beforeAll(async () => {
  t = await createTestApp();
  if (TEST_DB_KIND === 'postgres') {
    const [row] = await queryRows<{ name: string }>(
      t.ctx.db,
      sql`select current_database() as name`,
    );
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    second = await openDatabase({ url: url.toString(), dataDir: 'memory' });
  }
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

it('erases each record once when two instances run the job together', async () => {
  const declinedAt = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000);
  const rows = await t.ctx.db
    .insert(applications)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        fullName: `Twice Person ${i}`,
        email: `twice.${i}@example.com`,
        source: 'application' as const,
        stage: 'declined' as const,
        declinedAt,
      })),
    )
    .returning({ id: applications.id });
  const ids = rows.map((r) => r.id);

  const results = await Promise.all([
    runRetention({ db: t.ctx.db, storage: t.ctx.storage }),
    runRetention({ db: (second ?? t.ctx.database).db, storage: t.ctx.storage }),
  ]);
  const erased = results.reduce((sum, counts) => sum + (counts?.declined ?? 0), 0);
  expect(erased).toBe(ids.length);

  const erasures = await t.ctx.db
    .select({ applicationId: auditLog.applicationId })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'application.erase'), inArray(auditLog.applicationId, ids)));
  expect(erasures.map((r) => r.applicationId).sort()).toEqual([...ids].sort());
  const left = await t.ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(inArray(applications.id, ids), sql`${applications.erasedAt} is null`));
  expect(left).toEqual([]);
  // A run that found the lock taken records nothing; at most two runs, both successful.
  const runs = await t.ctx.db.select().from(jobRuns);
  expect(runs.length).toBeGreaterThanOrEqual(1);
  expect(runs.every((run) => run.status === 'ok')).toBe(true);
});
