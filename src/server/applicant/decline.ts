import { eq } from 'drizzle-orm';
import { DECLINE_WRONG_STAGE_MESSAGE } from '#shared/schemas/data-protection.ts';
import type { Stage } from '#shared/stages.ts';
import { moveStage } from '../applicant/stage.ts';
import type { Actor } from '../audit.ts';
import type { Tx } from '../db/client.ts';
import { applications } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { queueEmail } from '../mail/outbox.ts';
import { applicationDeclinedMail } from '../mail/templates/application-declined.ts';

/**
 * A decline carried out (CONTRACT §6, §9), once a second member approved the request of
 * `admin-applicant-decline`: any stage before `activated` → `declined`, which ends the
 * application. The applicant is told politely by e-mail and on their screens; the reason is
 * staff's, kept on the application (erasable) and never shown or sent to the applicant. The
 * retention job erases the application two months later. Runs in the caller's transaction.
 */
export async function declineApplication(
  tx: Tx,
  options: {
    /** The approving member: the stage move is theirs. */
    actor: Actor & { type: 'staff' };
    applicationId: string;
    reason: string;
    publicUrl: string;
    now?: Date;
  },
): Promise<Stage> {
  const [application] = await tx
    .select({
      fullName: applications.fullName,
      email: applications.email,
      erasedAt: applications.erasedAt,
    })
    .from(applications)
    .where(eq(applications.id, options.applicationId))
    .for('update');
  if (!application || application.erasedAt) {
    throw new AppError('not_found', 'Application not found');
  }
  const stage = await moveStage(tx, {
    applicationId: options.applicationId,
    to: 'declined',
    actor: options.actor,
    action: 'application.decline',
    set: { declinedAt: options.now ?? new Date(), declineReason: options.reason },
    conflictMessage: DECLINE_WRONG_STAGE_MESSAGE,
  });
  if (application.email) {
    await queueEmail(tx, {
      to: application.email,
      applicationId: options.applicationId,
      template: 'admin_applicant_decline.application_declined',
      ...applicationDeclinedMail({
        fullName: application.fullName,
        publicUrl: options.publicUrl,
      }),
    });
  }
  return stage;
}
