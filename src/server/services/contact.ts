import type { Db } from '../db/client.ts';
import { contactMessages } from '../db/schema.ts';
import { queueEmail } from '../mail/outbox.ts';
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
 * `contact`: stores the message for the staff inbox and queues the staff notification in the
 * same transaction, so there is never a message nobody is told about, nor a mail about a
 * message that was not kept.
 */
export async function contact(options: ContactOptions): Promise<{ id: string }> {
  const { name, email, message } = options.input;
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name, email, message, status: 'new' })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error('contact_messages insert returned no row');
    await queueEmail(
      tx,
      staffNotification({
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
      }),
    );
    return { id: row.id };
  });
}
