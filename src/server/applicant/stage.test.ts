import { describe, expect, it } from 'vitest';
import { NEXT_STAGES, STAGES } from '#shared/stages.ts';
import { allowedSources } from './stage.ts';

describe('the table of moves is the one definition moveStage uses', () => {
  it('reaches each stage only from the stages the table lists', () => {
    expect(allowedSources('detailed')).toEqual(['code_verified', 'kyc_in_progress']);
    expect(allowedSources('code_verified')).toEqual(['basic', 'invited']);
    expect(allowedSources('basic')).toEqual([]);
    for (const to of STAGES) {
      expect(allowedSources(to)).toEqual(STAGES.filter((from) => NEXT_STAGES[from].includes(to)));
    }
  });

  it('lets a call narrow the table, never widen it', () => {
    expect(allowedSources('detailed', ['kyc_in_progress'])).toEqual(['kyc_in_progress']);
    // The move apply-details used to allow: details corrected at `detailed` are no move.
    expect(() => allowedSources('detailed', ['code_verified', 'detailed'])).toThrow(
      /detailed → detailed is not in the table/,
    );
    expect(() => allowedSources('activated', ['tier_offer'])).toThrow(/not in the table/);
  });
});
