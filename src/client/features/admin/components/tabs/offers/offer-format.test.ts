import { describe, expect, it } from 'vitest';
import { employmentLabel, formatIncome, initialTier } from './offer-format.ts';

describe('offer card values', () => {
  it('shows income in dollars with thousands separators', () => {
    expect(formatIncome(120000)).toBe('£120,000');
    expect(formatIncome(0)).toBe('£0');
    expect(formatIncome(null)).toBe('Not provided');
  });

  it('names employment statuses as the details form does', () => {
    expect(employmentLabel('self_employed')).toBe('Self-employed');
    expect(employmentLabel('unknown')).toBe('Unknown');
  });

  it('starts Assign Tier at the assigned tier, else the suggestion, never at manual', () => {
    expect(initialTier({ tier_assigned: 'noir', suggested_tier: 'titan' })).toBe('noir');
    expect(initialTier({ tier_assigned: null, suggested_tier: 'monarch' })).toBe('monarch');
    expect(initialTier({ tier_assigned: null, suggested_tier: 'manual' })).toBeNull();
  });
});
