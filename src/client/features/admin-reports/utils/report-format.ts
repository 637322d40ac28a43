import type { ReportAgeBucket, ReportResponse } from '#shared/schemas/casework.ts';
import { STAGE_FILTER_OPTIONS } from '#shared/schemas/admin-lists.ts';
import { STAGES, type Stage } from '#shared/stages.ts';

/** A stage as the staff lists name it ('KYC In Progress'). */
export const STAGE_NAMES = Object.fromEntries(
  STAGE_FILTER_OPTIONS.filter((option) => option.value !== 'all').map((o) => [o.value, o.label]),
) as Record<Stage, string>;

export const AGE_BUCKET_LABELS: Record<ReportAgeBucket, string> = {
  under_24h: 'Under 24 hours',
  d1_3: '1–3 days',
  d3_7: '3–7 days',
  over_7d: 'Over 7 days',
};

export const ALERT_OUTCOMES = ['open', 'confirmed', 'cleared'] as const;
export type AlertOutcome = (typeof ALERT_OUTCOMES)[number];
export const ALERT_OUTCOME_LABELS: Record<AlertOutcome, string> = {
  open: 'Open',
  confirmed: 'Confirmed',
  cleared: 'Cleared',
};

/** The stages any week of the report has, in the application's order. */
export function stagesIn(weeks: ReportResponse['weeks']): Stage[] {
  return STAGES.filter((stage) => weeks.some((week) => (week.by_stage[stage] ?? 0) > 0));
}

/** A week's applications over every stage. */
export const weekTotal = (week: ReportResponse['weeks'][number]) =>
  Object.values(week.by_stage).reduce((sum, n) => sum + (n ?? 0), 0);

const count = new Intl.NumberFormat('en-GB');
export const formatCount = (n: number) => count.format(n);

/** 0.7512 → '75.1%'; no decisions → a dash. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;
}

/** 30.5 → '30.5 h'; none → a dash. */
export function formatHours(hours: number | null): string {
  return hours === null ? '—' : `${count.format(Math.round(hours * 10) / 10)} h`;
}

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const FULL_DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-11-23' → '23 Nov' (an axis tick) or '23 Nov 2026' (`full`). */
export function formatDay(day: string, full = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  return (full ? FULL_DAY : DAY_MONTH).format(date);
}
