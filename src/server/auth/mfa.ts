import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { randomString, sha256Hex } from '../lib/crypto.ts';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s (CONTRACT §5). */
const TOTP_PERIOD_S = 30;
const TOTP_DIGITS = 6;
/** One step either side: a phone clock a little off still works. */
const TOTP_WINDOW = 1;
const ISSUER = 'Waj';

/** A fresh TOTP secret: 160 random bits, base32 as authenticator apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** The `otpauth://` address the enrolment QR code shows. */
export function otpauthUrl(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * The time step of a valid code, or null. The caller must refuse a step at or before the last
 * one accepted (a code is never accepted twice).
 */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret, '').validate({ token, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

/** Looks like a TOTP code (digits only): anything else is tried as a recovery code. */
export function isTotpShaped(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}

const RECOVERY_CODES = 10;

/** Ten codes of 10 Crockford base32 symbols (50 bits), shown as `XXXXX-XXXXX`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => `${randomString(5)}-${randomString(5)}`);
}

/**
 * How a typed recovery code is compared: case, spaces and dashes ignored, and the letters
 * people mistake for digits read as those digits (Crockford's rule).
 */
export function normaliseRecoveryCode(code: string): string {
  return code
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** Recovery codes carry 50 random bits each, so a plain SHA-256 keeps a leaked table useless. */
export function hashRecoveryCode(code: string): string {
  return sha256Hex(`waj-recovery:${normaliseRecoveryCode(code)}`);
}

const SECRET_FORMAT = 'v1';

/** AES-256-GCM with a fresh 96-bit IV: `v1.iv.tag.ciphertext`, each base64url. */
export function encryptTotpSecret(secret: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [SECRET_FORMAT, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The stored secret, or an error when the key is not the one it was encrypted with. */
export function decryptTotpSecret(stored: string, key: Buffer): string {
  const [format, iv, tag, data] = stored.split('.');
  if (format !== SECRET_FORMAT || !iv || !tag || !data) {
    throw new Error('stored TOTP secret has an unknown format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
