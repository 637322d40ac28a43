import { verifiedApplicationFor } from '../applicant/email-ownership.ts';
import { MAGIC_LINK_TTL_WORDS } from '../applicant/magic-link.ts';
import { sendLinkWithinLimit, type PerEmailLimit } from '../applicant/resume-link.ts';
import { writeAudit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { resumeLinkMail } from '../mail/templates/resume-link.ts';

export interface ApplyMagicLinkOptions {
  db: Db;
  email: string;
  secret: string;
  publicUrl: string;
  /** Links per application within the window; null: no limit (RATE_LIMIT_SCALE=0). */
  perEmail: PerEmailLimit;
}

/**
 * `apply-magic-link`: when an application's owner has proved this e-mail address (there is at
 * most one such application), issues a single-use link to it and queues the mail. An address
 * someone merely typed into an application leads nowhere (docs/decisions/026). The caller
 * answers the same whatever happens here, so neither the answer nor its status tells whether
 * the e-mail is known; the work is small and runs either way, so the timing says little more.
 * Returns whether a mail was queued (for waking the mailer only).
 */
export async function applyMagicLink(options: ApplyMagicLinkOptions): Promise<boolean> {
  return options.db.transaction(async (tx) => {
    const application = await verifiedApplicationFor(tx, options.email);
    if (!application) return false;
    const to = application.email;

    const link = await sendLinkWithinLimit(tx, {
      applicationId: application.id,
      secret: options.secret,
      publicUrl: options.publicUrl,
      perEmail: options.perEmail,
      mail: ({ url }) => ({
        to,
        template: 'apply_magic_link.resume_link',
        ...resumeLinkMail({ fullName: application.fullName, url, validFor: MAGIC_LINK_TTL_WORDS }),
      }),
    });
    if (!link) return false;
    await writeAudit(tx, {
      actor: { type: 'system' },
      action: 'magic_link.issue',
      target: { type: 'application', id: application.id },
      applicationId: application.id,
      after: { expires_at: link.expiresAt.toISOString() },
    });
    return true;
  });
}
