import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/** Opaque bearer tokens: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are high-entropy, so a fast hash is enough to keep them unusable if the table leaks. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Crockford base32: no I, L, O or U, so codes read aloud or typed by hand are unambiguous. */
export const UNAMBIGUOUS_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function randomString(length: number, alphabet = UNAMBIGUOUS_ALPHABET): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A generated staff passphrase: 30 symbols of 5 bits each (150 bits), grouped for reading. */
export function generatePassphrase(): string {
  return Array.from({ length: 6 }, () => randomString(5)).join('-');
}

const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 } as const;

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number, len: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password, salt, len, { N: n, r, p, maxmem: 128 * n * r * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking old hashes. */
export async function hashPassphrase(passphrase: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = SCRYPT;
  const key = await scryptAsync(passphrase, salt, N, r, p, keyLength);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a passphrase against a stored hash; a malformed hash never matches. */
export async function verifyPassphrase(passphrase: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scryptAsync(
    passphrase,
    Buffer.from(saltB64, 'base64'),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}
