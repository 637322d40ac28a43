import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { issueMagicLink, MAGIC_LINK_TTL_WORDS } from '../applicant/magic-link.ts';
import { writeAudit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { applications, magicLinks } from '../db/schema.ts';
import { resumeLinkMail } from '../mail/templates/resume-link.ts';

export interface ApplyMagicLinkOptions {
  db: Db;
  email: string;
  ip: string;
  secret: string;
  publicUrl: string;
  /** Links per application within the window; null: no limit (RATE_LIMIT_SCALE=0). */
  perEmail: { max: number; windowMs: number } | null;
}

/**
 * `apply-magic-link`: when the e-mail has an application, issues a single-use link to its
 * newest one and queues the mail. The caller answers the same whatever happens here, so
 * neither the answer nor its status tells whether the e-mail is known; the work is small
 * and runs either way, so the timing says little more.
 * Returns whether a mail was queued (for waking the mailer only).
 */
export async function applyMagicLink(options: ApplyMagicLinkOptions): Promise<boolean> {
  return options.db.transaction(async (tx) => {
    const [application] = await tx
      .select({ id: applications.id, fullName: applications.fullName, email: applications.email })
      .from(applications)
      .where(sql`lower(${applications.email}) = lower(${options.email})`)
      .orderBy(desc(applications.updatedAt))
      .limit(1);
    if (!application?.email) return false;
    const to = application.email;

    if (options.perEmail) {
      // Lock the application row so two racing requests count each other's links.
      await tx
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.id, application.id))
        .for('update');
      const since = new Date(Date.now() - options.perEmail.windowMs);
      const [recent] = await tx
        .select({ n: count() })
        .from(magicLinks)
        .where(and(eq(magicLinks.applicationId, application.id), gt(magicLinks.createdAt, since)));
      if ((recent?.n ?? 0) >= options.perEmail.max) return false;
    }

    const link = await issueMagicLink(tx, {
      applicationId: application.id,
      secret: options.secret,
      publicUrl: options.publicUrl,
      mail: ({ url }) => ({
        to,
        template: 'apply_magic_link.resume_link',
        ...resumeLinkMail({ fullName: application.fullName, url, validFor: MAGIC_LINK_TTL_WORDS }),
      }),
    });
    await writeAudit(tx, {
      actor: { type: 'system' },
      action: 'magic_link.issue',
      target: { type: 'application', id: application.id },
      applicationId: application.id,
      after: { expires_at: link.expiresAt.toISOString(), requested_from: options.ip },
    });
    return true;
  });
}
