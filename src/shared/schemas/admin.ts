import { z } from './zod.ts';
import { TIERS } from '../tiers.ts';

/** `admin-auth` (SPEC §5: 'Enter passphrase'). */
export const ZAdminAuthRequest = z.object({
  passphrase: z.string().trim().min(1, 'Enter passphrase').max(1024),
});

/** `admin-invite-generate` (SPEC §5, §9: 1–100, default 10). */
export const ZInviteGenerateRequest = z.object({
  count: z.coerce
    .number('Count must be between 1 and 100')
    .int('Count must be between 1 and 100')
    .min(1, 'Count must be between 1 and 100')
    .max(100, 'Count must be between 1 and 100'),
  issued_to: z
    .string()
    .trim()
    .max(255, 'Email must be less than 255 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});

/** `admin-offer-issue`: a real tier, never 'manual' (SPEC §5 'Issue offer'). */
export const ZOfferIssueRequest = z.object({
  basic_id: z.uuid(),
  tier: z.enum(TIERS, 'Please select a valid tier'),
  pricing_note: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const CARD_LAST4_MESSAGE = 'Card last 4 digits must be exactly 4 characters';

/** `admin-activation` (SPEC §5 'Activation'). */
export const ZActivationRequest = z.object({
  basic_id: z.uuid(),
  card_shipment_tracking: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null)),
  card_last4: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{4}$/.test(v), CARD_LAST4_MESSAGE),
  mobile_access_enabled: z.boolean().default(true),
});

/** Strips non-digits while typing, as the activation form does. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}
