import { describe, expect, it } from 'vitest';
import {
  canApproveIdentity,
  canDecline,
  canIssueOffer,
  canOverrideTier,
  canResendLink,
  canReviewFile,
} from './case-rules.ts';
import { STAGES } from './stages.ts';

describe('case rules', () => {
  it('lets the tier change until the applicant signs, never on a declined application', () => {
    expect(STAGES.filter((stage) => !canOverrideTier(stage))).toEqual([
      'accepted',
      'activated',
      'declined',
    ]);
  });

  it('declines any stage before activation, and resends links only while steps remain', () => {
    expect(STAGES.filter((stage) => !canDecline(stage))).toEqual(['activated', 'declined']);
    expect(canResendLink('accepted')).toBe(false);
    expect(canResendLink('detailed')).toBe(true);
  });

  it('issues an offer at kyc only, one awaiting approval at a time', () => {
    expect(
      STAGES.filter((stage) => canIssueOffer(stage, { offerAwaitingApproval: false })),
    ).toEqual(['kyc']);
    expect(canIssueOffer('kyc', { offerAwaitingApproval: true })).toBe(false);
  });

  it('reviews pending files of open cases, and approves only an identity the provider declined', () => {
    expect(canReviewFile('kyc_in_progress', 'pending')).toBe(true);
    expect(canReviewFile('declined', 'pending')).toBe(false);
    expect(canReviewFile('kyc_in_progress', 'approved')).toBe(false);
    expect(canApproveIdentity('kyc_in_progress', 'declined')).toBe(true);
    expect(canApproveIdentity('kyc_in_progress', 'approved')).toBe(false);
    expect(canApproveIdentity('kyc', 'declined')).toBe(false);
  });
});
