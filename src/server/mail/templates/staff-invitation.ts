import { STAFF_ROLE_LABELS, type StaffRole } from '#shared/staff.ts';
import { applicantMail, greetingFor, type MailContent } from './applicant-layout.ts';

/** `admin-staff-invite`: the single-use link to /admin/join (48 hours). */
export function staffInvitationMail(options: {
  name: string;
  role: StaffRole;
  invitedBy: string;
  joinUrl: string;
}): MailContent {
  return applicantMail({
    subject: 'You are invited to the Waj staff panel',
    greeting: greetingFor(options.name),
    paragraphs: [
      `${options.invitedBy} has invited you to the Waj staff panel as ${STAFF_ROLE_LABELS[options.role]}.`,
      'Choose a passphrase of at least 12 characters, then set up an authenticator app on your phone: every sign-in asks for a code from it.',
    ],
    action: { label: 'Join the staff panel', url: options.joinUrl },
    after: [
      'This link works once and expires in 48 hours. If you did not expect it, please ignore this e-mail.',
    ],
  });
}
