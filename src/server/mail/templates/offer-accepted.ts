import { monthlyFeeLabel } from '#shared/fees.ts';
import { TIER_INFO, type Tier } from '#shared/tiers.ts';
import { formatUkDateTimeSeconds } from '#shared/uk-time.ts';
import { applicantMail, greetingFor, type MailContent } from './applicant-layout.ts';

export interface SignedOffer {
  tier: Tier;
  signedAt: Date;
  /** The Terms of Membership as signed: their last update, or null when none is stored. */
  termsUpdatedAt: Date | null;
  /** SHA-256 of the canonical offer terms kept with the signature. */
  termsHash: string;
}

/** Shared by the applicant's copy and staff's notice, so both say the same. */
export function signedOfferFields(offer: SignedOffer): [label: string, value: string][] {
  return [
    ['Tier', TIER_INFO[offer.tier].name],
    ['Monthly fee', monthlyFeeLabel(offer.tier)],
    ['Signed', formatUkDateTimeSeconds(offer.signedAt)],
    [
      'Terms of Membership',
      offer.termsUpdatedAt
        ? `version of ${formatUkDateTimeSeconds(offer.termsUpdatedAt)}`
        : 'the bundled version',
    ],
    ['Reference of the signed terms', offer.termsHash],
  ];
}

/** `apply-offer-action` accept: the applicant's copy of what they signed. */
export function offerAcceptedMail(
  options: SignedOffer & { fullName: string | null; publicUrl: string },
): MailContent {
  return applicantMail({
    subject: 'Your signed Waj offer',
    greeting: greetingFor(options.fullName),
    paragraphs: [
      `Thank you for accepting your offer of ${TIER_INFO[options.tier].name} membership. This is your copy of what you signed.`,
      ...signedOfferFields(options).map(([label, value]) => `${label}: ${value}`),
      'We are now preparing your account and card, and will write again when your membership is active.',
    ],
    action: { label: 'Read the Terms of Membership', url: `${options.publicUrl}/legal/terms` },
    after: ['If you did not sign this offer, please contact us at once.'],
  });
}
