import { describe, expect, it } from 'vitest';
import { formatCount } from '#client/components/staff/queue-controls.tsx';
import { showingRange } from './pagination.ts';

describe('showingRange', () => {
  it('counts the rows of the page shown', () => {
    expect(showingRange(1, 20, 45)).toEqual({ from: 1, to: 20, total: 45, pages: 3 });
    expect(showingRange(3, 20, 45)).toEqual({ from: 41, to: 45, total: 45, pages: 3 });
  });

  it('shows nothing for an empty list and clamps a page past the end', () => {
    expect(showingRange(1, 20, 0)).toEqual({ from: 0, to: 0, total: 0, pages: 1 });
    expect(showingRange(9, 10, 25)).toMatchObject({ from: 21, to: 25, pages: 3 });
  });

  it('does not clamp to a capped total, which is only a lower bound', () => {
    expect(showingRange(2, 20, 1000, true)).toMatchObject({ from: 21, to: 40, pages: 50 });
    expect(showingRange(51, 20, 1000, true)).toMatchObject({ from: 1001, to: 1020, pages: 51 });
  });
});

describe('formatCount', () => {
  it('writes thousands with commas and a capped total as a lower bound', () => {
    expect(formatCount(222222)).toBe('222,222');
    expect(formatCount(1000, true)).toBe('1,000+');
  });
});
