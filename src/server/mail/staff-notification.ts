import type { QueuedMail } from './outbox.ts';

/** A subject line never carries a line break or runs on, whatever a visitor typed. */
function subjectPart(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

/**
 * A plain-text notice to the staff inbox (STAFF_EMAIL) about something a visitor sent. Plain
 * text only: nothing the visitor typed is ever interpreted as markup.
 */
export function staffNotification(options: {
  to: string;
  template: string;
  subject: string;
  subjectName: string;
  fields: [label: string, value: string | null][];
  footer: string;
}): QueuedMail {
  const body = options.fields
    .map(([label, value]) =>
      value !== null && value.includes('\n') ? `${label}:\n${value}` : `${label}: ${value ?? '-'}`,
    )
    .join('\n\n');
  return {
    to: options.to,
    template: options.template,
    subject: `${options.subject}: ${subjectPart(options.subjectName)}`,
    text: `${body}\n\n--\n${options.footer}\n`,
  };
}

/** The fields of a visitor's application or expression of interest, as staff read them. */
export function applicantFields(person: {
  fullName: string;
  email: string;
  phone: string | null;
  reason: string | null;
}): [label: string, value: string | null][] {
  return [
    ['Full name', person.fullName],
    ['Email', person.email],
    ['Phone', person.phone],
    ['Reason', person.reason],
  ];
}
