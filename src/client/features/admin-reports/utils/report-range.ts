import { ZReportRequest, type TReportRequest } from '#shared/schemas/casework.ts';

export type ReportRange = Required<TReportRequest>;

const UK_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in the UK, 'YYYY-MM-DD' (the server reads the range as UK days). */
export function ukToday(now: Date = new Date()): string {
  return UK_DAY.format(now);
}

/** The day `days` before `day` (both 'YYYY-MM-DD'). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

export const PRESETS = [
  { id: 'last-30', label: 'Last 30 days' },
  { id: 'last-90', label: 'Last 90 days' },
  { id: 'this-year', label: 'This year' },
  { id: 'last-365', label: 'Last 12 months' },
] as const;
export type PresetId = (typeof PRESETS)[number]['id'];

/** A preset's range, ending today (UK) and including it. */
export function presetRange(id: PresetId, today: string = ukToday()): ReportRange {
  switch (id) {
    case 'last-30':
      return { from: daysBefore(today, 29), to: today };
    case 'last-90':
      return { from: daysBefore(today, 89), to: today };
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'last-365':
      return { from: daysBefore(today, 364), to: today };
  }
}

/** The tab opens on the last 90 days. */
export const defaultRange = (today?: string) => presetRange('last-90', today);

/** The schema's messages for a range, by field (none when the server would take it). */
export function rangeErrors(range: ReportRange): Partial<Record<keyof ReportRange, string>> {
  const parsed = ZReportRequest.safeParse(range);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof ReportRange, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
