import { describe, expect, it } from 'vitest';
import { formatDate, maskedCardNumber } from './format.ts';

describe('maskedCardNumber', () => {
  it('shows only the last four digits, and never anything else', () => {
    expect(maskedCardNumber('1234')).toBe('•••• •••• •••• 1234');
    expect(maskedCardNumber(null)).toBe('•••• •••• •••• ••••');
    expect(maskedCardNumber('12345')).toBe('•••• •••• •••• ••••');
  });
});

describe('formatDate', () => {
  it('reads day month year (en-GB)', () => {
    expect(formatDate('2025-03-04T12:00:00Z')).toBe('4 March 2025');
  });
});
