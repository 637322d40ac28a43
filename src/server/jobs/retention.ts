import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { retentionCutoff, type ErasureReason } from '#shared/retention.ts';
import { stagesBefore } from '#shared/stages.ts';
import { deleted, deleteQueuedFiles, eraseApplication } from '../applicant/erase.ts';
import type { Actor } from '../audit.ts';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import {
  applicantSessions,
  applications,
  contactMessages,
  emailOutbox,
  eoiRequests,
  identityCheckEvents,
  identityChecks,
  jobRuns,
  magicLinks,
  staffAuthFailures,
  staffChallenges,
  staffInvitations,
  staffTokens,
} from '../db/schema.ts';
import { STAFF_AUTH_FAILURES } from '../rate-limits.ts';
import type { FileStorage } from '../storage/storage.ts';

export const RETENTION_JOB = 'retention';

/**
 * One key for every instance: `pg_try_advisory_xact_lock` lets one transaction in the whole
 * database run the job; the others skip this round (PGlite has the same function).
 */
const RETENTION_LOCK_KEY = 0x7761_6a01;

/** Applications erased per rule per run: a backlog is worked off over a few runs. */
const ERASE_BATCH = 200;

/** Stages whose inactive applications are erased (before a tier offer, CONTRACT §6). */
const INACTIVE_STAGES = stagesBefore('tier_offer');

const SYSTEM: Actor = { type: 'system', id: RETENTION_JOB };

export interface RetentionOptions {
  db: Db;
  storage: FileStorage;
  /** The clock: tests move it forward instead of waiting months. */
  now?: Date;
  /**
   * Called after each application is erased, inside the run's transaction. Tests throw here to
   * show a run that dies midway erases nothing, and the next one finishes the work.
   */
  afterErase?: (applicationId: string) => void | Promise<void>;
}

export type RetentionCounts = Record<string, number>;

/**
 * Runs every retention rule of src/shared/retention.ts once. All record changes happen in one
 * transaction holding the advisory lock, so the run is all-or-nothing and only one instance
 * runs at a time; stored files of erased records are deleted after it commits, from the
 * `file_deletions` queue (which also finishes any earlier run's). Returns the counts, or null
 * when another instance holds the lock. Each run is recorded in `job_runs`, failures too.
 */
export async function runRetention(options: RetentionOptions): Promise<RetentionCounts | null> {
  const { db } = options;
  const now = options.now ?? new Date();
  const started = Date.now();
  let counts: RetentionCounts | null;
  let runId: string | undefined;
  try {
    const result = await db.transaction(async (tx) => {
      const [lock] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`,
      );
      if (!lock?.locked) return null;
      const found = await applyRules(tx, now, options.afterErase);
      const [run] = await tx
        .insert(jobRuns)
        .values({
          job: RETENTION_JOB,
          startedAt: now,
          finishedAt: new Date(now.getTime() + (Date.now() - started)),
          status: 'ok',
          counts: found,
        })
        .returning({ id: jobRuns.id });
      return { counts: found, runId: run?.id };
    });
    counts = result?.counts ?? null;
    runId = result?.runId;
  } catch (error) {
    await recordFailure(db, now, error);
    throw error;
  }
  // After commit: the records are gone, so their files may go (any instance may do this).
  const files = await deleteQueuedFiles(db, options.storage);
  if (counts && runId) {
    counts = { ...counts, files };
    await db.update(jobRuns).set({ counts }).where(eq(jobRuns.id, runId));
  }
  return counts;
}

async function recordFailure(db: Db, now: Date, error: unknown): Promise<void> {
  // The error's kind and message only: a database error's detail can quote the row's values.
  const message =
    error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'error';
  await db
    .insert(jobRuns)
    .values({
      job: RETENTION_JOB,
      startedAt: now,
      finishedAt: new Date(),
      status: 'failed',
      error: message,
    })
    .catch(() => {});
}

async function applyRules(
  tx: Tx,
  now: Date,
  afterErase: RetentionOptions['afterErase'],
): Promise<RetentionCounts> {
  const counts: RetentionCounts = {};

  const erase = async (ids: string[], reason: ErasureReason) => {
    let erased = 0;
    for (const applicationId of ids) {
      if (await eraseApplication(tx, { applicationId, reason, now, actor: SYSTEM })) erased += 1;
      await afterErase?.(applicationId);
    }
    return erased;
  };

  const declined = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        isNull(applications.erasedAt),
        eq(applications.stage, 'declined'),
        lt(applications.declinedAt, retentionCutoff('declined', now)),
      ),
    )
    .limit(ERASE_BATCH);
  counts.declined = await erase(
    declined.map((r) => r.id),
    'declined',
  );

  // No activity: the application row unchanged and no audit row about it since the cutoff.
  const inactiveCutoff = retentionCutoff('inactive', now);
  const inactive = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        isNull(applications.erasedAt),
        inArray(applications.stage, INACTIVE_STAGES),
        lt(applications.updatedAt, inactiveCutoff),
        sql`not exists (select 1 from audit_log where audit_log.application_id = ${applications.id} and audit_log.at >= ${inactiveCutoff})`,
      ),
    )
    .limit(ERASE_BATCH);
  counts.inactive = await erase(
    inactive.map((r) => r.id),
    'inactive',
  );

  const inboxCutoff = retentionCutoff('inbox', now);
  counts.inbox =
    (await deleted(tx.delete(eoiRequests).where(lt(eoiRequests.updatedAt, inboxCutoff)))) +
    (await deleted(tx.delete(contactMessages).where(lt(contactMessages.updatedAt, inboxCutoff))));

  const sessionCutoff = retentionCutoff('sessions', now);
  // Ended 30 days ago: expired, or revoked/used/replaced (whichever came first).
  const ended = (expiresAt: PgColumn, ...ends: PgColumn[]) =>
    or(lt(expiresAt, sessionCutoff), ...ends.map((end) => lt(end, sessionCutoff)));
  counts.sessions =
    (await deleted(
      tx
        .delete(applicantSessions)
        .where(ended(applicantSessions.expiresAt, applicantSessions.revokedAt)),
    )) +
    (await deleted(
      tx.delete(staffTokens).where(ended(staffTokens.expiresAt, staffTokens.revokedAt)),
    )) +
    (await deleted(
      tx
        .delete(magicLinks)
        .where(ended(magicLinks.expiresAt, magicLinks.usedAt, magicLinks.retiredAt)),
    )) +
    (await deleted(
      tx.delete(staffChallenges).where(ended(staffChallenges.expiresAt, staffChallenges.usedAt)),
    )) +
    (await deleted(
      tx.delete(staffInvitations).where(ended(staffInvitations.expiresAt, staffInvitations.usedAt)),
    ));

  // Past the per-IP and per-account window, a failed staff sign-in no longer counts for anything.
  counts.sign_in_failures = await deleted(
    tx
      .delete(staffAuthFailures)
      .where(lt(staffAuthFailures.at, new Date(now.getTime() - STAFF_AUTH_FAILURES.windowMs))),
  );

  counts.mail_bodies = await deleted(
    tx
      .update(emailOutbox)
      .set({ text: '', html: null, bodyErasedAt: now })
      .where(
        and(
          eq(emailOutbox.status, 'sent'),
          isNull(emailOutbox.bodyErasedAt),
          lt(emailOutbox.sentAt, retentionCutoff('mail_bodies', now)),
        ),
      ),
  );

  const payloadCutoff = retentionCutoff('provider_payloads', now);
  counts.provider_payloads =
    (await deleted(
      tx
        .update(identityCheckEvents)
        .set({ payload: null })
        .where(
          and(
            isNotNull(identityCheckEvents.payload),
            lt(identityCheckEvents.receivedAt, payloadCutoff),
          ),
        ),
    )) +
    (await deleted(
      tx
        .update(identityChecks)
        .set({ rawPayload: null })
        .where(
          and(
            isNotNull(identityChecks.rawPayload),
            lt(
              sql`coalesce(${identityChecks.lastEventAt}, ${identityChecks.createdAt})`,
              payloadCutoff,
            ),
          ),
        ),
    ));

  return counts;
}
