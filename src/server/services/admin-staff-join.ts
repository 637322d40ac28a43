import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AdminAuthResponse } from '#shared/schemas/staff.ts';
import { JOIN_LINK_INVALID } from '#shared/schemas/staff.ts';
import { openChallenge, staffActor, type SignInRequest } from '../auth/staff-sign-in.ts';
import { writeAudit } from '../audit.ts';
import { staffInvitations, staffMembers } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { hashPassphrase, hashToken } from '../lib/crypto.ts';

/**
 * `admin-staff-join`: an invited member sets their passphrase with the e-mailed link, which is
 * then spent, and goes straight to enrolling a second factor (the member becomes active only
 * once a code confirms it). No token is issued here.
 */
export async function adminStaffJoin(
  request: SignInRequest,
  input: { token: string; passphrase: string },
): Promise<AdminAuthResponse> {
  const passphraseHash = await hashPassphrase(input.passphrase);
  return request.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(staffInvitations)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffInvitations.tokenHash, hashToken(input.token)),
          isNull(staffInvitations.usedAt),
          gt(staffInvitations.expiresAt, new Date()),
        ),
      )
      .returning({ memberId: staffInvitations.memberId });
    if (!spent) throw new AppError('unauthenticated', JOIN_LINK_INVALID);
    const [member] = await tx
      .update(staffMembers)
      .set({ passphraseHash })
      .where(and(eq(staffMembers.id, spent.memberId), eq(staffMembers.status, 'invited')))
      .returning();
    if (!member) throw new AppError('unauthenticated', JOIN_LINK_INVALID);
    await writeAudit(tx, {
      actor: staffActor(member, request.ip),
      action: 'staff.join',
      target: { type: 'staff_member', id: member.id },
    });
    return openChallenge(tx, member, request);
  });
}
