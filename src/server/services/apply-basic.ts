import { and, desc, gt, sql } from 'drizzle-orm';
import { writeAudit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { applications, eoiRequests } from '../db/schema.ts';
import { queueEmail } from '../mail/outbox.ts';
import { staffNotification } from '../mail/staff-notification.ts';
import { applicationReceivedMail } from '../mail/templates/application-received.ts';

/** Namespace of the per-e-mail advisory lock (two-key form, apart from the migration lock). */
const EMAIL_LOCK_NAMESPACE = 4201;

export interface ApplyBasicOptions {
  db: Db;
  /** Validated with ZApplyBasicRequest; the honeypot was checked before. */
  input: { full_name: string; email: string; phone: string | null; reason: string | null };
  ip: string;
  staffEmail: string;
  publicUrl: string;
  /**
   * A second application from the same e-mail within this window answers with the first one
   * and creates nothing (rate-limits.ts); null turns the check off (RATE_LIMIT_SCALE=0).
   */
  duplicateWindowMs: number | null;
}

/**
 * `apply-basic`: the application at stage basic, its EOI request for the staff inbox, the
 * applicant's 'Application received' mail and the staff notification, all in one transaction:
 * they exist together or not at all. No session is created: a basic applicant continues with
 * the invitation code staff send.
 */
export async function applyBasic(
  options: ApplyBasicOptions,
): Promise<{ id: string; created: boolean }> {
  const { full_name: fullName, email, phone, reason } = options.input;
  return options.db.transaction(async (tx) => {
    if (options.duplicateWindowMs !== null) {
      // Serialises submissions for one e-mail, so a double click cannot slip two rows past
      // the check below.
      await tx.execute(
        sql`select pg_advisory_xact_lock(${EMAIL_LOCK_NAMESPACE}::int4, hashtext(lower(${email})))`,
      );
      const since = new Date(Date.now() - options.duplicateWindowMs);
      const [recent] = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(
          and(
            sql`lower(${applications.email}) = lower(${email})`,
            gt(applications.createdAt, since),
          ),
        )
        .orderBy(desc(applications.createdAt))
        .limit(1);
      if (recent) return { id: recent.id, created: false };
    }

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
      template: 'apply_basic.application_received',
      ...applicationReceivedMail({ fullName }),
    });
    await queueEmail(
      tx,
      staffNotification({
        to: options.staffEmail,
        template: 'apply_basic.staff_notification',
        subject: 'New membership application',
        subjectName: fullName,
        fields: [
          ['Full name', fullName],
          ['Email', email],
          ['Phone', phone],
          ['Reason', reason],
        ],
        footer: `Review it under Applicants: ${options.publicUrl}/admin`,
      }),
    );
    return { id: application.id, created: true };
  });
}
