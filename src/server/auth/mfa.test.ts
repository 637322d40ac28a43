import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  decryptTotpSecret,
  encryptTotpSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  totpStepOf,
} from './mfa.ts';

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describe('staff second factor', () => {
  it('keeps the TOTP secret encrypted: a fresh IV each time, readable only with the key', () => {
    const secret = newTotpSecret();
    const key = randomBytes(32);
    const a = encryptTotpSecret(secret, key);
    const b = encryptTotpSecret(secret, key);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(decryptTotpSecret(a, key)).toBe(secret);
    expect(() => decryptTotpSecret(a, randomBytes(32))).toThrow();
    // A tampered ciphertext fails its tag rather than decrypting to something else.
    const [format, iv, tag, data] = a.split('.');
    const flipped = `${data!.startsWith('A') ? 'B' : 'A'}${data!.slice(1)}`;
    expect(() => decryptTotpSecret([format, iv, tag, flipped].join('.'), key)).toThrow();
  });

  it('accepts the current code and the steps either side, by their time step, and nothing else', () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2026, 10, 24, 12, 0, 15);
    const step = Math.floor(now / 30_000);
    expect(totpStepOf(secret, codeAt(secret, now), now)).toBe(step);
    expect(totpStepOf(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(totpStepOf(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(totpStepOf(secret, codeAt(secret, now - 90_000), now)).toBeNull();
    // Spaces as people type them are fine; anything but six digits is not a TOTP code.
    const code = codeAt(secret, now);
    expect(totpStepOf(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    expect(totpStepOf(secret, '12345', now)).toBeNull();
    expect(totpStepOf(secret, 'ABCDEF', now)).toBeNull();
  });

  it('offers an otpauth address an authenticator app reads', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ada@waj.co.uk'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('Waj');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
  });

  it('makes ten distinct recovery codes, matched however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(hashRecoveryCode('ab0c1-23def')).toBe(hashRecoveryCode('AB0C1 23DEF'));
    expect(hashRecoveryCode('ABOC1-23DEF')).toBe(hashRecoveryCode('AB0C1-23DEF'));
    expect(hashRecoveryCode('ABIC1-23DEF')).toBe(hashRecoveryCode('AB1C1-23DEF'));
    expect(hashRecoveryCode('AB0C1-23DEF')).not.toBe(hashRecoveryCode('AB0C1-23DEG'));
  });
});
