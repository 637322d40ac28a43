import { describe, expect, it } from 'vitest';
import { initialOfferTier, suggestedTier } from './suggested-tier.ts';

describe('suggested tier (SPEC §4)', () => {
  it.each([
    [0, 'standard'],
    [49_999, 'standard'],
    [50_000, 'noir'],
    [99_999, 'noir'],
    [100_000, 'titan'],
    [249_999, 'titan'],
    [250_000, 'monarch'],
    [499_999, 'monarch'],
    [500_000, 'elite'],
    [10_000_000, 'elite'],
  ])('income %i suggests %s', (annualIncome, tier) => {
    expect(suggestedTier({ annualIncome, pepExposed: false })).toBe(tier);
  });

  it('needs manual review for anyone politically exposed, whatever the income', () => {
    expect(suggestedTier({ annualIncome: 1_000_000, pepExposed: true })).toBe('manual');
    expect(suggestedTier({ annualIncome: 0, pepExposed: true })).toBe('manual');
  });

  it('pre-selects an already assigned tier over the suggestion', () => {
    expect(
      initialOfferTier({ tierAssigned: 'noir', annualIncome: 600_000, pepExposed: false }),
    ).toBe('noir');
    expect(initialOfferTier({ tierAssigned: null, annualIncome: 600_000, pepExposed: false })).toBe(
      'elite',
    );
  });
});
