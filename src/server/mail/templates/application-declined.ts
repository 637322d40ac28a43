import { COMPANY } from '#shared/company.ts';
import { describePeriod, retentionRule } from '#shared/retention.ts';
import { applicantMail, greetingFor, type MailContent } from './applicant-layout.ts';

/**
 * `admin-applicant-decline` (CONTRACT §6): a courteous, final answer. Staff's reason is internal
 * and never appears here.
 */
export function applicationDeclinedMail(options: {
  fullName: string | null;
  publicUrl: string;
}): MailContent {
  return applicantMail({
    subject: 'Your Waj application',
    greeting: greetingFor(options.fullName),
    paragraphs: [
      `Thank you for your interest in ${COMPANY.name} and for the time you gave to your application.`,
      'After careful review, we are unable to offer you membership at this time. This decision is final for this application.',
      `We will keep your application details for ${describePeriod(retentionRule('declined').period)} and then erase them, as our privacy notice describes.`,
    ],
    action: { label: 'Contact us', url: `${options.publicUrl}/contact` },
    after: ['If you have questions, you can reply through our contact page.'],
  });
}
