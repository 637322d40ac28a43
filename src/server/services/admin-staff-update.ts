import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { LAST_OWNER } from '#shared/schemas/staff.ts';
import type { StaffRole } from '#shared/staff.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db, Tx } from '../db/client.ts';
import { staffMembers, staffTokens } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { sql } from 'drizzle-orm';

export const STAFF_NOT_FOUND = 'Staff member not found';

/** Ends every live session of a member at once (role change, disabling, second factor reset). */
export async function revokeMemberTokens(tx: Tx, memberId: string): Promise<void> {
  await tx
    .update(staffTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffTokens.memberId, memberId), isNull(staffTokens.revokedAt)));
}

/** Serialises owner changes, so two owners demoting each other cannot leave none. */
const OWNERS_LOCK = 4205;

/**
 * `admin-staff-update` (owner): a new role and/or status. Either change ends the member's
 * sessions at once, so a token never carries a role its member no longer has. The last
 * active owner can be neither demoted nor disabled.
 */
export async function adminStaffUpdate(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  id: string;
  role?: StaffRole | undefined;
  status?: 'active' | 'disabled' | undefined;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${OWNERS_LOCK})`);
    const [member] = await tx.select().from(staffMembers).where(eq(staffMembers.id, options.id));
    if (!member) throw new AppError('not_found', STAFF_NOT_FOUND);
    const role = options.role ?? member.role;
    let status = options.status ?? member.status;
    // Enabling someone who never joined leaves them invited: they have no passphrase yet.
    if (status === 'active' && !member.passphraseHash) status = 'invited';
    if (role === member.role && status === member.status) return;

    const losesOwner =
      member.role === 'owner' &&
      member.status === 'active' &&
      (role !== 'owner' || status !== 'active');
    if (losesOwner) {
      const [{ others } = { others: 0 }] = await tx
        .select({ others: count() })
        .from(staffMembers)
        .where(
          and(
            eq(staffMembers.role, 'owner'),
            eq(staffMembers.status, 'active'),
            ne(staffMembers.id, member.id),
          ),
        );
      if (others === 0) throw new AppError('conflict', LAST_OWNER);
    }
    await tx.update(staffMembers).set({ role, status }).where(eq(staffMembers.id, member.id));
    await revokeMemberTokens(tx, member.id);
    await writeAudit(tx, {
      actor: options.actor,
      action: role !== member.role ? 'staff.role_change' : 'staff.status_change',
      target: { type: 'staff_member', id: member.id },
      before: { role: member.role, status: member.status },
      after: { role, status },
    });
  });
}
