import { describe, expect, it } from 'vitest';
import { STAFF_AUTH_FAILURES } from '../rate-limits.ts';
import { staffAuthDelayMs } from './staff-throttle.ts';

describe('staff sign-in delay per IP', () => {
  it('is free for the first 5 failures, then doubles from a second, up to the cap', () => {
    expect([0, 1, 4].map((n) => staffAuthDelayMs(n, 5))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => staffAuthDelayMs(n, 5))).toEqual([1000, 2000, 4000, 8000]);
    expect(staffAuthDelayMs(30, 5)).toBe(STAFF_AUTH_FAILURES.maxDelayMs);
    expect(STAFF_AUTH_FAILURES.maxDelayMs).toBeLessThan(STAFF_AUTH_FAILURES.windowMs);
  });
});
