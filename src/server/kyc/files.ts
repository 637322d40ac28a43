import { and, desc, eq, sql } from 'drizzle-orm';
import type { KycFileType, Stage } from '#shared/stages.ts';
import type { Actor } from '../audit.ts';
import type { Db, Tx } from '../db/client.ts';
import { identityChecks, kycFiles } from '../db/schema.ts';
import { moveStage } from '../applicant/stage.ts';

export type KycFileRow = typeof kycFiles.$inferSelect;

/** The newest upload of each type: the one under review, or the one the applicant must replace. */
export async function currentKycFiles(
  db: Db | Tx,
  applicationId: string,
): Promise<Partial<Record<KycFileType, KycFileRow>>> {
  const rows = await db
    .select()
    .from(kycFiles)
    .where(eq(kycFiles.applicationId, applicationId))
    .orderBy(desc(kycFiles.uploadedAt));
  const current: Partial<Record<KycFileType, KycFileRow>> = {};
  for (const row of rows) current[row.type] ??= row;
  return current;
}

/** The newest builtin identity check of an application, if any. */
export async function latestBuiltinCheck(tx: Tx, applicationId: string) {
  const [row] = await tx
    .select({ id: identityChecks.id })
    .from(identityChecks)
    .where(
      and(eq(identityChecks.applicationId, applicationId), eq(identityChecks.provider, 'builtin')),
    )
    .orderBy(desc(identityChecks.createdAt))
    .limit(1);
  return row;
}

/**
 * Builtin review: once the current document and selfie are both approved, an application in
 * `kyc_in_progress` moves to `kyc` and its identity check is approved. Answers the stage after.
 */
export async function completeIfApproved(
  tx: Tx,
  application: { id: string; stage: Stage },
  actor: Actor,
): Promise<Stage> {
  if (application.stage !== 'kyc_in_progress') return application.stage;
  const current = await currentKycFiles(tx, application.id);
  if (current.document?.status !== 'approved' || current.selfie?.status !== 'approved') {
    return application.stage;
  }
  const check = await latestBuiltinCheck(tx, application.id);
  if (check) {
    await tx
      .update(identityChecks)
      .set({
        status: 'approved',
        decision: 'approved',
        lastEvent: 'approved',
        lastEventAt: sql`now()`,
      })
      .where(eq(identityChecks.id, check.id));
  }
  return moveStage(tx, {
    applicationId: application.id,
    from: ['kyc_in_progress'],
    to: 'kyc',
    actor,
    action: 'application.kyc_complete',
    detail: { provider: 'builtin' },
  });
}
