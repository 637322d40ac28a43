import { and, eq, isNull } from 'drizzle-orm';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { staffTokens } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export const SESSION_NOT_FOUND = 'Session not found';

/** `admin-session-revoke`: signs out one of the caller's own sessions, or all of them. */
export async function adminSessionRevoke(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  target: { id: string } | { all: true };
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    const own = and(eq(staffTokens.memberId, options.actor.id), isNull(staffTokens.revokedAt));
    const revoked = await tx
      .update(staffTokens)
      .set({ revokedAt: new Date() })
      .where('id' in options.target ? and(own, eq(staffTokens.id, options.target.id)) : own)
      .returning({ id: staffTokens.id });
    // Another member's session, or one already ended: the same answer, nothing revealed.
    if ('id' in options.target && revoked.length === 0) {
      throw new AppError('not_found', SESSION_NOT_FOUND);
    }
    await writeAudit(tx, {
      actor: options.actor,
      action: 'staff.session_revoke',
      target: { type: 'staff_member', id: options.actor.id },
      after: { sessions: revoked.map((row) => row.id) },
    });
  });
}
