import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '#shared/staff.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { staffInvitations, staffMembers } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { hashToken, newToken } from '../lib/crypto.ts';
import { queueEmail } from '../mail/outbox.ts';
import { staffInvitationMail } from '../mail/templates/staff-invitation.ts';

/** A join link lasts 48 hours (CONTRACT §5). */
export const STAFF_INVITATION_TTL_MS = 48 * 60 * 60 * 1000;
export const MEMBER_EXISTS = 'A staff member with this e-mail already exists.';

/**
 * `admin-staff-invite` (owner): a member `invited` with their role, and a single-use link
 * e-mailed to them. Inviting an invited member again sends a new link and retires the old one.
 */
export async function adminStaffInvite(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  inviterName: string;
  email: string;
  name: string;
  role: StaffRole;
  publicUrl: string;
}): Promise<{ id: string }> {
  const email = options.email.toLowerCase();
  const token = newToken();
  return options.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: staffMembers.id, status: staffMembers.status })
      .from(staffMembers)
      .where(eq(sql`lower(${staffMembers.email})`, email));
    if (existing && existing.status !== 'invited') throw new AppError('conflict', MEMBER_EXISTS);
    let id: string;
    if (existing) {
      id = existing.id;
      await tx
        .update(staffMembers)
        .set({ name: options.name, role: options.role })
        .where(eq(staffMembers.id, id));
      await tx.delete(staffInvitations).where(eq(staffInvitations.memberId, id));
    } else {
      const [row] = await tx
        .insert(staffMembers)
        .values({
          email,
          name: options.name,
          role: options.role,
          status: 'invited',
          invitedBy: options.actor.id,
        })
        .returning({ id: staffMembers.id });
      id = row!.id;
    }
    await tx.insert(staffInvitations).values({
      memberId: id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + STAFF_INVITATION_TTL_MS),
    });
    await queueEmail(tx, {
      to: email,
      template: 'admin_staff_invite.invitation',
      ...staffInvitationMail({
        name: options.name,
        role: options.role,
        invitedBy: options.inviterName,
        joinUrl: `${options.publicUrl}/admin/join?token=${encodeURIComponent(token)}`,
      }),
    });
    await writeAudit(tx, {
      actor: options.actor,
      action: 'staff.invite',
      target: { type: 'staff_member', id },
      after: { email, name: options.name, role: options.role },
    });
    return { id };
  });
}
