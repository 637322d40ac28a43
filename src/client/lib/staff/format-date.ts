import { formatUkDateTime } from '#shared/uk-time.ts';

/**
 * Staff dates in en-GB, in UK time wherever the staff member is (a UK bank's records):
 * '4 Mar 2025, 14:05'. The inbox, assets, invites and A11y tabs all read dates this way.
 */
const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

function format(formatter: Intl.DateTimeFormat, iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : formatter.format(date);
}

/** '4 Mar 2025, 14:05'; a dash when there is no (readable) date. */
export const formatStaffDateTime = (iso: string | null | undefined) => formatUkDateTime(iso);

/** '4 Mar 2025'; a dash when there is no (readable) date. */
export const formatStaffDate = (iso: string | null | undefined) => format(DATE, iso);
