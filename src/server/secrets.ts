import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { serverSecrets } from './db/schema.ts';
import type { Env } from './env.ts';
import { generatePassphrase, hashPassphrase } from './lib/crypto.ts';

export interface Secrets {
  passphraseHash: string;
  sessionSecret: string;
  /** Only set on the one start that generated it, so it can be shown once. */
  generatedPassphrase?: string;
}

/**
 * Inserts a value only if none exists and returns whichever value won. Two instances starting
 * together therefore agree, and only the winner knows it created the value.
 */
async function getOrCreate(db: Db, key: string, create: () => Promise<string>) {
  const [existing] = await db.select().from(serverSecrets).where(eq(serverSecrets.key, key));
  if (existing) return { value: existing.value, created: false };
  const value = await create();
  const inserted = await db
    .insert(serverSecrets)
    .values({ key, value })
    .onConflictDoNothing()
    .returning({ value: serverSecrets.value });
  if (inserted.length) return { value, created: true };
  const [winner] = await db.select().from(serverSecrets).where(eq(serverSecrets.key, key));
  return { value: winner!.value, created: false };
}

/**
 * The staff passphrase and the link-signing key. A passphrase from the environment is hashed
 * in memory only; without one, a strong passphrase is generated on first start and only its
 * hash is stored.
 */
export async function loadSecrets(db: Db, env: Env): Promise<Secrets> {
  let passphraseHash: string;
  let generatedPassphrase: string | undefined;
  if (env.ADMIN_PASSPHRASE) {
    passphraseHash = await hashPassphrase(env.ADMIN_PASSPHRASE.trim());
  } else {
    let candidate: string | undefined;
    const stored = await getOrCreate(db, 'admin_passphrase_hash', async () => {
      candidate = generatePassphrase();
      return hashPassphrase(candidate);
    });
    passphraseHash = stored.value;
    if (stored.created) generatedPassphrase = candidate;
  }
  const sessionSecret =
    env.SESSION_SECRET ??
    (await getOrCreate(db, 'session_secret', async () => randomBytes(32).toString('base64url')))
      .value;
  return { passphraseHash, sessionSecret, ...(generatedPassphrase ? { generatedPassphrase } : {}) };
}
