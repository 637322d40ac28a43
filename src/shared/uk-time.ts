/**
 * UK time for staff records (a UK bank's log reads in London time wherever the reader is):
 * '24 Nov 2026, 14:03:07 GMT', and the UK calendar day as an instant range. Shared so the
 * audit view and its CSV export show the same time.
 */
const UK_ZONE = 'Europe/London';

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** '24 Nov 2026, 14:03' in UK time. */
const MINUTES: Intl.DateTimeFormatOptions = {
  timeZone: UK_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const WITH_SECONDS = new Intl.DateTimeFormat('en-GB', { ...MINUTES, second: '2-digit' });
const WITH_MINUTES = new Intl.DateTimeFormat('en-GB', MINUTES);

/** '4 Mar 2025, 14:05' in UK time; a dash when there is no (readable) date. */
export function formatUkDateTime(iso: string | Date | null | undefined): string {
  if (!iso) return '—';
  const date = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : WITH_MINUTES.format(date);
}

/** Minutes London is ahead of UTC at `date`: 0 (GMT) or 60 (BST). */
export function ukOffsetMinutes(date: Date): number {
  const part = Object.fromEntries(
    PARTS.formatToParts(date).map((p) => [p.type, p.value] as const),
  ) as Record<string, string>;
  const asUtc = Date.UTC(
    Number(part.year),
    Number(part.month) - 1,
    Number(part.day),
    Number(part.hour),
    Number(part.minute),
    Number(part.second),
  );
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/**
 * '24 Nov 2026, 14:03:07 GMT' / '24 Jul 2026, 14:03:07 BST'. The zone is worked out from the
 * offset rather than taken from Intl, whose short name for London varies ('GMT+1') by ICU build.
 */
export function formatUkDateTimeSeconds(iso: string | Date | null | undefined): string {
  if (!iso) return '—';
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return `${WITH_SECONDS.format(date)} ${ukOffsetMinutes(date) === 0 ? 'GMT' : 'BST'}`;
}

/** A calendar day: 'YYYY-MM-DD' (a date input) or UK 'DD/MM/YYYY'. */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const UK_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

export type CalendarDay = { year: number; month: number; day: number };

/** The day a text names, or null when it names none (31/02/2026 included). */
export function parseCalendarDay(text: string): CalendarDay | null {
  const iso = ISO_DAY.exec(text.trim());
  const uk = iso ? null : UK_DAY.exec(text.trim());
  if (!iso && !uk) return null;
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : [Number(uk![3]), Number(uk![2]), Number(uk![1])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1970 ||
    year > 9999 ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    return null;
  }
  return { year, month, day };
}

/** The instant a UK calendar day starts (midnight in London: never inside a clock change). */
export function ukDayStart({ year, month, day }: CalendarDay): Date {
  const guess = Date.UTC(year, month - 1, day);
  // London is 0 or 1 hour ahead; the offset an hour before the guess is the one at midnight.
  const offset = ukOffsetMinutes(new Date(guess - 60 * 60_000));
  const start = new Date(guess - offset * 60_000);
  return ukOffsetMinutes(start) === offset
    ? start
    : new Date(guess - ukOffsetMinutes(start) * 60_000);
}

/** The instant the UK calendar day after `day` starts (the exclusive end of `day`). */
export function ukDayEnd(day: CalendarDay): Date {
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  return ukDayStart({
    year: next.getUTCFullYear(),
    month: next.getUTCMonth() + 1,
    day: next.getUTCDate(),
  });
}
