import { eq } from 'drizzle-orm';
import {
  NOT_ESCALATED_MESSAGE,
  type Escalation,
  type MlroDecision,
} from '#shared/schemas/casework.ts';
import { latestEscalation, openEscalationOf } from '../applicant/escalation.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { applications, caseEscalations } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * `admin-case-mlro-decide` (mlro): closes the escalation with 'no_report' or 'reported' (with
 * the report's reference) and a reason, and the hold ends. The decision, reference and reason
 * are kept on the escalation; the audit row says only which decision was made.
 */
export async function adminCaseMlroDecide(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  decision: MlroDecision;
  reference: string | undefined;
  reason: string;
  levelHours: number;
}): Promise<Escalation> {
  return options.db.transaction(async (tx) => {
    const [application] = await tx
      .select({ erasedAt: applications.erasedAt })
      .from(applications)
      .where(eq(applications.id, options.applicationId))
      .for('update');
    if (!application || application.erasedAt) {
      throw new AppError('not_found', 'Application not found');
    }
    const [closed] = await tx
      .update(caseEscalations)
      .set({
        status: 'closed',
        decision: options.decision,
        reference: options.decision === 'reported' ? (options.reference ?? null) : null,
        decisionReason: options.reason,
        decidedBy: options.actor.id,
        decidedAt: new Date(),
      })
      .where(openEscalationOf(options.applicationId))
      .returning({ id: caseEscalations.id });
    if (!closed) throw new AppError('conflict', NOT_ESCALATED_MESSAGE);
    await writeAudit(tx, {
      actor: options.actor,
      action: 'case.mlro_decide',
      target: { type: 'escalation', id: closed.id },
      applicationId: options.applicationId,
      before: { status: 'open' },
      after: { status: 'closed', decision: options.decision },
    });
    const escalation = await latestEscalation(tx, options.applicationId, options.levelHours);
    if (!escalation) throw new Error('escalation not read back');
    return escalation;
  });
}
