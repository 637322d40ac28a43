/**
 * The details step's identity data (CONTRACT §8): a date of birth of someone well over 18 and
 * a real UK residential address, already in the form the server stores (the postcode in Royal
 * Mail format). Every test that sends `apply-details` spreads these in, so a change to the
 * rules is made here once.
 */
export const IDENTITY_DETAILS = {
  date_of_birth: '1985-03-14',
  address: { line1: '1 High Street', town: 'London', postcode: 'SW1A 1AA' },
} as const;

/** The same values as they sit in `application_details` (drizzle's names). */
export const IDENTITY_COLUMNS = {
  dateOfBirth: IDENTITY_DETAILS.date_of_birth,
  addressLine1: IDENTITY_DETAILS.address.line1,
  addressLine2: null,
  addressTown: IDENTITY_DETAILS.address.town,
  addressPostcode: IDENTITY_DETAILS.address.postcode,
} as const;

/** Today's calendar date in the UK, where a birthday turns (src/shared/identity.ts). */
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

/**
 * The 'YYYY-MM-DD' date of birth of someone who turns `years` today in the UK, moved by
 * `days` (1: a day too young). Born on 29 February and today is not a leap day? The last day
 * of the month stands in, as a birthday then falls on 28 February.
 */
export function birthdayYearsAgo(years: number, days = 0, now = new Date()): string {
  const today = ukToday(now);
  const lastOfMonth = new Date(Date.UTC(today.year - years, today.month, 0)).getUTCDate();
  const date = new Date(
    Date.UTC(today.year - years, today.month - 1, Math.min(today.day, lastOfMonth) + days),
  );
  return date.toISOString().slice(0, 10);
}
