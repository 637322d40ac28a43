import { TIER_INFO, type Tier } from '#shared/tiers.ts';
import { applicantMail, greetingFor, type MailContent } from './applicant-layout.ts';

/** Shows only the last four digits of a card number. */
export function maskedCard(last4: string): string {
  return `•••• ${last4}`;
}

/** `admin-activation`: the account is open and the card on its way (SPEC §9: 5 to 7 days). */
export function accountActivatedMail(options: {
  fullName: string | null;
  tier: Tier | null;
  cardLast4: string | null;
  tracking: string | null;
  mobileAccessEnabled: boolean;
  publicUrl: string;
}): MailContent {
  const membership = options.tier ? `${TIER_INFO[options.tier].name} membership` : 'membership';
  const card = options.cardLast4
    ? `Your card ending ${maskedCard(options.cardLast4)}`
    : 'Your card';
  return applicantMail({
    subject: 'Welcome to Waj',
    greeting: greetingFor(options.fullName),
    paragraphs: [
      `Welcome to Waj. Your ${membership} is now active.`,
      `${card} is on its way and should arrive within 5 to 7 business days.`,
      ...(options.tracking ? [`Shipment tracking number: ${options.tracking}`] : []),
      options.mobileAccessEnabled
        ? 'Mobile banking is enabled for your account.'
        : 'Mobile banking is not yet enabled for your account; we will let you know when it is.',
    ],
    action: { label: 'View your account', url: `${options.publicUrl}/account` },
    after: ['We will never ask for your full card number, PIN or passcode by e-mail or phone.'],
  });
}
