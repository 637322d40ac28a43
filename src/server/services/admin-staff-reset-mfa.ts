import { eq } from 'drizzle-orm';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { staffMembers, staffRecoveryCodes } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { revokeMemberTokens, STAFF_NOT_FOUND } from './admin-staff-update.ts';

/**
 * `admin-staff-reset-mfa` (owner; `npm run staff -- reset-mfa` for the operator): forgets the
 * member's authenticator and recovery codes and ends their sessions; their next sign-in with
 * their passphrase enrols a new authenticator.
 */
export async function adminStaffResetMfa(options: {
  db: Db;
  actor: Actor;
  id: string;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    const [member] = await tx
      .update(staffMembers)
      .set({ totpSecret: null, totpLastStep: null, mfaEnabledAt: null })
      .where(eq(staffMembers.id, options.id))
      .returning({ id: staffMembers.id, email: staffMembers.email });
    if (!member) throw new AppError('not_found', STAFF_NOT_FOUND);
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.memberId, member.id));
    await revokeMemberTokens(tx, member.id);
    await writeAudit(tx, {
      actor: options.actor,
      action: 'staff.mfa_reset',
      target: { type: 'staff_member', id: member.id },
      after: { email: member.email },
    });
  });
}
