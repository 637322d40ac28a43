import { describe, expect, it } from 'vitest';
import {
  APPROVAL_WAIT_TEXT,
  approvalView,
  employmentLabel,
  formatIncome,
  initialTier,
  sanctionsBlocked,
  sanctionsClearedText,
} from './offer-format.ts';

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

  it('lets an owner other than the issuer approve, and tells everyone else who they wait for', () => {
    expect(approvalView({ issuerId: 'a', myId: 'b', mayApprove: true })).toBe('approve');
    expect(approvalView({ issuerId: 'a', myId: 'a', mayApprove: true })).toBe('issuer');
    expect(approvalView({ issuerId: 'a', myId: 'b', mayApprove: false })).toBe('not_owner');
    // A compliance issuer is not an owner: they wait for one like any non-owner.
    expect(approvalView({ issuerId: 'a', myId: 'a', mayApprove: false })).toBe('not_owner');
    // Issued before named accounts: no issuer to exclude.
    expect(approvalView({ issuerId: null, myId: 'b', mayApprove: true })).toBe('approve');
    expect(approvalView({ issuerId: null, myId: null, mayApprove: true })).toBe('approve');
    expect(APPROVAL_WAIT_TEXT.issuer).toBe('Waiting for another owner to approve');
    expect(APPROVAL_WAIT_TEXT.not_owner).toBe('Waiting for an owner to approve');
  });

  it('blocks offers on a sanctions match until it is cleared', () => {
    expect(sanctionsBlocked({ match: false, cleared: null })).toBe(false);
    expect(sanctionsBlocked({ match: true, cleared: null })).toBe(true);
    const cleared = {
      reason: 'Different date of birth',
      by: 'Ada Owner',
      at: '2025-03-04T14:05:00Z',
    };
    expect(sanctionsBlocked({ match: true, cleared })).toBe(false);
    expect(sanctionsClearedText(cleared)).toBe(
      'Sanctions match cleared by Ada Owner on 4 Mar 2025: Different date of birth',
    );
  });
});
