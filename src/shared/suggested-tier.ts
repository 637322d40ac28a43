import type { Tier } from './tiers.ts';

/** Income thresholds in whole pounds (SPEC §9), highest first. */
export const INCOME_THRESHOLDS: readonly { min: number; tier: Tier }[] = [
  { min: 500_000, tier: 'elite' },
  { min: 250_000, tier: 'monarch' },
  { min: 100_000, tier: 'titan' },
  { min: 50_000, tier: 'noir' },
];

/**
 * Suggested tier for staff issuing an offer (SPEC §4). PEP exposure always needs a person:
 * 'manual' means no tier can be issued until reviewed.
 */
export function suggestedTier(input: {
  annualIncome: number;
  pepExposed: boolean;
}): Tier | 'manual' {
  if (input.pepExposed) return 'manual';
  return INCOME_THRESHOLDS.find((t) => input.annualIncome >= t.min)?.tier ?? 'standard';
}

/** The tier pre-selected in 'Assign Tier': an already assigned tier wins over the suggestion. */
export function initialOfferTier(input: {
  tierAssigned: Tier | null;
  annualIncome: number;
  pepExposed: boolean;
}): Tier | 'manual' {
  return input.tierAssigned ?? suggestedTier(input);
}
