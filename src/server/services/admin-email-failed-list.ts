import { count, desc, eq } from 'drizzle-orm';
import type { FailedMailListResponse } from '#shared/schemas/mail.ts';
import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';

/**
 * `admin-email-failed-list`: mail that spent every retry, newest failure first, with the last
 * error. Recipient and subject let staff judge what was missed; bodies never leave the outbox
 * (they can hold sign-in links).
 */
export async function adminEmailFailedList(options: {
  db: Db;
  input: { page: number; pageSize: number };
}): Promise<Omit<FailedMailListResponse, 'ok'>> {
  const { db } = options;
  const { page, pageSize } = options.input;
  const failed = eq(emailOutbox.status, 'failed');
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        template: emailOutbox.template,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
        failedAt: emailOutbox.failedAt,
      })
      .from(emailOutbox)
      .where(failed)
      .orderBy(desc(emailOutbox.failedAt), desc(emailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(emailOutbox).where(failed),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      template: row.template,
      attempts: row.attempts,
      last_error: row.lastError,
      created_at: row.createdAt.toISOString(),
      failed_at: (row.failedAt ?? row.createdAt).toISOString(),
    })),
    total: totals[0]?.n ?? 0,
  };
}
