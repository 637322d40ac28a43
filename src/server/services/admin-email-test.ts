import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { queueEmail } from '../mail/outbox.ts';
import { staffNotification } from '../mail/staff-notification.ts';

/** Marks the subject of every test notification, so staff never act on one. */
export const EMAIL_TEST_SUBJECT_MARK = '[TEST]';
/** What the test stands in for the visitor's own words. */
export const EMAIL_TEST_REASON =
  'This is a test notification sent from the staff panel. No expression of interest was recorded.';
export const EMAIL_TEST_MESSAGE =
  'This is a test notification sent from the staff panel. No contact message was recorded.';

/**
 * The notification a real `eoi` or `contact` submission queues (services/eoi.ts, contact.ts),
 * with the test's name and e-mail as the sender's. Kept field for field in step with those two;
 * tests/integration/admin-email-test.test.ts compares them with a real submission's mail.
 */
function notification(
  kind: 'eoi' | 'contact',
  sender: { name: string; email: string },
  staffEmail: string,
  publicUrl: string,
) {
  if (kind === 'eoi') {
    return staffNotification({
      to: staffEmail,
      template: 'eoi.staff_notification.test',
      subject: `${EMAIL_TEST_SUBJECT_MARK} New expression of interest`,
      subjectName: sender.name,
      fields: [
        ['Full name', sender.name],
        ['Email', sender.email],
        ['Phone', null],
        ['Reason', EMAIL_TEST_REASON],
      ],
      footer: `Expressions of interest: ${publicUrl}/admin`,
    });
  }
  return staffNotification({
    to: staffEmail,
    template: 'contact.staff_notification.test',
    subject: `${EMAIL_TEST_SUBJECT_MARK} New contact message`,
    subjectName: sender.name,
    fields: [
      ['Name', sender.name],
      ['Email', sender.email],
      ['Message', EMAIL_TEST_MESSAGE],
    ],
    footer: `Reply to the sender directly. Contact messages: ${publicUrl}/admin`,
  });
}

/**
 * `admin-email-test`: queues, through the outbox, the staff notification an EOI or contact
 * message sends, marked as a test. The spec's tool inserted a record, notified and deleted it
 * again; no record is written here at all, so a test can never show up in the staff inboxes.
 */
export async function adminEmailTest(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  input: { kind: 'eoi' | 'contact'; name: string; email: string };
  staffEmail: string;
  publicUrl: string;
}): Promise<{ to: string }> {
  const { kind, name, email } = options.input;
  const mail = notification(kind, { name, email }, options.staffEmail, options.publicUrl);
  await options.db.transaction(async (tx) => {
    const id = await queueEmail(tx, mail);
    await writeAudit(tx, {
      actor: options.actor,
      action: 'email.test',
      target: { type: 'email_outbox', id },
      // `to` is the staff inbox; the typed sender name and address are left out (CONTRACT §6).
      after: { kind, to: mail.to, template: mail.template },
    });
  });
  return { to: mail.to };
}
