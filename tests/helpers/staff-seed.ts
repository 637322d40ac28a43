import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { TOTP, Secret } from 'otpauth';
import { encryptTotpSecret } from '#server/auth/mfa.ts';
import { STAFF_TOKEN_TTL_MS } from '#server/auth/staff.ts';
import type { Db } from '#server/db/client.ts';
import { staffMembers, staffTokens } from '#server/db/schema.ts';
import type { EventHub } from '#server/events.ts';
import { hashPassphrase, hashToken, newToken } from '#server/lib/crypto.ts';
import type { StaffRole } from '#shared/staff.ts';

/**
 * Staff for tests, seeded straight into the database (epic-stack's habit: only the gate's own
 * tests sign in through it). A seeded member is active, with a passphrase and a TOTP secret
 * the test knows, so it can also go through the real sign-in when that is what is tested.
 */
export const TEST_STAFF_PASSPHRASE = 'test staff passphrase';

export interface SeededMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  passphrase: string;
  /** Base32 TOTP secret: `totpCode(secret)` gives the current code. */
  totpSecret: string;
}

/** The 32-byte AES key the server derives from MFA_SECRET_KEY (secrets.ts). */
export function mfaKeyFrom(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The current (or `at`) 6-digit code of a secret, as an authenticator app shows it. */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

let seeded = 0;

/** An active member with a second factor; an existing e-mail is updated to match. */
export async function seedStaffMember(
  db: Db,
  mfaKey: Buffer,
  options: { role: StaffRole; email?: string; name?: string; passphrase?: string },
): Promise<SeededMember> {
  seeded += 1;
  const email = (
    options.email ?? `${options.role}-${process.pid}-${seeded}@staff.test`
  ).toLowerCase();
  const name =
    options.name ?? `${options.role[0]!.toUpperCase()}${options.role.slice(1)} Tester ${seeded}`;
  const passphrase = options.passphrase ?? TEST_STAFF_PASSPHRASE;
  const totpSecret = new Secret({ size: 20 }).base32;
  const values = {
    email,
    name,
    role: options.role,
    status: 'active' as const,
    passphraseHash: await hashPassphrase(passphrase),
    totpSecret: encryptTotpSecret(totpSecret, mfaKey),
    mfaEnabledAt: new Date(),
    totpLastStep: null,
  };
  const [existing] = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(eq(sql`lower(${staffMembers.email})`, email));
  const [row] = existing
    ? await db
        .update(staffMembers)
        .set(values)
        .where(eq(staffMembers.id, existing.id))
        .returning({ id: staffMembers.id })
    : await db.insert(staffMembers).values(values).returning({ id: staffMembers.id });
  return { id: row!.id, email, name, role: options.role, passphrase, totpSecret };
}

/** A live 8-hour session of the member, as if they had signed in with both factors. */
export async function seedStaffToken(db: Db, memberId: string): Promise<string> {
  const token = newToken();
  await db.insert(staffTokens).values({
    tokenHash: hashToken(token),
    memberId,
    expiresAt: new Date(Date.now() + STAFF_TOKEN_TTL_MS),
    ip: '127.0.0.1',
    userAgent: 'test seed',
  });
  return token;
}

/** The member a token belongs to (the actor id their audit rows carry). */
export async function memberOfToken(db: Db, token: string): Promise<string> {
  const [row] = await db
    .select({ memberId: staffTokens.memberId })
    .from(staffTokens)
    .where(eq(staffTokens.tokenHash, hashToken(token)));
  if (!row?.memberId) throw new Error('memberOfToken: no such token');
  return row.memberId;
}

/**
 * Makes a change straight in the database to what the staff guard reads (a token's expiry,
 * its activity moved back, a member's status) and resolves once the app has heard of it
 * (migration 0023), as every instance does a moment after it commits: by then the guard has
 * forgotten what it kept (decision 067).
 */
export async function changeStaffAccess(
  events: EventHub,
  change: () => PromiseLike<unknown>,
): Promise<void> {
  let unsubscribe = () => {};
  const heard = new Promise<void>((resolve) => {
    unsubscribe = events.subscribe((event) => {
      if (event.type === 'staff-access') resolve();
    });
  });
  try {
    await change();
    await heard;
  } finally {
    unsubscribe();
  }
}
