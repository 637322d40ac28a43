import { eq } from 'drizzle-orm';
import { issueMagicLink, MAGIC_LINK_TTL_WORDS } from '../applicant/magic-link.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { confirmEmailMail } from '../mail/templates/confirm-email.ts';
import { resumeLinkMail } from '../mail/templates/resume-link.ts';

export const NO_EMAIL_MESSAGE = 'This application has no e-mail address to send a link to.';

/**
 * `admin-applicant-resend-link`: a fresh single-use resume link, sent only to the application's
 * own e-mail address (staff never see the link). Link, mail and audit commit together. An
 * address nobody has proved yet gets the link as 'Confirm your e-mail address', so its owner
 * knows that using it ties the address to this application (docs/decisions/026).
 */
export async function adminApplicantResendLink(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  applicationId: string;
  secret: string;
  publicUrl: string;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    const [application] = await tx
      .select({
        email: applications.email,
        fullName: applications.fullName,
        verifiedAt: applications.emailVerifiedAt,
      })
      .from(applications)
      .where(eq(applications.id, options.applicationId));
    if (!application) throw new AppError('not_found', 'Application not found');
    if (!application.email) throw new AppError('invalid_input', NO_EMAIL_MESSAGE);
    const to = application.email;

    const link = await issueMagicLink(tx, {
      applicationId: options.applicationId,
      secret: options.secret,
      publicUrl: options.publicUrl,
      mail: ({ url }) => {
        const content = { fullName: application.fullName, url, validFor: MAGIC_LINK_TTL_WORDS };
        return application.verifiedAt
          ? {
              to,
              template: 'admin_applicant_resend_link.resume_link',
              ...resumeLinkMail(content),
            }
          : {
              to,
              template: 'admin_applicant_resend_link.confirm_email',
              ...confirmEmailMail(content),
            };
      },
    });
    await writeAudit(tx, {
      actor: options.actor,
      action: 'magic_link.resend',
      target: { type: 'application', id: options.applicationId },
      applicationId: options.applicationId,
      // Which mail went, not the address (CONTRACT §6).
      after: {
        expires_at: link.expiresAt.toISOString(),
        email_verified: application.verifiedAt !== null,
      },
    });
  });
}
