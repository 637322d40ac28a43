import { createHash, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, readFile, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { serverSecrets } from './db/schema.ts';
import type { Env } from './env.ts';
import { syncDirectory } from './lib/sync-dir.ts';

export interface Secrets {
  sessionSecret: string;
  /** AES-256-GCM key for staff TOTP secrets at rest (auth/mfa-secret.ts). */
  mfaKey: Buffer;
}

/** Where an earlier version kept the generated magic-link key; moved to a file at start. */
const LEGACY_SESSION_SECRET_KEY = 'session_secret';
const MIN_SECRET_LENGTH = 32;

/** The generated magic-link key, when SESSION_SECRET is not set. */
export function sessionSecretPath(dataDir: string): string {
  return join(dataDir, 'secrets', 'session-secret');
}

/** The generated key for staff TOTP secrets, when MFA_SECRET_KEY is not set. */
export function mfaKeyPath(dataDir: string): string {
  return join(dataDir, 'secrets', 'mfa-key');
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as { code?: unknown }).code
    : undefined;
}

async function readSecretFile(path: string, variable: string): Promise<string | undefined> {
  let value: string;
  try {
    value = (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  if (value.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${path} does not hold a usable key (at least ${MIN_SECRET_LENGTH} characters): ` +
        `remove it, or set ${variable}`,
    );
  }
  // A copy restored from a backup may have come back readable by others.
  await chmod(path, 0o600);
  return value;
}

/**
 * Writes `value` to `path` only if no file is there yet: the whole value goes to a private
 * temporary file, flushed, then is hard-linked into place. link() fails when the name exists,
 * so of two instances starting together on one DATA_DIR exactly one wins, and a reader never
 * sees a half-written key. The loser's value is simply dropped.
 */
async function createSecretFileOnce(path: string, value: string): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const temp = join(dir, `.${randomBytes(8).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(`${value}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await link(temp, path);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
  // Make the new name durable before anything relies on it (the old row is deleted next).
  await syncDirectory(dir);
}

/**
 * The generated magic-link key lives in a file under DATA_DIR, never in the database: a copy
 * of the database alone must not let anyone sign a link. A key an earlier version stored in
 * `server_secrets` is moved into the file (so links already e-mailed keep working) and only
 * then deleted from the table.
 */
async function fileSessionSecret(db: Db, dataDir: string): Promise<string> {
  const path = sessionSecretPath(dataDir);
  const existing = await readSecretFile(path, 'SESSION_SECRET');
  if (existing) return existing;
  const [legacy] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.key, LEGACY_SESSION_SECRET_KEY));
  const candidate =
    legacy && legacy.value.length >= MIN_SECRET_LENGTH
      ? legacy.value
      : randomBytes(32).toString('base64url');
  await createSecretFileOnce(path, candidate);
  const winner = await readSecretFile(path, 'SESSION_SECRET');
  if (!winner) throw new Error(`${path} vanished while starting`);
  return winner;
}

/**
 * The key that encrypts staff TOTP secrets, kept out of the database for the same reason as
 * the link key: a database copy alone must not yield anyone's second factor.
 */
async function mfaKeyOf(env: Env, dataDir: string): Promise<Buffer> {
  let value = env.MFA_SECRET_KEY;
  if (!value) {
    const path = mfaKeyPath(dataDir);
    value = await readSecretFile(path, 'MFA_SECRET_KEY');
    if (!value) {
      await createSecretFileOnce(path, randomBytes(32).toString('base64url'));
      value = await readSecretFile(path, 'MFA_SECRET_KEY');
    }
    if (!value) throw new Error(`${path} vanished while starting`);
  }
  // Any long value is accepted; the AES key is its SHA-256, always 32 bytes.
  return createHash('sha256').update(value).digest();
}

/**
 * The link-signing key and the TOTP encryption key. Each comes from its environment variable
 * or, without it, from a file under DATA_DIR (env.ts refuses that in production with
 * DATABASE_URL, where instances could not share the file). Staff passphrases live with their
 * members (auth/first-owner.ts).
 */
export async function loadSecrets(db: Db, env: Env, dataDir: string): Promise<Secrets> {
  const sessionSecret = env.SESSION_SECRET ?? (await fileSessionSecret(db, dataDir));
  // Only now that the key is safe elsewhere (or configured) does the old copy go. Deleting is
  // idempotent, so instances starting together, or a start after a crash here, are fine.
  await db.delete(serverSecrets).where(eq(serverSecrets.key, LEGACY_SESSION_SECRET_KEY));
  const mfaKey = await mfaKeyOf(env, dataDir);
  return { sessionSecret, mfaKey };
}
