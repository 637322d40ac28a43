import type { Tier } from './tiers.ts';

/**
 * The monthly membership fee of each tier, in pence (company facts, one table). The Terms of
 * Membership and the help page state the range, £0 to £39.99 a month; the offer shows the
 * tier's own fee before it is signed, and the signed terms hash includes it.
 */
export const MONTHLY_FEE_PENCE: Record<Tier, number> = {
  standard: 0,
  noir: 999,
  titan: 1999,
  monarch: 2999,
  elite: 3999,
};

/** The legal copy's stated range; the table must stay inside it. */
export const FEE_RANGE_PENCE = { min: 0, max: 3999 } as const;

/** '£19.99 a month', or 'No monthly fee' for a free tier. */
export function monthlyFeeLabel(tier: Tier): string {
  const pence = MONTHLY_FEE_PENCE[tier];
  if (pence === 0) return 'No monthly fee';
  return `£${(pence / 100).toFixed(2)} a month`;
}
