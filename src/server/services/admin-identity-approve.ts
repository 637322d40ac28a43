import { screenApplication } from '../screening/screen.ts';
import type { Screening } from '../screening/screener.ts';
import { lockApplication } from '../applicant/contact.ts';
import { and, eq } from 'drizzle-orm';
import { IDENTITY_APPROVE_WRONG_STATE } from '#shared/schemas/case.ts';
import type { Stage } from '#shared/stages.ts';
import { canApproveIdentity } from '#shared/case-rules.ts';
import { moveStage } from '../applicant/stage.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { identityChecks } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * `admin-identity-approve` (owner, compliance): Veriff's decline is advice, and this is the
 * other half of the decision staff are asked for (the first is `admin-applicant-decline`).
 * Only for an application waiting at `kyc_in_progress` whose current identity check Veriff
 * declined; it moves on to `kyc` (the Offers queue). Veriff's own decision stays recorded as
 * it came; the approval, who gave it and the written reason go on the check. The reason is
 * staff's words about a person: it stays on the row (erased with it), never in the audit log.
 */
export async function adminIdentityApprove(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  reason: string;
  screening: Screening;
  now?: Date;
}): Promise<Stage> {
  return options.db.transaction(async (tx) => {
    // Locks the application: an approval and a decline (or a late webhook) cannot cross.
    const application = await lockApplication(tx, options.applicationId);
    if (!application || application.erasedAt) {
      throw new AppError('not_found', 'Application not found');
    }
    const [check] = await tx
      .select({ id: identityChecks.id, decision: identityChecks.decision })
      .from(identityChecks)
      .where(
        and(
          eq(identityChecks.applicationId, options.applicationId),
          eq(identityChecks.isCurrent, true),
        ),
      )
      .for('update');
    if (!check || !canApproveIdentity(application.stage, check.decision)) {
      throw new AppError('conflict', IDENTITY_APPROVE_WRONG_STATE, {
        details: { stage: application.stage },
      });
    }
    await tx
      .update(identityChecks)
      .set({
        staffApprovedAt: options.now ?? new Date(),
        staffApprovedBy: options.actor.id,
        staffApproveReason: options.reason,
      })
      .where(eq(identityChecks.id, check.id));
    await writeAudit(tx, {
      actor: options.actor,
      action: 'identity_check.staff_approve',
      target: { type: 'identity_check', id: check.id },
      applicationId: options.applicationId,
      // The reason stays in identity_checks; it describes a person (decision 031).
      after: { decision: check.decision, fields: ['reason'] },
    });
    const stage = await moveStage(tx, {
      applicationId: options.applicationId,
      from: ['kyc_in_progress'],
      to: 'kyc',
      actor: options.actor,
      action: 'application.kyc_complete',
      conflictMessage: IDENTITY_APPROVE_WRONG_STATE,
    });
    // Identity approved: screened again (CONTRACT §8).
    await screenApplication(tx, options.screening, options.applicationId);
    return stage;
  });
}
