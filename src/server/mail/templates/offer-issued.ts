import { monthlyFeeLabel } from '#shared/fees.ts';
import { TIER_INFO, type Tier } from '#shared/tiers.ts';
import { applicantMail, greetingFor, type MailContent } from './applicant-layout.ts';

/**
 * `admin-offer-issue`: the offered tier and its monthly fee, any pricing note, and where to
 * review and sign. `url` is a single-use resume link, so the offer opens on any device (a phone
 * with no session included), not only in the browser the application was made in.
 */
export function offerIssuedMail(options: {
  fullName: string | null;
  tier: Tier;
  pricingNote: string | null;
  url: string;
  /** How long the link lasts, for the reader: '24 hours'. */
  validFor: string;
}): MailContent {
  const tierName = TIER_INFO[options.tier].name;
  return applicantMail({
    subject: 'Your Waj offer',
    greeting: greetingFor(options.fullName),
    paragraphs: [
      `Thank you for completing your verification. We are pleased to offer you ${tierName} membership.`,
      `Monthly fee: ${monthlyFeeLabel(options.tier)}.`,
      ...(options.pricingNote ? [`A note on your pricing: ${options.pricingNote}`] : []),
      'Please review the offer and its terms, then sign it to accept. You may also choose a lower tier before you sign.',
    ],
    action: { label: 'Review your offer', url: options.url },
    after: [
      `The link opens your offer on any device. It works once and expires in ${options.validFor}; please do not forward it. After that, ask for a new link on the application page with this e-mail address.`,
    ],
  });
}
