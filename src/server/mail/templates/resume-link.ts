import { applicantMail, greetingFor, type MailContent } from './applicant-layout.ts';

/** The magic link to continue an application (`apply-magic-link`, staff 'resend magic link'). */
export function resumeLinkMail(options: {
  fullName: string | null;
  url: string;
  /** How long the link lasts, for the reader: '24 hours'. */
  validFor: string;
}): MailContent {
  return applicantMail({
    subject: 'Continue your application',
    greeting: greetingFor(options.fullName),
    paragraphs: [
      'Here is your personal link to continue your membership application.',
      `It works once and expires in ${options.validFor}. Please do not forward it.`,
    ],
    action: { label: 'Continue your application', url: options.url },
    after: [
      'If you did not ask for this link, you can ignore this e-mail; your application is unchanged.',
    ],
  });
}
