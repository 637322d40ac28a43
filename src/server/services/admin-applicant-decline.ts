import { and, eq } from 'drizzle-orm';
import { canDecline } from '#shared/case-rules.ts';
import { DECLINE_ALREADY_REQUESTED_MESSAGE } from '#shared/schemas/casework.ts';
import { DECLINE_WRONG_STAGE_MESSAGE } from '#shared/schemas/data-protection.ts';
import type { Stage } from '#shared/stages.ts';
import { lockApplication } from '../applicant/contact.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { declineRequests } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * `admin-applicant-decline` (CONTRACT §6, §9): asks for a decline. A decline ends the
 * application, so it takes effect only when a second member approves it in the approvals queue
 * (`admin-approval-decide`, which carries it out with declineApplication); until then the stage
 * does not move and the applicant is told nothing. The reason is staff's words: kept on the
 * request (erasable), never in the audit.
 */
export async function adminApplicantDecline(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  reason: string;
}): Promise<{ stage: Stage; requestId: string }> {
  return options.db.transaction(async (tx) => {
    const application = await lockApplication(tx, options.applicationId);
    if (!application || application.erasedAt) {
      throw new AppError('not_found', 'Application not found');
    }
    if (!canDecline(application.stage)) throw new AppError('conflict', DECLINE_WRONG_STAGE_MESSAGE);
    const [pending] = await tx
      .select({ id: declineRequests.id })
      .from(declineRequests)
      .where(
        and(
          eq(declineRequests.applicationId, options.applicationId),
          eq(declineRequests.status, 'pending'),
        ),
      );
    if (pending) throw new AppError('conflict', DECLINE_ALREADY_REQUESTED_MESSAGE);
    const [request] = await tx
      .insert(declineRequests)
      .values({
        applicationId: options.applicationId,
        reason: options.reason,
        requestedBy: options.actor.id,
      })
      .returning({ id: declineRequests.id });
    if (!request) throw new Error('decline_requests insert returned no row');
    await writeAudit(tx, {
      actor: options.actor,
      action: 'application.decline_request',
      target: { type: 'decline_request', id: request.id },
      applicationId: options.applicationId,
      after: { status: 'pending', stage: application.stage },
    });
    return { stage: application.stage, requestId: request.id };
  });
}
