import type { Db } from '../db/client.ts';
import { contactMessages } from '../db/schema.ts';
import { insertWithMail } from '../mail/outbox.ts';
import { staffNotification } from '../mail/staff-notification.ts';

export interface ContactOptions {
  db: Db;
  /** Validated with ZContactRequest; the honeypot was checked before. */
  input: { name: string; email: string; message: string };
  /** STAFF_EMAIL: where the notification goes. */
  staffEmail: string;
  /** PUBLIC_URL, so staff can open the inbox from the mail. */
  publicUrl: string;
}

/**
 * `contact`: stores the message for the staff inbox and queues the staff notification
 * together, so there is never a message nobody is told about, nor a mail about a message that
 * was not kept: one statement, so one round trip (insertWithMail).
 */
export async function contact(options: ContactOptions): Promise<{ id: string }> {
  const { name, email, message } = options.input;
  const mail = staffNotification({
    to: options.staffEmail,
    template: 'contact.staff_notification',
    subject: 'New contact message',
    subjectName: name,
    fields: [
      ['Name', name],
      ['Email', email],
      ['Message', message],
    ],
    footer: `Reply to the sender directly. Contact messages: ${options.publicUrl}/admin`,
  });
  const id = await insertWithMail(
    options.db,
    contactMessages,
    { name, email, message, status: 'new' },
    mail,
  );
  return { id };
}
