import { describe, expect, it } from 'vitest';
import * as rules from './case-rules.ts';
import { STAGES } from './stages.ts';

describe('case rules', () => {
  it('lets the tier change until the applicant signs, never on a declined application', () => {
    expect(STAGES.filter((stage) => !rules.canOverrideTier(stage))).toEqual([
      'accepted',
      'activated',
      'declined',
    ]);
  });

  it('declines any stage before activation, and resends links only while steps remain', () => {
    expect(STAGES.filter((stage) => !rules.canDecline(stage))).toEqual(['activated', 'declined']);
    expect(rules.canResendLink('accepted')).toBe(false);
    expect(rules.canResendLink('detailed')).toBe(true);
  });

  it('issues an offer at kyc only, one awaiting approval at a time', () => {
    expect(
      STAGES.filter((stage) => rules.canIssueOffer(stage, { offerAwaitingApproval: false })),
    ).toEqual(['kyc']);
    expect(rules.canIssueOffer('kyc', { offerAwaitingApproval: true })).toBe(false);
  });

  it('reviews pending files of open cases, and approves only an identity the provider declined', () => {
    expect(rules.canReviewFile('kyc_in_progress', 'pending')).toBe(true);
    expect(rules.canReviewFile('declined', 'pending')).toBe(false);
    expect(rules.canReviewFile('kyc_in_progress', 'approved')).toBe(false);
    expect(rules.canApproveIdentity('kyc_in_progress', 'declined')).toBe(true);
    expect(rules.canApproveIdentity('kyc_in_progress', 'approved')).toBe(false);
    expect(rules.canApproveIdentity('kyc', 'declined')).toBe(false);
  });
});
