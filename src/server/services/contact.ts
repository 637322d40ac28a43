import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { contactMessages, emailOutbox } from '../db/schema.ts';
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
 * was not kept. One statement (two inserts in a WITH) is one transaction in one round trip:
 * the public form is the busiest write, and BEGIN, two INSERTs and COMMIT took four.
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
  const [row] = await queryRows<{ id: string }>(
    options.db,
    sql`with stored as (
          insert into ${contactMessages}
            (${sql.identifier(contactMessages.name.name)}, ${sql.identifier(contactMessages.email.name)},
             ${sql.identifier(contactMessages.message.name)}, ${sql.identifier(contactMessages.status.name)})
          values (${name}, ${email}, ${message}, 'new')
          returning ${sql.identifier(contactMessages.id.name)} as id
        ), queued as (
          insert into ${emailOutbox}
            (${sql.identifier(emailOutbox.to.name)}, ${sql.identifier(emailOutbox.subject.name)},
             ${sql.identifier(emailOutbox.text.name)}, ${sql.identifier(emailOutbox.html.name)},
             ${sql.identifier(emailOutbox.template.name)})
          values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.template})
        )
        select id from stored`,
  );
  if (!row) throw new Error('contact_messages insert returned no row');
  return { id: row.id };
}
