import { applicantMail, greetingFor, type MailContent } from './applicant-layout.ts';

/**
 * The invitation (`admin-invite-generate` with an issued-to address, `admin-applicant-invite`):
 * the code or codes, shown exactly as stored (upper case with dashes), and where to use them.
 */
export function invitationCodeMail(options: {
  fullName?: string | null;
  codes: readonly string[];
  publicUrl: string;
}): MailContent {
  const many = options.codes.length > 1;
  return applicantMail({
    subject: many ? 'Your Waj invitation codes' : 'Your invitation to Waj',
    greeting: greetingFor(options.fullName),
    paragraphs: [
      many
        ? 'Here are your invitation codes for Waj membership. Each code can be used once, by one applicant:'
        : 'We are delighted to invite you to apply for Waj membership. Your personal invitation code is:',
      ...options.codes,
      'Enter the code on the application page exactly as shown, including the dashes; capital letters are not required.',
    ],
    action: { label: 'Begin your application', url: `${options.publicUrl}/apply` },
    after: [
      many
        ? 'Please share each code only with the person you mean to invite.'
        : 'The code is personal to you; please do not share it. If you were not expecting this invitation, you can ignore this e-mail.',
    ],
  });
}
