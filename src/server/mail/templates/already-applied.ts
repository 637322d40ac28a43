import { applicantMail, greetingFor, type MailContent } from './applicant-layout.ts';

/**
 * `apply-basic` with an address whose owner already has an application (proved): no second
 * application is made; the owner gets a link to the one they have (docs/decisions/026).
 */
export function alreadyAppliedMail(options: {
  fullName: string | null;
  url: string;
  /** How long the link lasts, for the reader: '24 hours'. */
  validFor: string;
}): MailContent {
  return applicantMail({
    subject: 'You already have an application',
    greeting: greetingFor(options.fullName),
    paragraphs: [
      'We received a new membership application with this e-mail address. As you already have an application with us, we have not started another one.',
      `Here is your personal link to continue your application. It works once and expires in ${options.validFor}. Please do not forward it.`,
    ],
    action: { label: 'Continue your application', url: options.url },
    after: [
      'If you did not send a new application, you can ignore this e-mail; your application is unchanged.',
    ],
  });
}
