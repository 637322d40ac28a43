import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { SessionListRow } from '../../shared/schemas/staff.ts';
import type { Db } from '../db/client.ts';
import { staffTokens } from '../db/schema.ts';

/** `admin-session-list`: the caller's own live sessions, newest first. */
export async function adminSessionList(options: {
  db: Db;
  memberId: string;
  tokenId: string;
}): Promise<SessionListRow[]> {
  const rows = await options.db
    .select()
    .from(staffTokens)
    .where(
      and(
        eq(staffTokens.memberId, options.memberId),
        isNull(staffTokens.revokedAt),
        gt(staffTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(staffTokens.createdAt));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    ip: row.ip,
    user_agent: row.userAgent,
    current: row.id === options.tokenId,
  }));
}
