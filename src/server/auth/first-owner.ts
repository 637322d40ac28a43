import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets, staffMembers } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { writeAudit } from '../audit.ts';
import { generatePassphrase, hashPassphrase } from '../lib/crypto.ts';

/** Where the single shared passphrase's hash was kept before named staff. */
const LEGACY_PASSPHRASE_KEY = 'admin_passphrase_hash';
/** Serialises instances starting together on one empty staff table. */
const FIRST_OWNER_LOCK = 4203;

export interface FirstOwner {
  email: string;
  /** Only on the one start that generated it, so it can be printed once. */
  generatedPassphrase?: string;
}

/**
 * CONTRACT §5: on a database with no staff, the first owner is created from ADMIN_EMAIL and
 * ADMIN_PASSPHRASE, or a generated passphrase printed once. A database that still holds the
 * shared passphrase's hash gives it to the first owner, so the operator's passphrase keeps
 * working. Later starts with ADMIN_PASSPHRASE set reset that owner's passphrase (not their
 * second factor).
 */
export async function ensureFirstOwner(db: Db, env: Env): Promise<FirstOwner> {
  const email = env.ADMIN_EMAIL;
  // Hashing is slow: done before the lock, and only when there is a passphrase to hash.
  const configuredHash = env.ADMIN_PASSPHRASE
    ? await hashPassphrase(env.ADMIN_PASSPHRASE.trim())
    : undefined;

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_OWNER_LOCK})`);
    const [{ members } = { members: 0 }] = await tx.select({ members: count() }).from(staffMembers);
    if (members > 0) {
      if (configuredHash) {
        const updated = await tx
          .update(staffMembers)
          .set({ passphraseHash: configuredHash })
          .where(and(eq(staffMembers.email, email), eq(staffMembers.role, 'owner')))
          .returning({ id: staffMembers.id, status: staffMembers.status });
        const [owner] = updated;
        if (owner && owner.status === 'invited') {
          await tx
            .update(staffMembers)
            .set({ status: 'active' })
            .where(eq(staffMembers.id, owner.id));
        }
      }
      return { email };
    }

    const [legacy] = await tx
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.key, LEGACY_PASSPHRASE_KEY));
    // Only the very first start of an installation gets here: hashing under the lock is fine.
    const generated = configuredHash || legacy ? undefined : generatePassphrase();
    const passphraseHash = configuredHash ?? legacy?.value ?? (await hashPassphrase(generated!));
    const [owner] = await tx
      .insert(staffMembers)
      .values({ email, name: 'Owner', role: 'owner', status: 'active', passphraseHash })
      .returning({ id: staffMembers.id });
    if (legacy) {
      await tx.delete(serverSecrets).where(eq(serverSecrets.key, LEGACY_PASSPHRASE_KEY));
    }
    await writeAudit(tx, {
      actor: { type: 'system', id: 'start-up' },
      action: 'staff.create_owner',
      target: { type: 'staff_member', id: owner!.id },
      after: {
        email,
        role: 'owner',
        passphrase: configuredHash ? 'configured' : legacy ? 'kept' : 'generated',
      },
    });
    return generated ? { email, generatedPassphrase: generated } : { email };
  });
}
