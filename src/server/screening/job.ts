import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { applications, jobRuns, screeningListVersions } from '../db/schema.ts';
import { screenSubjects, type ScreeningSubject } from './screen.ts';
import type { Screening } from './screener.ts';

export const RESCREENING_JOB = 'screening';

/** Ongoing monitoring (MLR 2017 reg. 28(11)): everyone is screened again at least this often. */
export const RESCREEN_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Applicants screened per transaction. Their rows stay locked while they are matched, so a
 * batch is kept short: an applicant's own action waits at most one batch.
 */
const BATCH = 200;

export interface RescreeningOptions {
  db: Db;
  screening: Screening;
  now?: Date;
  /** Stops after this many batches (the next run goes on); unbounded by default. */
  maxBatches?: number;
  batchSize?: number;
}

/**
 * When a screening is out of date: older than a day, or older than the newest list version
 * loaded (a list that changed screens everyone again). Yente keeps its own lists: a day.
 */
async function dueBefore(db: Db, screening: Screening, now: Date): Promise<Date> {
  const daily = new Date(now.getTime() - RESCREEN_EVERY_MS);
  if (screening.provider.name !== 'builtin') return daily;
  const [latest] = await db
    .select({
      at: sql<Date | null>`max(${screeningListVersions.loadedAt})`.mapWith((v) => v && new Date(v)),
    })
    .from(screeningListVersions)
    .where(eq(screeningListVersions.isCurrent, true));
  const loaded = latest?.at ?? null;
  return loaded && loaded > daily ? loaded : daily;
}

/**
 * Screens again every applicant and member whose screening is out of date (CONTRACT §8): every
 * live application (not declined, not erased), never screened first, then the longest ago.
 *
 * Many instances may run it at once without screening anyone twice: each batch takes its rows
 * with `FOR UPDATE SKIP LOCKED` and marks them screened in the same transaction, so a row is
 * either in one instance's batch or already done. A batch that fails rolls back and its people
 * stay due. Returns the counts, or null when there is nothing to screen against.
 */
export async function runRescreening(
  options: RescreeningOptions,
): Promise<{ screened: number; alerts: number } | null> {
  const { db, screening } = options;
  if (!(await screening.ready())) return null;
  const now = options.now ?? new Date();
  const cutoff = await dueBefore(db, screening, now);
  // Marked screened after the cutoff even on a clock behind the newest list, or a batch would
  // be due again at once.
  const stamp = now > cutoff ? now : new Date(cutoff.getTime() + 1);
  const batchSize = options.batchSize ?? BATCH;
  const started = new Date();
  const totals = { screened: 0, alerts: 0 };
  for (let batch = 0; options.maxBatches === undefined || batch < options.maxBatches; batch++) {
    const done = await db.transaction(async (tx) => {
      const rows = await queryRows<{
        id: string;
        full_name: string | null;
        date_of_birth: string | null;
      }>(
        tx,
        sql`select a.id, a.full_name, d.date_of_birth::text as date_of_birth
          from ${applications} as a
          left join application_details as d on d.application_id = a.id
          where a.erased_at is null and a.stage <> 'declined'
            and (a.screened_at is null or a.screened_at < ${cutoff.toISOString()}::timestamptz)
          order by a.screened_at nulls first
          limit ${batchSize}
          for update of a skip locked`,
      );
      if (rows.length === 0) return true;
      const subjects: ScreeningSubject[] = rows.flatMap((row) =>
        row.full_name
          ? [{ applicationId: row.id, name: row.full_name, dateOfBirth: row.date_of_birth }]
          : [],
      );
      const result = await screenSubjects(tx, screening, subjects, stamp);
      // Nothing to screen yet (an invitation without a name): done for now all the same.
      const nameless = rows.filter((row) => !row.full_name).map((row) => row.id);
      if (nameless.length > 0) {
        await tx.execute(
          sql`update applications set screened_at = ${stamp.toISOString()}::timestamptz
            where id in (${sql.join(
              nameless.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
        );
      }
      totals.screened += result.screened;
      totals.alerts += result.alerts;
      return rows.length < batchSize;
    });
    if (done) break;
  }
  if (totals.screened > 0) {
    await db.insert(jobRuns).values({
      job: RESCREENING_JOB,
      startedAt: started,
      finishedAt: new Date(),
      status: 'ok',
      counts: totals,
    });
  }
  return totals;
}
