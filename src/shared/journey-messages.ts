/**
 * Messages of the applicant journey that the public way in (`/apply`) shows before its rules
 * are loaded: kept free of zod, so the page's first download does not carry the validation
 * library (decision 056). `schemas/journey.ts` re-exports them.
 */

/** SPEC §8: an unknown, used or expired invitation code. */
export const INVALID_INVITE_MESSAGE = 'Invalid or expired invite code';
