import { z } from './zod.ts';
import { LIMITS } from '../limits.ts';

/**
 * Field rules of SPEC §5 with its messages, written once and used by both the forms and the
 * server's request schemas.
 */
export { LIMITS } from '../limits.ts';

/**
 * Text a field may hold. PostgreSQL cannot store a NUL character in text, so it is refused
 * here, before any query, with the field's own message (a missing or non-string value gets
 * the same message, never zod's default text).
 */
export function text(message: string) {
  return z.string(message).refine((value) => !value.includes('\u0000'), message);
}

/**
 * A whole number as JSON sends it. Nothing is coerced: `null`, `""`, `false`, `[]` or `"0x10"`
 * are refused, never read as 0 or 16. Forms turn typed text into a number first
 * (parseWholeNumber).
 */
export function wholeNumber(message: string) {
  return z.number(message).int(message);
}

/** A list's page number: 1 when absent. */
export const pageField = wholeNumber('Page must be a whole number')
  .min(1, 'Page must be at least 1')
  .max(1_000_000, 'Page is out of range')
  .default(1);

/** A list's page size, 1 to 100, `fallback` when absent. */
export const pageSizeField = (fallback: number) =>
  wholeNumber('Page size must be a whole number')
    .min(1, 'Page size must be between 1 and 100')
    .max(100, 'Page size must be between 1 and 100')
    .default(fallback);

/**
 * What a form sends for typed digits: the number they spell, or NaN (refused by wholeNumber
 * with the field's message) for anything else, hexadecimal and exponents included.
 */
export function parseWholeNumber(typed: string): number {
  const value = typed.trim();
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

export const fullNameField = text('Full name must be at least 2 characters')
  .trim()
  .min(LIMITS.nameMin, 'Full name must be at least 2 characters')
  .max(LIMITS.nameMax, 'Full name must be less than 120 characters');

export const contactNameField = text('Name must be at least 2 characters')
  .trim()
  .min(LIMITS.nameMin, 'Name must be at least 2 characters')
  .max(LIMITS.nameMax, 'Name must be less than 120 characters');

export const emailField = text('Please enter a valid email address')
  .trim()
  .max(LIMITS.emailMax, 'Email must be less than 255 characters')
  .pipe(z.email('Please enter a valid email address'));

/** Optional text: trimmed, limited, and '' becomes null as the spec sends it. */
function optionalText(max: number, message: string) {
  return text(message)
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

/** A staff member's required reason for a decision: trimmed, `min` to `max` characters. */
export function staffReasonField(message: string, { min = 1, max = 500 } = {}) {
  return text(message)
    .trim()
    .min(min, message)
    .max(max, `Reason must be less than ${max} characters`);
}

export const contactMessageField = text('Message is required')
  .trim()
  .min(1, 'Message is required')
  .max(LIMITS.messageMax, 'Message must be less than 3000 characters');

/** Hidden honeypot: real people leave it empty. */
export const honeypotField = z.string().nullish();

export const inviteCodeField = text('Please enter an invite code')
  .trim()
  .min(1, 'Please enter an invite code')
  .max(64, 'Invalid or expired invite code');
