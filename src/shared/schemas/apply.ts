import { z } from './zod.ts';
import {
  emailField,
  fullNameField,
  honeypotField,
  inviteCodeField,
  phoneField,
  text,
  reasonField,
} from './fields.ts';
import { TIERS } from '../tiers.ts';

/** The application form as the user fills it (SPEC §3 'Application form input'). */
export const ZApplicationForm = z.object({
  fullName: fullNameField,
  email: emailField,
  phone: phoneField,
  reason: reasonField,
  website: honeypotField,
});
export type TApplicationForm = z.input<typeof ZApplicationForm>;

/** `apply-basic`: the same rules under the wire names. */
export const ZApplyBasicRequest = z.object({
  full_name: fullNameField,
  email: emailField,
  phone: phoneField,
  reason: reasonField,
  website: honeypotField,
});
export type TApplyBasicRequest = z.input<typeof ZApplyBasicRequest>;

/** `validate-invite` and `apply-verify-code`. */
export const ZInviteCodeRequest = z.object({ code: inviteCodeField });
export type TInviteCodeRequest = z.input<typeof ZInviteCodeRequest>;

/** `apply-magic-link`: the resume-link dialog. */
export const ZMagicLinkRequest = z.object({
  email: text('Please enter your email address')
    .trim()
    .min(1, 'Please enter your email address')
    .max(255, 'Email must be less than 255 characters')
    .pipe(z.email('Please enter a valid email address')),
});

export const OFFER_MESSAGE = 'Please agree to terms and provide your full name';

/** The offer form: terms ticked and a typed name (SPEC §5 'Offer'). */
export const ZOfferForm = z.object({
  agreed: z.literal(true, OFFER_MESSAGE),
  esignName: text(OFFER_MESSAGE)
    .trim()
    .min(1, OFFER_MESSAGE)
    .max(120, 'Full name must be less than 120 characters'),
});

/** `apply-offer-action`. Accepting needs the typed name; downgrading needs a lower tier. */
export const ZOfferActionRequest = z.discriminatedUnion('action', [
  z.object({
    basic_id: z.uuid().optional(),
    action: z.literal('accept'),
    chosen_tier: z.enum(TIERS).optional(),
    esign_name: text(OFFER_MESSAGE)
      .trim()
      .min(1, OFFER_MESSAGE)
      .max(120, 'Full name must be less than 120 characters'),
  }),
  z.object({
    basic_id: z.uuid().optional(),
    action: z.literal('downgrade'),
    chosen_tier: z.enum(TIERS),
  }),
]);
export type TOfferActionRequest = z.input<typeof ZOfferActionRequest>;
