import { describe, expect, it } from 'vitest';
import {
  formatUkDateTimeSeconds,
  parseCalendarDay,
  ukDayEnd,
  ukDayStart,
  ukOffsetMinutes,
} from './uk-time.ts';

describe('UK time', () => {
  it('writes times with seconds and GMT or BST', () => {
    expect(formatUkDateTimeSeconds('2026-11-24T14:03:07Z')).toBe('24 Nov 2026, 14:03:07 GMT');
    expect(formatUkDateTimeSeconds('2026-07-24T13:03:07Z')).toBe('24 Jul 2026, 14:03:07 BST');
    expect(formatUkDateTimeSeconds(null)).toBe('—');
    expect(formatUkDateTimeSeconds('nonsense')).toBe('—');
  });

  it('knows the clocks change on the last Sundays of March and October', () => {
    expect(ukOffsetMinutes(new Date('2026-03-29T00:59:59Z'))).toBe(0);
    expect(ukOffsetMinutes(new Date('2026-03-29T01:00:00Z'))).toBe(60);
    expect(ukOffsetMinutes(new Date('2026-10-25T00:59:59Z'))).toBe(60);
    expect(ukOffsetMinutes(new Date('2026-10-25T01:00:00Z'))).toBe(0);
  });

  it('reads a day from a date input or the UK way, and refuses days that do not exist', () => {
    expect(parseCalendarDay('2026-07-01')).toEqual({ year: 2026, month: 7, day: 1 });
    expect(parseCalendarDay('1/7/2026')).toEqual({ year: 2026, month: 7, day: 1 });
    expect(parseCalendarDay('31/02/2026')).toBeNull();
    expect(parseCalendarDay('2026-13-01')).toBeNull();
    expect(parseCalendarDay('yesterday')).toBeNull();
  });

  it('starts and ends a UK day at London midnight, in summer and winter', () => {
    const july = { year: 2026, month: 7, day: 1 };
    expect(ukDayStart(july).toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(ukDayEnd(july).toISOString()).toBe('2026-07-01T23:00:00.000Z');
    const december = { year: 2026, month: 12, day: 31 };
    expect(ukDayStart(december).toISOString()).toBe('2026-12-31T00:00:00.000Z');
    expect(ukDayEnd(december).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    // The days the clocks change are 23 and 25 hours long.
    const spring = { year: 2026, month: 3, day: 29 };
    expect(ukDayEnd(spring).getTime() - ukDayStart(spring).getTime()).toBe(23 * 3600_000);
    const autumn = { year: 2026, month: 10, day: 25 };
    expect(ukDayEnd(autumn).getTime() - ukDayStart(autumn).getTime()).toBe(25 * 3600_000);
  });
});
