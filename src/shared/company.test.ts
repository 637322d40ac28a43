import { describe, expect, it } from 'vitest';
import { COMPANY, statusStatement, telHref, upcomingQuarter } from './company.ts';

describe('company facts', () => {
  it('ship with placeholders that cannot pass for a real firm', () => {
    expect(COMPANY.partner.frn).toMatch(/^0+$/);
    expect(COMPANY.companyNumber).toMatch(/^0+$/);
    expect(COMPANY.partner.name).toMatch(/^Example /);
    expect(COMPANY.registeredOffice).toMatch(/Example Street/);
  });

  it('state who provides the accounts and cards, under which authorisation and number', () => {
    const statement = statusStatement({
      name: 'Waj',
      partner: { name: 'Acme Bank plc', authorisation: 'authorised by the FCA', frn: '123456' },
    });
    expect(statement).toBe(
      'Waj is not a bank. Waj accounts and cards are provided by Acme Bank plc, which is authorised by the FCA (Firm Reference Number 123456).',
    );
  });

  it('dial the lost card line from its written form', () => {
    expect(telHref('+44 20 0000 0000')).toBe('tel:+442000000000');
    expect(telHref('0800 (123) 456-789')).toBe('tel:0800123456789');
  });

  it('show a launch quarter only until it has ended', () => {
    expect(upcomingQuarter('Q3 2025', new Date('2025-06-30T23:59:59Z'))).toBe('Q3 2025');
    expect(upcomingQuarter('Q3 2025', new Date('2025-09-30T23:59:59Z'))).toBe('Q3 2025');
    expect(upcomingQuarter('Q3 2025', new Date('2025-10-01T00:00:00Z'))).toBeNull();
    expect(upcomingQuarter('Q3 2025', new Date('2026-11-25T00:00:00Z'))).toBeNull();
    expect(upcomingQuarter('Q4 2027', new Date('2027-12-31T12:00:00Z'))).toBe('Q4 2027');
    expect(upcomingQuarter('Q4 2027', new Date('2028-01-01T00:00:00Z'))).toBeNull();
    expect(upcomingQuarter('soon', new Date('2020-01-01T00:00:00Z'))).toBeNull();
  });
});
