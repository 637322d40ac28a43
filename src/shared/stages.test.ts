import { describe, expect, it } from 'vitest';
import {
  accountRedirect,
  activateRedirect,
  canTransition,
  hasStartedApplication,
  offerRedirect,
  progressIndex,
  routeAfterVerify,
  STAGES,
  stageLabel,
  type Stage,
} from './stages.ts';
import { tiersBelow } from './tiers.ts';

describe('post-verification redirect (SPEC §4)', () => {
  it.each<[string | null | undefined, string]>([
    ['basic', '/apply/review'],
    ['invited', '/apply/review'],
    ['code_verified', '/apply/review'],
    ['detailed', '/apply/review'],
    ['kyc_in_progress', '/apply/review'],
    ['kyc', '/apply/review'],
    ['tier_offer', '/apply/offer'],
    ['accepted', '/apply/activate'],
    ['activated', '/apply/activate'],
    ['declined', '/apply/review'],
    ['something_new', '/apply/review'],
    [undefined, '/apply/review'],
    [null, '/apply/review'],
  ])('%s → %s', (stage, route) => {
    expect(routeAfterVerify(stage)).toBe(route);
  });
});

describe('screen redirect tables (SPEC §2)', () => {
  const table: Record<
    Stage,
    { offer: string | null; activate: string | null; account: string | null }
  > = {
    basic: { offer: '/apply', activate: '/apply', account: '/apply' },
    invited: { offer: '/apply', activate: '/apply', account: '/apply' },
    code_verified: { offer: '/apply/review', activate: '/apply/review', account: '/apply' },
    detailed: { offer: '/apply/review', activate: '/apply/review', account: '/apply' },
    kyc_in_progress: { offer: '/apply/review', activate: '/apply/review', account: '/apply' },
    kyc: { offer: '/apply/review', activate: '/apply/review', account: '/apply' },
    tier_offer: { offer: null, activate: '/apply/offer', account: '/apply' },
    accepted: { offer: '/apply/activate', activate: null, account: '/apply' },
    activated: { offer: '/apply/activate', activate: null, account: null },
    // A declined applicant is told on the review screen, wherever they land.
    declined: { offer: '/apply/review', activate: '/apply/review', account: '/apply/review' },
  };
  it.each(STAGES)('%s', (stage) => {
    expect(offerRedirect(stage)).toBe(table[stage].offer);
    expect(activateRedirect(stage)).toBe(table[stage].activate);
    expect(accountRedirect(stage)).toBe(table[stage].account);
  });
});

describe('progress and labels', () => {
  it('shows detailed as the code-verified step and counts eight steps', () => {
    expect(progressIndex('detailed')).toBe(progressIndex('code_verified'));
    expect(progressIndex('basic')).toBe(0);
    expect(progressIndex('activated')).toBe(7);
    expect(stageLabel('kyc_in_progress')).toBe('Secure Verification');
    expect(stageLabel('accepted')).toBe('Accepted, preparing activation');
  });

  it("shows the 'already started' banner past basic and invited only", () => {
    expect(hasStartedApplication('basic')).toBe(false);
    expect(hasStartedApplication('invited')).toBe(false);
    expect(hasStartedApplication(null)).toBe(false);
    expect(hasStartedApplication('code_verified')).toBe(true);
    expect(hasStartedApplication('activated')).toBe(true);
  });
});

describe('transitions (CONTRACT §3)', () => {
  it('moves only forward along the documented path', () => {
    expect(canTransition('kyc', 'tier_offer')).toBe(true);
    expect(canTransition('tier_offer', 'accepted')).toBe(true);
    expect(canTransition('basic', 'activated')).toBe(false);
    expect(canTransition('activated', 'basic')).toBe(false);
    expect(canTransition('accepted', 'tier_offer')).toBe(false);
  });

  it('lets every stage before activated be declined, and nothing leave declined', () => {
    for (const stage of STAGES) {
      const declinable = stage !== 'activated' && stage !== 'declined';
      expect(canTransition(stage, 'declined')).toBe(declinable);
      expect(canTransition('declined', stage)).toBe(false);
    }
  });

  it('downgrades only to lower tiers', () => {
    expect(tiersBelow('titan')).toEqual(['standard', 'noir']);
    expect(tiersBelow('standard')).toEqual([]);
    expect(tiersBelow('elite')).toEqual(['standard', 'noir', 'titan', 'monarch']);
  });
});
