import type { OfferListRow } from '#shared/schemas/admin.ts';
import { EMPLOYMENT_LABELS } from '#shared/schemas/journey.ts';
import type { SanctionsState } from '#shared/schemas/staff.ts';
import type { Tier } from '#shared/tiers.ts';
import { formatStaffDate } from '#client/lib/staff/format-date.ts';

const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

/**
 * SPEC §2 'Offers' says "income in dollars", but applicants give it in pounds (the details form
 * asks a UK resident for '£85000'): a dollar sign would misstate every figure by the exchange rate.
 */
export function formatIncome(income: number | null): string {
  return income === null ? 'Not provided' : pounds.format(income);
}

export function employmentLabel(status: string | null): string {
  if (!status || status === 'unknown') return 'Unknown';
  return (EMPLOYMENT_LABELS as Record<string, string>)[status] ?? status.replace(/_/g, ' ');
}

/**
 * SPEC §4: 'Assign Tier' starts at the assigned tier, else the suggested one; a 'manual'
 * suggestion leaves it empty so a person must choose.
 */
export function initialTier(
  row: Pick<OfferListRow, 'tier_assigned' | 'suggested_tier'>,
): Tier | null {
  if (row.tier_assigned) return row.tier_assigned;
  return row.suggested_tier === 'manual' ? null : row.suggested_tier;
}

/**
 * What a pending offer's card offers the member (four eyes, CONTRACT §5): an owner other than
 * the issuer may approve it; the owner who issued it waits for another owner; everyone else
 * waits for an owner. An offer without a named issuer (before named accounts) may be approved
 * by any owner.
 */
export type ApprovalView = 'approve' | 'issuer' | 'not_owner';

export function approvalView(options: {
  issuerId: string | null;
  myId: string | null;
  mayApprove: boolean;
}): ApprovalView {
  if (!options.mayApprove) return 'not_owner';
  return options.issuerId !== null && options.issuerId === options.myId ? 'issuer' : 'approve';
}

export const APPROVAL_WAIT_TEXT: Record<Exclude<ApprovalView, 'approve'>, string> = {
  issuer: 'Waiting for another owner to approve',
  not_owner: 'Waiting for an owner to approve',
};

/** A sanctions match nobody has cleared blocks every offer (the server answers 409). */
export function sanctionsBlocked(sanctions: SanctionsState): boolean {
  return sanctions.match && sanctions.cleared === null;
}

/** The record of a cleared match, as the card shows it. */
export function sanctionsClearedText(cleared: NonNullable<SanctionsState['cleared']>): string {
  return `Sanctions match cleared by ${cleared.by} on ${formatStaffDate(cleared.at)}: ${cleared.reason}`;
}
