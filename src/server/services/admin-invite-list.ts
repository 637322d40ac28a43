import { desc, eq, sql } from 'drizzle-orm';
import type { InviteCodeRow } from '#shared/schemas/admin.ts';
import type { Db } from '../db/client.ts';
import { applications, inviteCodes } from '../db/schema.ts';

/** `admin-invite-list`: every code, newest first, with who redeemed it. */
export async function adminInviteList(options: { db: Db }): Promise<InviteCodeRow[]> {
  const rows = await options.db
    .select({
      id: inviteCodes.id,
      code: inviteCodes.code,
      issuedTo: inviteCodes.issuedTo,
      usedBy: sql<string | null>`coalesce(${applications.email}, ${applications.fullName})`,
      usedByApplicationId: inviteCodes.usedByApplicationId,
      issuedAt: inviteCodes.issuedAt,
      usedAt: inviteCodes.usedAt,
    })
    .from(inviteCodes)
    .leftJoin(applications, eq(applications.id, inviteCodes.usedByApplicationId))
    .orderBy(desc(inviteCodes.issuedAt), desc(inviteCodes.id));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    // A redeemed code stays used even if its application was later deleted (the link is nulled).
    used: row.usedAt !== null || row.usedByApplicationId !== null,
    issued_to: row.issuedTo,
    used_by: row.usedBy,
    issued_at: row.issuedAt.toISOString(),
    used_at: row.usedAt?.toISOString() ?? null,
  }));
}
