import { describe, expect, it } from 'vitest';
import { describePeriod, retentionCutoff, retentionRule } from './retention.ts';

describe('the retention table', () => {
  it('states periods as people read them', () => {
    expect(describePeriod({ months: 2 })).toBe('2 months');
    expect(describePeriod({ months: 12 })).toBe('1 year');
    expect(describePeriod({ days: 30 })).toBe('30 days');
    expect(describePeriod({ days: 1 })).toBe('1 day');
  });

  it('holds the periods CONTRACT §6 sets', () => {
    expect(retentionRule('declined').period).toEqual({ months: 2 });
    expect(retentionRule('inactive').period).toEqual({ months: 12 });
    expect(retentionRule('inbox').period).toEqual({ months: 12 });
    expect(retentionRule('sessions').period).toEqual({ days: 30 });
    expect(retentionRule('mail_bodies').period).toEqual({ days: 30 });
    expect(retentionRule('provider_payloads').period).toEqual({ days: 90 });
  });

  it('cuts off by calendar months and days', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(retentionCutoff('declined', now).toISOString()).toBe('2026-09-24T12:00:00.000Z');
    expect(retentionCutoff('sessions', now).toISOString()).toBe('2026-10-25T12:00:00.000Z');
  });
});
