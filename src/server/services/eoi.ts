import type { Db } from '../db/client.ts';
import { eoiRequests } from '../db/schema.ts';
import { insertWithMail } from '../mail/outbox.ts';
import { applicantFields, staffNotification } from '../mail/staff-notification.ts';

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
 * `eoi`: records an expression of interest and queues the staff notification in one statement
 * (the record and its mail exist together or not at all; insertWithMail).
 */
export async function eoi(options: EoiOptions): Promise<{ id: string }> {
  const { fullName, email, phone, reason } = options.input;
  const id = await insertWithMail(
    options.db,
    eoiRequests,
    { fullName, email, phone, reason, status: 'new' },
    staffNotification({
      to: options.staffEmail,
      template: 'eoi.staff_notification',
      subject: 'New expression of interest',
      subjectName: fullName,
      fields: applicantFields({ fullName, email, phone, reason }),
      footer: `Expressions of interest: ${options.publicUrl}/admin`,
    }),
  );
  return { id };
}
