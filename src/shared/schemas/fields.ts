import { z } from './zod.ts';

/**
 * Field rules of SPEC §5 with its messages, written once and used by both the forms and the
 * server's request schemas.
 */
export const LIMITS = {
  nameMin: 2,
  nameMax: 120,
  emailMax: 255,
  phoneMax: 30,
  reasonMax: 2000,
  messageMax: 3000,
} as const;

// A missing or non-string value gets the field's first message, never zod's default text.
export const fullNameField = z
  .string('Full name must be at least 2 characters')
  .trim()
  .min(LIMITS.nameMin, 'Full name must be at least 2 characters')
  .max(LIMITS.nameMax, 'Full name must be less than 120 characters');

export const contactNameField = z
  .string('Name must be at least 2 characters')
  .trim()
  .min(LIMITS.nameMin, 'Name must be at least 2 characters')
  .max(LIMITS.nameMax, 'Name must be less than 120 characters');

export const emailField = z
  .string('Please enter a valid email address')
  .trim()
  .max(LIMITS.emailMax, 'Email must be less than 255 characters')
  .pipe(z.email('Please enter a valid email address'));

/** Optional text: trimmed, limited, and '' becomes null as the spec sends it. */
function optionalText(max: number, message: string) {
  return z
    .string(message)
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));
}

export const phoneField = optionalText(
  LIMITS.phoneMax,
  'Phone number must be less than 30 characters',
);
export const reasonField = optionalText(
  LIMITS.reasonMax,
  'Reason must be less than 2000 characters',
);

export const contactMessageField = z
  .string('Message is required')
  .trim()
  .min(1, 'Message is required')
  .max(LIMITS.messageMax, 'Message must be less than 3000 characters');

/** Hidden honeypot: real people leave it empty. */
export const honeypotField = z.string().nullish();

export const inviteCodeField = z
  .string('Please enter an invite code')
  .trim()
  .min(1, 'Please enter an invite code')
  .max(64);
