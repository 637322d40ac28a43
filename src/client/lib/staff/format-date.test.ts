import { describe, expect, it } from 'vitest';
import { formatStaffDate, formatStaffDateTime } from './format-date.ts';

describe('staff dates', () => {
  it('reads in UK time, en-GB', () => {
    expect(formatStaffDateTime('2025-03-03T14:05:00Z')).toBe('3 Mar 2025, 14:05');
    // British Summer Time: an hour ahead of UTC.
    expect(formatStaffDateTime('2025-07-01T08:30:00Z')).toBe('1 Jul 2025, 09:30');
    expect(formatStaffDate('2025-12-31T23:30:00Z')).toBe('31 Dec 2025');
  });

  it('shows a dash for a missing or unreadable date', () => {
    expect(formatStaffDateTime(null)).toBe('—');
    expect(formatStaffDate('not a date')).toBe('—');
  });
});
