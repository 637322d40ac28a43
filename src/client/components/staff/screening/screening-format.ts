import { formatDateOfBirth } from '#shared/identity.ts';
import {
  SCREENING_LIST_LABELS,
  type ScreeningAlert,
  type ScreeningEntry,
  type ScreeningKind,
} from '#shared/schemas/screening.ts';
import type { StaffMember } from '#shared/staff.ts';

/** What a listing means for the applicant, in a word. */
export const SCREENING_KIND_LABELS: Record<ScreeningKind, string> = {
  sanctions: 'Sanctions',
  pep: 'PEP',
};

/** A match's score (0–1) as staff read it, '0.92'; a dash when the provider gave none. */
export function formatScore(score: number | null): string {
  return score === null ? '—' : score.toFixed(2);
}

/** The list an entry is on, with the version that matched: 'UN Consolidated List, version 3'. */
export function listWithVersion(list: ScreeningEntry['list'], version: number | null): string {
  const label = SCREENING_LIST_LABELS[list];
  return version === null ? label : `${label}, version ${version}`;
}

/** A list's values on one line ('RU, BY'), or `none` when the list gives none. */
export function joinOr(values: readonly string[], none = 'Not listed'): string {
  return values.length === 0 ? none : values.join(', ');
}

const REGIONS = new Intl.DisplayNames(['en-GB'], { type: 'region' });

/**
 * A nationality as staff read it: lists are stored as ISO codes ('cd'), shown by name
 * ('Congo - Kinshasa'); words a list gave that are not a code are shown as listed.
 */
export function countryLabel(value: string): string {
  if (!/^[a-z]{2}$/i.test(value)) return value;
  try {
    return REGIONS.of(value.toUpperCase()) ?? value;
  } catch {
    return value;
  }
}

/** Nationalities on one line, by name. */
export function formatNationalities(values: readonly string[], none = 'Not listed'): string {
  return joinOr(values.map(countryLabel), none);
}

/** The dates of birth a list gives for an entry: full dates in words, a year or month as is. */
export function formatEntryDates(dates: readonly string[]): string {
  return joinOr(dates.map(formatDateOfBirth));
}

/** '1,234 entries', '1 entry'. */
export function formatEntries(n: number): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? 'entry' : 'entries'}`;
}

/** The applicant's name on an alert, as staff read it. */
export const alertApplicantName = (alert: ScreeningAlert) =>
  alert.applicant.full_name ?? 'Unknown Applicant';

/**
 * Whether `staff` asked for this alert's clearance: they may not approve it (the server refuses
 * with a 403 too).
 */
export function askedToClear(alert: ScreeningAlert, staff: StaffMember | null): boolean {
  return staff !== null && alert.clear_request?.by_id === staff.id;
}
