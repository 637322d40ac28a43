import { ALREADY_ESCALATED_MESSAGE, type Escalation } from '#shared/schemas/casework.ts';
import { lockApplication } from '../applicant/contact.ts';
import { isHeld, latestEscalation } from '../applicant/escalation.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { caseEscalations } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * `admin-case-escalate` (compliance): puts a case in the MLRO's queue and holds it (no offer,
 * no activation) until they decide. The applicant is told nothing; the audit row records that
 * the case was escalated, never why.
 */
export async function adminCaseEscalate(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  reason: string;
  levelHours: number;
}): Promise<Escalation> {
  return options.db.transaction(async (tx) => {
    const application = await lockApplication(tx, options.applicationId);
    if (!application || application.erasedAt) {
      throw new AppError('not_found', 'Application not found');
    }
    if (await isHeld(tx, options.applicationId)) {
      throw new AppError('conflict', ALREADY_ESCALATED_MESSAGE);
    }
    const [row] = await tx
      .insert(caseEscalations)
      .values({
        applicationId: options.applicationId,
        reason: options.reason,
        escalatedBy: options.actor.id,
      })
      .returning({ id: caseEscalations.id });
    if (!row) throw new Error('case_escalations insert returned no row');
    await writeAudit(tx, {
      actor: options.actor,
      action: 'case.escalate',
      target: { type: 'escalation', id: row.id },
      applicationId: options.applicationId,
      after: { status: 'open', stage: application.stage },
    });
    const escalation = await latestEscalation(tx, options.applicationId, options.levelHours);
    if (!escalation || escalation.id !== row.id) throw new Error('escalation not read back');
    return escalation;
  });
}
