import { DECISION_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from '#shared/schemas/admin-lists.ts';
import type { IdentityDecision, IdentityStatus, Stage } from '#shared/stages.ts';
import { stageLabel } from '#shared/stages.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** How long since `iso`, in the largest whole unit: 'under an hour', '5 hours', '3 days'. */
export function timeSince(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  if (elapsed < HOUR) return 'under an hour';
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  return plural(Math.floor(elapsed / DAY), 'day');
}

/** The stage as staff read it: the progress step's words, and 'Declined'. */
export function caseStageLabel(stage: Stage): string {
  if (stage === 'declined') return 'Declined';
  if (stage === 'detailed') return 'Details sent';
  return stageLabel(stage);
}

/**
 * The identity check's status and decision in the Applicants table's words (its filter labels),
 * so the case screen and the list never name one state two ways.
 */
export function screeningStatusLabel(status: IdentityStatus): string {
  return STATUS_FILTER_OPTIONS.find((option) => option.value === status)?.label ?? status;
}
export function screeningDecisionLabel(decision: IdentityDecision | null): string {
  if (decision === null) return '—';
  return DECISION_FILTER_OPTIONS.find((option) => option.value === decision)?.label ?? decision;
}

/** Whole pounds, as the applicant declared them. */
export function formatIncome(pounds: number): string {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    maximumFractionDigits: 0,
  }).format(pounds);
}
