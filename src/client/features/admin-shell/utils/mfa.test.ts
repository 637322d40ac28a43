import { describe, expect, it } from 'vitest';
import { groupSecret, otpauthAccount, plainSecret, recoveryCodesText } from './mfa.ts';

describe('groupSecret', () => {
  it('groups a base32 secret in fours, the last group shorter', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });

  it('ignores spaces and dashes already there and upper-cases', () => {
    expect(groupSecret(' jbsw-y3dp ehpk3pxp ')).toBe('JBSW Y3DP EHPK 3PXP');
  });

  it('gives an empty string for an empty secret', () => {
    expect(groupSecret('')).toBe('');
  });
});

describe('plainSecret', () => {
  it('strips the grouping again', () => {
    expect(plainSecret(groupSecret('JBSWY3DPEHPK3PXP'))).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('recoveryCodesText', () => {
  it('lists every code on its own line after a short header', () => {
    const text = recoveryCodesText(['aaaa-bbbb', 'cccc-dddd'], {
      email: 'ann@waj.test',
      issuedAt: new Date('2025-03-04T10:00:00Z'),
    });
    expect(text).toContain('Account: ann@waj.test');
    expect(text).toContain('Created: 2025-03-04');
    expect(text.trimEnd().split('\n').slice(-2)).toEqual(['aaaa-bbbb', 'cccc-dddd']);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('leaves the account line out when the address is unknown', () => {
    expect(recoveryCodesText(['x'])).not.toContain('Account:');
  });
});

describe('otpauthAccount', () => {
  it("reads the address from the URL's label", () => {
    expect(otpauthAccount('otpauth://totp/Waj:ann%40waj.test?secret=ABC&issuer=Waj')).toBe(
      'ann@waj.test',
    );
  });

  it('takes a label without an issuer as it is', () => {
    expect(otpauthAccount('otpauth://totp/ann%40waj.test?secret=ABC')).toBe('ann@waj.test');
  });

  it('gives null for something that is no URL', () => {
    expect(otpauthAccount('not a url')).toBeNull();
  });
});
