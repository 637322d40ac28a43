import type { Db } from '../db/client.ts';
import { eoiRequests } from '../db/schema.ts';
import { queueEmail } from '../mail/outbox.ts';
import { staffNotification } from '../mail/staff-notification.ts';

export interface EoiOptions {
  db: Db;
  /** Validated with ZEoiRequest; the honeypot was checked before. */
  input: { fullName: string; email: string; phone: string | null; reason: string | null };
  /** STAFF_EMAIL: where the notification goes. */
  staffEmail: string;
  /** PUBLIC_URL, so staff can open the inbox from the mail. */
  publicUrl: string;
}

/**
 * `eoi`: records an expression of interest and queues the staff notification in the same
 * transaction (the record and its mail exist together or not at all).
 */
export async function eoi(options: EoiOptions): Promise<{ id: string }> {
  const { fullName, email, phone, reason } = options.input;
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(eoiRequests)
      .values({ fullName, email, phone, reason, status: 'new' })
      .returning({ id: eoiRequests.id });
    if (!row) throw new Error('eoi_requests insert returned no row');
    await queueEmail(
      tx,
      staffNotification({
        to: options.staffEmail,
        template: 'eoi.staff_notification',
        subject: 'New expression of interest',
        subjectName: fullName,
        fields: [
          ['Full name', fullName],
          ['Email', email],
          ['Phone', phone],
          ['Reason', reason],
        ],
        footer: `Expressions of interest: ${options.publicUrl}/admin`,
      }),
    );
    return { id: row.id };
  });
}
