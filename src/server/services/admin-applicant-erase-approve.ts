import { and, eq } from 'drizzle-orm';
import {
  ERASE_NOT_REQUESTED_MESSAGE,
  ERASE_SELF_APPROVAL_MESSAGE,
} from '#shared/schemas/data-protection.ts';
import { ERASE_REFUSED_MEMBER_MESSAGE } from '#shared/retention.ts';
import { eraseApplication } from '../applicant/erase.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { applications, erasureRequests } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { publishEvent } from '../events.ts';

/**
 * `admin-applicant-erase-approve` (CONTRACT §6): a second owner or compliance member, never the
 * requester, approves the pending request and the applicant is erased in the same transaction.
 * The stored files are deleted right after commit (`deleteQueuedFiles`), and by the next
 * retention run if this process stops first.
 */
export async function adminApplicantEraseApprove(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  now?: Date;
}): Promise<Date> {
  const now = options.now ?? new Date();
  return options.db.transaction(async (tx) => {
    const [application] = await tx
      .select({ stage: applications.stage })
      .from(applications)
      .where(eq(applications.id, options.applicationId))
      .for('update');
    if (!application) throw new AppError('not_found', 'Application not found');
    const [request] = await tx
      .select({ id: erasureRequests.id, requestedBy: erasureRequests.requestedBy })
      .from(erasureRequests)
      .where(
        and(
          eq(erasureRequests.applicationId, options.applicationId),
          eq(erasureRequests.status, 'pending'),
        ),
      )
      .for('update');
    if (!request) throw new AppError('conflict', ERASE_NOT_REQUESTED_MESSAGE);
    if (request.requestedBy === options.actor.id) {
      throw new AppError('forbidden', ERASE_SELF_APPROVAL_MESSAGE);
    }
    // The applicant may have become a member since the request was made.
    if (application.stage === 'activated') {
      throw new AppError('conflict', ERASE_REFUSED_MEMBER_MESSAGE);
    }
    await tx
      .update(erasureRequests)
      .set({ status: 'approved', approvedBy: options.actor.id, approvedAt: now })
      .where(eq(erasureRequests.id, request.id));
    await writeAudit(tx, {
      actor: options.actor,
      action: 'application.erase_approve',
      target: { type: 'erasure_request', id: request.id },
      applicationId: options.applicationId,
      after: { status: 'approved' },
    });
    await eraseApplication(tx, {
      applicationId: options.applicationId,
      reason: 'request',
      now,
      actor: options.actor,
    });
    await publishEvent(tx, {
      type: 'stage',
      applicationId: options.applicationId,
      stage: application.stage,
    });
    return now;
  });
}
