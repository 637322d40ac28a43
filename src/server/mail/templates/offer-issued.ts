import { TIER_INFO, type Tier } from '../../../shared/tiers.ts';
import { applicantMail, greetingFor, type MailContent } from './applicant-layout.ts';

/** `admin-offer-issue`: the offered tier, any pricing note, and where to review and sign. */
export function offerIssuedMail(options: {
  fullName: string | null;
  tier: Tier;
  pricingNote: string | null;
  publicUrl: string;
}): MailContent {
  const tierName = TIER_INFO[options.tier].name;
  return applicantMail({
    subject: 'Your Waj offer',
    greeting: greetingFor(options.fullName),
    paragraphs: [
      `Thank you for completing your verification. We are pleased to offer you ${tierName} membership.`,
      ...(options.pricingNote ? [`A note on your pricing: ${options.pricingNote}`] : []),
      'Please review the offer and its terms, then sign it to accept. You may also choose a lower tier before you sign.',
    ],
    action: { label: 'Review your offer', url: `${options.publicUrl}/apply/review` },
    after: [
      'If you are asked to continue your application on this device, request a new link with this e-mail address.',
    ],
  });
}
