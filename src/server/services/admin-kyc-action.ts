import { screenApplication } from '../screening/screen.ts';
import type { Screening } from '../screening/screener.ts';
import { eq, sql } from 'drizzle-orm';
import { lockApplication } from '../applicant/contact.ts';
import { KYC_DEFAULT_REJECTION_REASON } from '#shared/schemas/journey.ts';
import type { KycFileStatus, Stage } from '#shared/stages.ts';
import { moveStage } from '../applicant/stage.ts';
import { DECLINED_APPLICATION_MESSAGE } from '#shared/schemas/data-protection.ts';
import { writeAudit } from '../audit.ts';
import type { StaffIdentity } from '../auth/staff.ts';
import type { Db } from '../db/client.ts';
import { identityChecks, kycFiles } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { mailActionNeeded } from '../kyc/action-needed.ts';
import { completeIfApproved, latestBuiltinCheck } from '../kyc/files.ts';
import { documentRejectedMail } from '../mail/templates/identity-action-needed.ts';

export const KYC_FILE_NOT_FOUND = 'File not found';
export const KYC_ALREADY_REVIEWED = 'This file has already been reviewed.';

export interface KycActionInput {
  file_id: string;
  action: 'approve' | 'reject';
  notes: string | null;
  reason: string | null;
}

/**
 * `admin-kyc-action`: staff approve or reject one pending file. Notes stay internal; a
 * rejection carries a reason the applicant reads. Both current files approved moves the
 * application `kyc_in_progress` → `kyc`; a rejection moves it back to `detailed` so the
 * applicant can upload again, and e-mails them which file, the reason and a link back to the
 * upload that works on any device (nobody waits in silence for a file that will never pass).
 * The review, the move, the mail and their audit rows commit together.
 */
export async function adminKycAction(options: {
  db: Db;
  input: KycActionInput;
  staff: StaffIdentity;
  /** For the rejection mail's resume link. */
  secret: string;
  publicUrl: string;
  screening: Screening;
}): Promise<{ status: KycFileStatus; stage: Stage; mailed: boolean }> {
  const { input, staff } = options;
  const actor = staff.actor;
  return options.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ applicationId: kycFiles.applicationId })
      .from(kycFiles)
      .where(eq(kycFiles.id, input.file_id));
    if (!owner) throw new AppError('not_found', KYC_FILE_NOT_FOUND);
    // Application first, then the file: the same order as uploads, so the two never deadlock.
    const application = await lockApplication(tx, owner.applicationId);
    const [file] = await tx
      .select({ id: kycFiles.id, type: kycFiles.type, status: kycFiles.status })
      .from(kycFiles)
      .where(eq(kycFiles.id, input.file_id))
      .for('update');
    // A file replaced by a newer upload while staff looked at it is gone.
    if (!application || !file) throw new AppError('not_found', KYC_FILE_NOT_FOUND);
    if (file.status !== 'pending') throw new AppError('conflict', KYC_ALREADY_REVIEWED);
    // A declined application has ended: its files are kept for the record, not reviewed.
    if (application.stage === 'declined') {
      throw new AppError('conflict', DECLINED_APPLICATION_MESSAGE);
    }

    const status = input.action === 'approve' ? 'approved' : 'rejected';
    const rejectionReason =
      status === 'rejected' ? (input.reason ?? KYC_DEFAULT_REJECTION_REASON) : null;
    await tx
      .update(kycFiles)
      .set({
        status,
        staffNotes: input.notes,
        rejectionReason,
        reviewedAt: sql`now()`,
        reviewedBy: actor.id,
      })
      .where(eq(kycFiles.id, file.id));
    await writeAudit(tx, {
      actor,
      action: `kyc_file.${input.action}`,
      target: { type: 'kyc_file', id: file.id },
      applicationId: application.id,
      before: { status: file.status },
      // The texts stay in kyc_files; the audit row names the fields only (CONTRACT §6).
      after: {
        status,
        type: file.type,
        fields: [
          ...(input.notes ? ['notes'] : []),
          ...(rejectionReason ? ['rejection_reason'] : []),
        ],
      },
    });

    if (status === 'approved') {
      const stage = await completeIfApproved(tx, application, actor);
      // Identity approved: screened again (CONTRACT §8), with the name as verified.
      if (stage === 'kyc' && application.stage !== 'kyc') {
        await screenApplication(tx, options.screening, application.id);
      }
      return { status, stage, mailed: false };
    }
    // Only an applicant still at the identity step can act on it (not one already past it).
    const mailed =
      application.stage === 'detailed' || application.stage === 'kyc_in_progress'
        ? await mailActionNeeded(tx, {
            applicationId: application.id,
            secret: options.secret,
            publicUrl: options.publicUrl,
            template: 'admin_kyc_action.document_rejected',
            mail: (link) =>
              documentRejectedMail({
                ...link,
                type: file.type,
                reason: rejectionReason ?? KYC_DEFAULT_REJECTION_REASON,
              }),
          })
        : false;
    if (application.stage !== 'kyc_in_progress') {
      return { status, stage: application.stage, mailed };
    }
    const check = await latestBuiltinCheck(tx, application.id);
    if (check) {
      await tx
        .update(identityChecks)
        .set({
          decision: 'resubmission_requested',
          lastEvent: 'resubmission_requested',
          lastEventAt: sql`now()`,
        })
        .where(eq(identityChecks.id, check.id));
    }
    const stage = await moveStage(tx, {
      applicationId: application.id,
      from: ['kyc_in_progress'],
      to: 'detailed',
      actor,
      action: 'application.kyc_resubmit',
      detail: { file_id: file.id, type: file.type },
    });
    return { status, stage, mailed };
  });
}
