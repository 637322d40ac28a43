import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { SessionListRow } from '#shared/schemas/staff.ts';
import { STAFF_IDLE_MS } from '#shared/staff.ts';
import type { Db } from '../db/client.ts';
import { staffTokens } from '../db/schema.ts';

/** `admin-session-list`: the caller's own live (unexpired, unrevoked, not idle) sessions, newest first. */
export async function adminSessionList(options: {
  db: Db;
  memberId: string;
  tokenId: string;
}): Promise<SessionListRow[]> {
  const now = Date.now();
  const rows = await options.db
    .select()
    .from(staffTokens)
    .where(
      and(
        eq(staffTokens.memberId, options.memberId),
        isNull(staffTokens.revokedAt),
        gt(staffTokens.expiresAt, new Date(now)),
        gt(staffTokens.lastActiveAt, new Date(now - STAFF_IDLE_MS)),
      ),
    )
    .orderBy(desc(staffTokens.createdAt));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_active_at: row.lastActiveAt.toISOString(),
    ip: row.ip,
    user_agent: row.userAgent,
    current: row.id === options.tokenId,
  }));
}
