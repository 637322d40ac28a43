import { KYC_FILES_REQUIRED_MESSAGE } from '#shared/schemas/journey.ts';
import { writeAudit } from '../audit.ts';
import { identityChecks } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { AppError } from '../errors.ts';
import { queueEmail } from '../mail/outbox.ts';
import { staffNotification } from '../mail/staff-notification.ts';
import { completeIfApproved, currentKycFiles } from './files.ts';
import type { KycProvider } from './types.ts';

/**
 * Builtin verification: the applicant uploads an ID document and a selfie (`apply-kyc-upload`)
 * and staff approve or reject each (`admin-kyc-action`). Starting hands the pair to staff.
 */
export function builtinProvider(env: Pick<Env, 'STAFF_EMAIL' | 'PUBLIC_URL'>): KycProvider {
  return {
    name: 'builtin',
    acceptsUploads: true,
    prepare: async () => null,
    async start(tx, application, _prepared, actor) {
      const current = await currentKycFiles(tx, application.id);
      const ready = [current.document, current.selfie].every(
        (file) => file && file.status !== 'rejected',
      );
      if (!ready) throw new AppError('invalid_input', KYC_FILES_REQUIRED_MESSAGE);

      const [check] = await tx
        .insert(identityChecks)
        .values({
          applicationId: application.id,
          provider: 'builtin',
          status: 'submitted',
          lastEvent: 'submitted',
          lastEventAt: new Date(),
        })
        .returning({ id: identityChecks.id });
      await writeAudit(tx, {
        actor,
        action: 'identity_check.create',
        target: { type: 'identity_check', id: check?.id ?? null },
        applicationId: application.id,
        after: { provider: 'builtin', status: 'submitted' },
      });
      await queueEmail(tx, {
        applicationId: application.id,
        ...staffNotification({
          to: env.STAFF_EMAIL,
          template: 'kyc.staff_notification',
          subject: 'Identity documents to review',
          subjectName: application.fullName ?? 'Unknown Applicant',
          fields: [
            ['Name', application.fullName],
            ['Email', application.email],
          ],
          footer: `Review them in the KYC tab: ${env.PUBLIC_URL}/admin`,
        }),
      });
      // Staff may already have approved both files before the applicant pressed start.
      const stage = await completeIfApproved(
        tx,
        { id: application.id, stage: 'kyc_in_progress' },
        actor,
      );
      return { stage };
    },
  };
}
