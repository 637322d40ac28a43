import { and, eq, sql } from 'drizzle-orm';
import { MAIL_NOT_FAILED_MESSAGE } from '#shared/schemas/mail.ts';
import { writeAudit } from '../audit.ts';
import type { StaffIdentity } from '../auth/staff.ts';
import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * `admin-email-retry`: puts one failed mail, or every one, back in the queue as if new (its
 * attempts start again, due now) and wakes the mail worker. The audit row names the mail ids
 * and how many, never an address. A mail that is not failed (already retried by a colleague,
 * or sent) is a 409 and changes nothing.
 */
export async function adminEmailRetry(options: {
  db: Db;
  input: { id: string } | { all: true };
  staff: StaffIdentity;
  wakeMailer: () => void;
}): Promise<{ retried: number }> {
  const { db, input } = options;
  const retried = await db.transaction(async (tx) => {
    const which =
      'id' in input
        ? and(eq(emailOutbox.id, input.id), eq(emailOutbox.status, 'failed'))
        : eq(emailOutbox.status, 'failed');
    const rows = await tx
      .update(emailOutbox)
      .set({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: sql`now()`,
        lockedUntil: null,
        failedAt: null,
      })
      .where(which)
      .returning({ id: emailOutbox.id });
    if ('id' in input && rows.length === 0) throw new AppError('conflict', MAIL_NOT_FAILED_MESSAGE);
    if (rows.length > 0) {
      await writeAudit(tx, {
        actor: options.staff.actor,
        action: 'email.retry',
        target: { type: 'email_outbox', id: 'id' in input ? input.id : null },
        after: { retried: rows.length, ids: rows.map((r) => r.id).slice(0, 100) },
      });
    }
    return rows.length;
  });
  if (retried > 0) options.wakeMailer();
  return { retried };
}
