import { isValid as isValidPostcode, toNormalised } from 'postcode';

/**
 * The identity data a UK bank must hold for each customer (MLR 2017 reg. 28; CONTRACT §8):
 * date of birth and residential address. The rules live here once, for the details form and
 * the server.
 */

export const MIN_AGE = 18;
/** Older than anyone living: a typing slip, not an applicant. */
export const MAX_AGE = 120;

export const DOB_MESSAGES = {
  missing: 'Please enter your date of birth',
  invalid: 'Please enter a real date of birth',
  underage: 'You must be 18 or over to apply',
  implausible: 'Please check your date of birth',
} as const;

export const ADDRESS_MESSAGES = {
  line1: 'Please enter the first line of your address',
  line2: 'Please check the second line of your address',
  town: 'Please enter your town or city',
  postcode: 'Please enter a valid UK postcode',
  tooLong: 'Address lines must be less than 100 characters',
} as const;

export const ADDRESS_LINE_MAX = 100;

/** 'YYYY-MM-DD' as a calendar date, or null for anything else (2025-02-30 included). */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Today's calendar date in the UK (a birthday turns at UK midnight). */
function ukToday(now: Date): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Whole years between a date of birth and `now` in the UK. */
export function ageOn(dob: { year: number; month: number; day: number }, now: Date): number {
  const today = ukToday(now);
  const hadBirthday =
    today.month > dob.month || (today.month === dob.month && today.day >= dob.day);
  return today.year - dob.year - (hadBirthday ? 0 : 1);
}

/** The message a date of birth earns, or null when it may apply. */
export function dateOfBirthProblem(value: string, now = new Date()): string | null {
  if (value.trim() === '') return DOB_MESSAGES.missing;
  const dob = parseIsoDate(value);
  if (!dob) return DOB_MESSAGES.invalid;
  const age = ageOn(dob, now);
  if (age < 0 || age > MAX_AGE) return DOB_MESSAGES.implausible;
  if (age < MIN_AGE) return DOB_MESSAGES.underage;
  return null;
}

/** A UK postcode in the Royal Mail format ('sw1a1aa' → 'SW1A 1AA'), or null when it is not one. */
export function normalisePostcode(value: string): string | null {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (!isValidPostcode(compact)) return null;
  return toNormalised(compact);
}

export type UkAddress = {
  line1: string;
  line2?: string | null | undefined;
  town: string;
  postcode: string;
};

/** One line for screens and mail: '1 High Street, Flat 2, London, SW1A 1AA'. */
export function formatAddress(address: UkAddress): string {
  return [address.line1, address.line2, address.town, address.postcode]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(', ');
}

/** '14 March 1985' for a 'YYYY-MM-DD' date; the text itself if it is not one. */
export function formatDateOfBirth(value: string): string {
  const dob = parseIsoDate(value);
  if (!dob) return value;
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(dob.year, dob.month - 1, dob.day)));
}
