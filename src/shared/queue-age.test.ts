import { describe, expect, it } from 'vitest';
import { waitingFor } from './queue-age.ts';

const NOW = Date.parse('2026-05-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('waitingFor', () => {
  it.each([
    [0, 'waiting less than a minute'],
    [59_999, 'waiting less than a minute'],
    [MINUTE, 'waiting 1 minute'],
    [59 * MINUTE, 'waiting 59 minutes'],
    [HOUR, 'waiting 1 hour'],
    [5 * HOUR + 59 * MINUTE, 'waiting 5 hours'],
    [23 * HOUR, 'waiting 23 hours'],
    [DAY, 'waiting 1 day'],
    [2 * DAY - MINUTE, 'waiting 1 day'],
    [3 * DAY + 4 * HOUR, 'waiting 3 days'],
    [400 * DAY, 'waiting 400 days'],
  ])('%i ms ago reads %s', (ms, words) => {
    expect(waitingFor(ago(ms), NOW)).toBe(words);
  });

  it('reads a time a little ahead (a clock skew) as just now', () => {
    expect(waitingFor(ago(-5 * MINUTE), NOW)).toBe('waiting less than a minute');
  });
});
