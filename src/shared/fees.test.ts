import { describe, expect, it } from 'vitest';
import { FEE_RANGE_PENCE, MONTHLY_FEE_PENCE, monthlyFeeLabel } from './fees.ts';
import { TIERS } from './tiers.ts';

describe('monthly fees', () => {
  it('every tier has a fee within the legal copy’s £0–£39.99 range, rising with the tier', () => {
    const fees = TIERS.map((tier) => MONTHLY_FEE_PENCE[tier]);
    for (const fee of fees) {
      expect(Number.isInteger(fee)).toBe(true);
      expect(fee).toBeGreaterThanOrEqual(FEE_RANGE_PENCE.min);
      expect(fee).toBeLessThanOrEqual(FEE_RANGE_PENCE.max);
    }
    expect([...fees].sort((a, b) => a - b)).toEqual(fees);
  });

  it('reads in pounds', () => {
    expect(monthlyFeeLabel('standard')).toBe('No monthly fee');
    expect(monthlyFeeLabel('titan')).toBe('£19.99 a month');
  });
});
