import { countryCode } from '../countries.ts';

/**
 * Date of birth and nationality: what moves a name's score up or down (decision 076). Each is
 * compared only when both the subject and the entry have one; otherwise it changes nothing.
 *
 * Date of birth, against the entry's closest listed date, at the precision both share:
 * - the same day: +0.08; the same month (one side has no day): +0.05; the same year (one side
 *   has only the year, or the year falls inside a listed range of years): +0.03;
 * - the same year but another month or day: −0.05 (day and month swapped: +0.05);
 * - a year off by one: −0.05 (lists often give a year from an approximate age);
 * - a year off by two or more: −0.20, enough to take an exact name below the default threshold.
 *
 * Nationality: one of the entry's, +0.03; none of them, −0.20.
 */

export const DOB_SAME_DAY = 0.08;
export const DOB_SAME_MONTH = 0.05;
export const DOB_SAME_YEAR = 0.03;
export const DOB_NEAR = -0.05;
export const DOB_DIFFERENT = -0.2;
export const NATIONALITY_SAME = 0.03;
export const NATIONALITY_DIFFERENT = -0.2;

/** A date of birth as far as it is known. */
export interface PartialDate {
  year: number;
  /** 1–12, or 0 when unknown. */
  month: number;
  /** 1–31, or 0 when unknown. */
  day: number;
}

/** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' (00 for an unknown month or day); null otherwise. */
export function parsePartialDate(value: string | null | undefined): PartialDate | null {
  if (!value) return null;
  const m = /^\s*(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = m[2] ? Number(m[2]) : 0;
  const day = m[3] && month ? Number(m[3]) : 0;
  if (year < 1800 || month > 12 || day > 31) return null;
  return { year, month, day };
}

/** What the matcher keeps of an entry's dates and nationalities. */
export interface EntryFacts {
  dates: PartialDate[];
  /** The first and last of its year-only dates, when it lists more than one (a range). */
  yearsFrom: number;
  yearsTo: number;
  nationalities: Set<string>;
}

export function entryFacts(datesOfBirth: string[], nationalities: string[]): EntryFacts {
  const dates = datesOfBirth.map(parsePartialDate).filter((d): d is PartialDate => d !== null);
  const years = dates.filter((d) => d.month === 0).map((d) => d.year);
  const codes = new Set<string>();
  for (const n of nationalities) {
    const code = countryCode(n);
    codes.add(code ?? n.trim().toLowerCase());
  }
  return {
    dates,
    yearsFrom: years.length > 1 ? Math.min(...years) : 0,
    yearsTo: years.length > 1 ? Math.max(...years) : 0,
    nationalities: codes,
  };
}

function compareDates(subject: PartialDate, listed: PartialDate): number {
  const years = Math.abs(subject.year - listed.year);
  if (years >= 2) return DOB_DIFFERENT;
  if (years === 1) return DOB_NEAR;
  if (!subject.month || !listed.month) return DOB_SAME_YEAR;
  if (subject.month !== listed.month) {
    const swapped = subject.day === listed.month && subject.month === listed.day;
    return swapped ? DOB_SAME_MONTH : DOB_NEAR;
  }
  if (!subject.day || !listed.day) return DOB_SAME_MONTH;
  return subject.day === listed.day ? DOB_SAME_DAY : DOB_NEAR;
}

/** The date of birth's part of the score: between −0.20 and +0.08, 0 when either is unknown. */
export function dateAdjustment(subject: PartialDate | null, facts: EntryFacts): number {
  if (!subject || facts.dates.length === 0) return 0;
  let best = -Infinity;
  for (const listed of facts.dates) {
    const adjustment = compareDates(subject, listed);
    if (adjustment > best) best = adjustment;
  }
  if (
    best < DOB_SAME_YEAR &&
    facts.yearsTo &&
    subject.year >= facts.yearsFrom &&
    subject.year <= facts.yearsTo
  ) {
    best = DOB_SAME_YEAR;
  }
  return best;
}

/** The subject's nationality as the entries keep theirs: an ISO code, or the word as given. */
export function subjectNationality(value: string | null | undefined): string | null {
  if (!value || value.trim() === '') return null;
  return countryCode(value) ?? value.trim().toLowerCase();
}

/** The nationality's part of the score: +0.03, −0.20, or 0 when either is unknown. */
export function nationalityAdjustment(subject: string | null, facts: EntryFacts): number {
  if (!subject || facts.nationalities.size === 0) return 0;
  return facts.nationalities.has(subject) ? NATIONALITY_SAME : NATIONALITY_DIFFERENT;
}

/** The most the facts can add for this subject: how far below the threshold a name may start. */
export function largestRaise(dateOfBirth: PartialDate | null, nationality: string | null): number {
  return (dateOfBirth ? DOB_SAME_DAY : 0) + (nationality ? NATIONALITY_SAME : 0);
}
