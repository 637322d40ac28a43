import { applicantMail, greetingFor, type MailContent } from './applicant-layout.ts';

/**
 * To an address an applicant gave on the details screen (`apply-details`): the link proves the
 * address is theirs. Until then no resume link is sent there (docs/decisions/026), and nothing
 * the applicant typed is echoed to it (not even the name): the address is not yet known to be
 * theirs.
 */
export function confirmEmailMail(options: {
  url: string;
  /** How long the link lasts, for the reader: '24 hours'. */
  validFor: string;
}): MailContent {
  return applicantMail({
    subject: 'Confirm your e-mail address',
    greeting: greetingFor(null),
    paragraphs: [
      'Please confirm that this is your e-mail address for your Waj membership application. Once it is confirmed, we can send you links to continue your application from any device.',
      `The link opens your application. It works once and expires in ${options.validFor}. Please do not forward it.`,
    ],
    action: { label: 'Confirm your e-mail address', url: options.url },
    after: [
      'If you did not apply for Waj membership, you can ignore this e-mail; your address will not be used.',
    ],
  });
}
