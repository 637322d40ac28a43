import { randomUUID } from 'node:crypto';
import { and, gt, sql } from 'drizzle-orm';
import { lockEmail, verifiedApplicationFor } from '../applicant/email-ownership.ts';
import { MAGIC_LINK_TTL_WORDS } from '../applicant/magic-link.ts';
import { sendLinkWithinLimit, type PerEmailLimit } from '../applicant/resume-link.ts';
import { writeAudit } from '../audit.ts';
import type { Db, Tx } from '../db/client.ts';
import { applications, eoiRequests } from '../db/schema.ts';
import { queueEmail } from '../mail/outbox.ts';
import { applicantFields, staffNotification } from '../mail/staff-notification.ts';
import { alreadyAppliedMail } from '../mail/templates/already-applied.ts';
import { applicationReceivedMail } from '../mail/templates/application-received.ts';

export interface ApplyBasicOptions {
  db: Db;
  /** Validated with ZApplyBasicRequest; the honeypot was checked before. */
  input: { full_name: string; email: string; phone: string | null; reason: string | null };
  ip: string;
  staffEmail: string;
  publicUrl: string;
  secret: string;
  /**
   * A second application from the same e-mail within this window creates nothing
   * (rate-limits.ts); null turns this check off (RATE_LIMIT_SCALE=0). An address proved on an
   * application is a duplicate at any time.
   */
  duplicateWindowMs: number | null;
  /** Resume links per application within the window (the proved-duplicate mail carries one). */
  perEmail: PerEmailLimit;
}

/**
 * `apply-basic`: the application at stage basic, its EOI request for the staff inbox, the
 * applicant's 'Application received' mail and the staff notification, all in one transaction:
 * they exist together or not at all. No session is created: a basic applicant continues with
 * the invitation code staff send.
 *
 * An address that already has an application (proved, or sent in within the window) gets no
 * second one, and the caller is told nothing about it (docs/decisions/026): the answer carries
 * a fresh id that belongs to no application, exactly as a new application's would look, and
 * the address's owner is e-mailed a link to the application they have (when it is proved).
 * `id` is what the caller is given; `queued` says whether any mail was queued.
 */
export async function applyBasic(
  options: ApplyBasicOptions,
): Promise<{ id: string; created: boolean; queued: boolean }> {
  const { full_name: fullName, email, phone, reason } = options.input;
  return options.db.transaction(async (tx) => {
    // Serialises submissions (and proofs) for one address, so a double click cannot slip two
    // rows past the checks below.
    await lockEmail(tx, email);
    const duplicate = await duplicateOf(tx, options);
    if (duplicate) return { id: randomUUID(), created: false, queued: duplicate.queued };

    const [application] = await tx
      .insert(applications)
      .values({ fullName, email, phone, reason, source: 'application', stage: 'basic' })
      .returning({ id: applications.id });
    if (!application) throw new Error('applications insert returned no row');
    await tx
      .insert(eoiRequests)
      .values({ fullName, email, phone, reason, status: 'new', applicationId: application.id });
    await writeAudit(tx, {
      actor: { type: 'applicant', id: application.id, ip: options.ip },
      action: 'application.create',
      target: { type: 'application', id: application.id },
      applicationId: application.id,
      after: { source: 'application', stage: 'basic' },
    });

    await queueEmail(tx, {
      to: email,
      applicationId: application.id,
      template: 'apply_basic.application_received',
      ...applicationReceivedMail(),
    });
    await queueEmail(tx, {
      applicationId: application.id,
      ...staffNotification({
        to: options.staffEmail,
        template: 'apply_basic.staff_notification',
        subject: 'New membership application',
        subjectName: fullName,
        fields: applicantFields({ fullName, email, phone, reason }),
        footer: `Review it under Applicants: ${options.publicUrl}/admin`,
      }),
    });
    return { id: application.id, created: true, queued: true };
  });
}

/**
 * The application this submission duplicates, if any, having told its owner. A proved address
 * is mailed a resume link (within the per-e-mail link limit); an unproved one sent in within the
 * window was mailed 'Application received' at most that long ago, so nothing more is sent,
 * which also keeps the form from being used to flood an address with mail.
 */
async function duplicateOf(
  tx: Tx,
  options: ApplyBasicOptions,
): Promise<{ applicationId: string; queued: boolean } | null> {
  const { email } = options.input;
  const verified = await verifiedApplicationFor(tx, email);
  if (verified) {
    const to = verified.email;
    const link = await sendLinkWithinLimit(tx, {
      applicationId: verified.id,
      secret: options.secret,
      publicUrl: options.publicUrl,
      perEmail: options.perEmail,
      mail: ({ url }) => ({
        to,
        template: 'apply_basic.already_applied',
        ...alreadyAppliedMail({ fullName: verified.fullName, url, validFor: MAGIC_LINK_TTL_WORDS }),
      }),
    });
    await writeAudit(tx, {
      actor: { type: 'system' },
      action: 'application.duplicate',
      target: { type: 'application', id: verified.id },
      applicationId: verified.id,
      after: { link_expires_at: link ? link.expiresAt.toISOString() : null },
    });
    return { applicationId: verified.id, queued: link !== null };
  }

  if (options.duplicateWindowMs === null) return null;
  const since = new Date(Date.now() - options.duplicateWindowMs);
  const [recent] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(sql`lower(${applications.email}) = lower(${email})`, gt(applications.createdAt, since)),
    )
    .limit(1);
  return recent ? { applicationId: recent.id, queued: false } : null;
}
