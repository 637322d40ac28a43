import { describe, expect, it } from 'vitest';
import { IDENTITY_DECISIONS, IDENTITY_STATUSES } from '#shared/stages.ts';
import {
  caseStageLabel,
  formatIncome,
  screeningDecisionLabel,
  screeningStatusLabel,
  timeSince,
} from './case-format.ts';

describe('timeSince', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('says under an hour, then hours, then days', () => {
    expect(timeSince('2026-03-10T11:30:00Z', now)).toBe('under an hour');
    expect(timeSince('2026-03-10T11:00:00Z', now)).toBe('1 hour');
    expect(timeSince('2026-03-10T07:00:00Z', now)).toBe('5 hours');
    expect(timeSince('2026-03-09T12:00:00Z', now)).toBe('1 day');
    expect(timeSince('2026-03-07T11:00:00Z', now)).toBe('3 days');
  });
  it('never goes negative on a clock a little ahead', () => {
    expect(timeSince('2026-03-10T12:05:00Z', now)).toBe('under an hour');
  });
});

describe('caseStageLabel', () => {
  it('reads the stage in words', () => {
    expect(caseStageLabel('declined')).toBe('Declined');
    expect(caseStageLabel('kyc')).toBe('Verification Complete');
  });
});

describe('formatIncome', () => {
  it('shows whole pounds', () => {
    expect(formatIncome(185000)).toBe('£185,000');
  });
});

describe('screening labels', () => {
  it('reads the check status and decision as the Applicants table does, never a raw value', () => {
    expect(screeningStatusLabel('submitted')).toBe('Submitted');
    expect(screeningStatusLabel('approved')).toBe('Approved');
    expect(screeningDecisionLabel('resubmission_requested')).toBe('Resubmit');
    expect(screeningDecisionLabel('approved')).toBe('Approved');
    expect(screeningDecisionLabel(null)).toBe('—');
    const labels = [
      ...IDENTITY_STATUSES.map(screeningStatusLabel),
      ...IDENTITY_DECISIONS.map(screeningDecisionLabel),
    ];
    for (const label of labels) expect(label).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
  });
});
