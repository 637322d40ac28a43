import { applicantMail, greetingFor, type MailContent } from './applicant-layout.ts';

/**
 * To the applicant after `apply-basic` (SPEC §2 /apply success panel, §9 review times). The
 * public form takes any address, so nothing typed into it is echoed back (not even the name):
 * otherwise the form would relay a stranger's words to whatever address they chose.
 */
export function applicationReceivedMail(): MailContent {
  return applicantMail({
    subject: 'Application received',
    greeting: greetingFor(null),
    paragraphs: [
      'Thank you for applying for membership. We have received your application.',
      'Our team reviews every application personally, which usually takes 3-5 business days.',
      "If selected, you'll receive an invitation code by email.",
    ],
    after: ['If you did not apply, you can ignore this e-mail; nothing further will happen.'],
  });
}
