import { lockApplication } from '../applicant/contact.ts';
import { and, eq } from 'drizzle-orm';
import {
  ALREADY_ERASED_MESSAGE,
  ERASE_ALREADY_REQUESTED_MESSAGE,
} from '#shared/schemas/data-protection.ts';
import { ERASE_REFUSED_MEMBER_MESSAGE } from '#shared/retention.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { erasureRequests } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * `admin-applicant-erase` (CONTRACT §6): records one member's request to erase an applicant.
 * Nothing is erased until a different owner or compliance member approves it
 * (`admin-applicant-erase-approve`). Members (`activated`) are refused: anti-money-laundering
 * law keeps their records.
 */
export async function adminApplicantErase(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  reason: string;
}): Promise<string> {
  return options.db.transaction(async (tx) => {
    const application = await lockApplication(tx, options.applicationId);
    if (!application) throw new AppError('not_found', 'Application not found');
    if (application.erasedAt) throw new AppError('conflict', ALREADY_ERASED_MESSAGE);
    if (application.stage === 'activated') {
      throw new AppError('conflict', ERASE_REFUSED_MEMBER_MESSAGE);
    }
    const [pending] = await tx
      .select({ id: erasureRequests.id })
      .from(erasureRequests)
      .where(
        and(
          eq(erasureRequests.applicationId, options.applicationId),
          eq(erasureRequests.status, 'pending'),
        ),
      );
    if (pending) throw new AppError('conflict', ERASE_ALREADY_REQUESTED_MESSAGE);
    const [request] = await tx
      .insert(erasureRequests)
      .values({
        applicationId: options.applicationId,
        reason: options.reason,
        requestedBy: options.actor.id,
      })
      .returning({ id: erasureRequests.id });
    if (!request) throw new Error('erasure_requests insert returned no row');
    await writeAudit(tx, {
      actor: options.actor,
      action: 'application.erase_request',
      target: { type: 'erasure_request', id: request.id },
      applicationId: options.applicationId,
      after: { status: 'pending', stage: application.stage },
    });
    return request.id;
  });
}
