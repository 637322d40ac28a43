import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SERVICE_LEVELS,
  dueAt,
  dueLabel,
  isBreached,
  parseServiceLevels,
} from './service-levels.ts';

const NOW = Date.parse('2026-05-10T12:00:00Z');
const HOUR = 3_600_000;

describe('service levels', () => {
  it('has the contract’s targets', () => {
    expect(DEFAULT_SERVICE_LEVELS).toMatchObject({
      identity_review: 24,
      offer: 48,
      activation: 72,
      screening_alert: 24,
      approval: 24,
      erasure_request: 720,
    });
  });

  it('is due its target after it started waiting, and overdue only once past it', () => {
    const since = new Date(NOW - 48 * HOUR).toISOString();
    const due = dueAt(since, 48);
    expect(due).toBe(new Date(NOW).toISOString());
    expect(isBreached(due, NOW)).toBe(false);
    expect(isBreached(due, NOW + 1)).toBe(true);
  });

  it.each([
    [5 * HOUR, 'due in 5 hours'],
    [90_000, 'due in 1 minute'],
    [-2 * 24 * HOUR - HOUR, 'overdue by 2 days'],
    [-HOUR, 'overdue by 1 hour'],
  ])('%i ms from now reads %s', (offset, words) => {
    expect(dueLabel(new Date(NOW + offset).toISOString(), NOW)).toBe(words);
  });

  it('reads overrides, and names what is wrong with a bad one', () => {
    expect(parseServiceLevels(' offer=36 , activation=12')).toEqual({
      ...DEFAULT_SERVICE_LEVELS,
      offer: 36,
      activation: 12,
    });
    expect(parseServiceLevels('')).toEqual(DEFAULT_SERVICE_LEVELS);
    expect(parseServiceLevels('lunch=1')).toMatchObject({
      error: expect.stringContaining("'lunch' is not a queue"),
    });
    expect(parseServiceLevels('offer=1.5')).toMatchObject({
      error: expect.stringContaining('offer must be'),
    });
    expect(parseServiceLevels('offer=9000')).toMatchObject({
      error: expect.stringContaining('between 1 and 8760'),
    });
    expect(parseServiceLevels('offer')).toMatchObject({ error: expect.any(String) });
  });
});
