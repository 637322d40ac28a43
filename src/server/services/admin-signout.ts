import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffTokens } from '../db/schema.ts';
import { writeAudit, type Actor } from '../audit.ts';

/** `admin-signout`: revokes the caller's own token at once. */
export async function adminSignout(options: {
  db: Db;
  tokenId: string;
  actor: Actor & { type: 'staff' };
}) {
  await options.db.transaction(async (tx) => {
    await tx
      .update(staffTokens)
      .set({ revokedAt: new Date() })
      .where(eq(staffTokens.id, options.tokenId));
    await writeAudit(tx, {
      actor: options.actor,
      action: 'staff.sign_out',
      target: { type: 'staff_token', id: options.tokenId },
    });
  });
}
