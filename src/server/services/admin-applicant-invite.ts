import { applicationContact } from '../applicant/contact.ts';
import type { Actor } from '../audit.ts';
import { moveStage } from '../applicant/stage.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { insertInviteCodes } from '../lib/invite-code.ts';
import { queueEmail } from '../mail/outbox.ts';
import { invitationCodeMail } from '../mail/templates/invitation-code.ts';

export const NOT_BASIC_MESSAGE = 'Only an application awaiting review can be invited.';

/**
 * `admin-applicant-invite`: staff accept an application from the public form. A code bound to
 * that application and its e-mail is issued, the application moves basic → invited, and the
 * invitation is queued, all in one transaction: a code exists only if it was sent.
 */
export async function adminApplicantInvite(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  publicUrl: string;
}): Promise<{ code: string }> {
  return options.db.transaction(async (tx) => {
    const application = await applicationContact(tx, options.applicationId);
    if (!application) throw new AppError('not_found', 'Application not found');
    if (application.stage !== 'basic') {
      throw new AppError('conflict', NOT_BASIC_MESSAGE, { details: { stage: application.stage } });
    }
    if (!application.email) {
      throw new AppError('invalid_input', 'This application has no e-mail address to invite.');
    }
    const [created] = await insertInviteCodes(tx, {
      count: 1,
      issuedTo: application.email,
      issuedApplicationId: options.applicationId,
    });
    if (!created) throw new Error('invite code insert returned no row');
    // The conditional move: a second invite, or one racing this, finds the stage moved and
    // rolls back its code too.
    await moveStage(tx, {
      applicationId: options.applicationId,
      from: ['basic'],
      to: 'invited',
      actor: options.actor,
      action: 'application.invite',
      detail: { invite_code_id: created.id },
      conflictMessage: NOT_BASIC_MESSAGE,
    });
    await queueEmail(tx, {
      to: application.email,
      applicationId: options.applicationId,
      template: 'admin_applicant_invite.invitation_code',
      ...invitationCodeMail({
        fullName: application.fullName,
        codes: [created.code],
        publicUrl: options.publicUrl,
      }),
    });
    return { code: created.code };
  });
}
