import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ADMIN_TOKEN_HEADER } from '#shared/api.ts';
import {
  SESSION_IDLE_MESSAGE,
  STAFF_ACTIVITY_STEP_MS,
  STAFF_BACKGROUND_HEADER,
  STAFF_IDLE_MS,
  type StaffMember,
} from '#shared/staff.ts';
import { staffMembers, staffTokens } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { AppError } from '../errors.ts';
import { hashToken } from '../lib/crypto.ts';
import type { Actor } from '../audit.ts';
import type { StaffGuardCache } from './staff-guard-cache.ts';

/** Staff tokens live 8 hours (CONTRACT §2). */
export const STAFF_TOKEN_TTL_MS = 8 * 60 * 60 * 1000;

export const NOT_AUTHENTICATED = 'Not authenticated';

export interface StaffIdentity {
  tokenId: string;
  member: StaffMember;
  actor: Actor & { type: 'staff' };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the staff guard on every staff route. */
    staff?: StaffIdentity;
  }
}

/**
 * The caller's staff token: `x-admin-pass` (CONTRACT §2), or `Authorization: Bearer <token>`,
 * which the spec's legal editor sends. Both carry the same token and get the same check.
 */
export function staffTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[ADMIN_TOKEN_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  if (token) return token;
  const bearer = /^Bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return bearer?.[1];
}

/** A call the panel made by itself (polling): checked, but it keeps no idle session alive. */
function isBackgroundCall(request: FastifyRequest): boolean {
  return request.headers[STAFF_BACKGROUND_HEADER] === '1';
}

/** The guard's one read, prepared (every staff call makes it): db/prepared.ts. */
const staffGuardQuery = (db: Db) =>
  db
    .select({
      tokenId: staffTokens.id,
      id: staffMembers.id,
      email: staffMembers.email,
      name: staffMembers.name,
      role: staffMembers.role,
      lastActiveAt: staffTokens.lastActiveAt,
      expiresAt: staffTokens.expiresAt,
    })
    .from(staffTokens)
    .innerJoin(staffMembers, eq(staffMembers.id, staffTokens.memberId))
    .where(
      and(
        eq(staffTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(staffTokens.revokedAt),
        gt(staffTokens.expiresAt, sql.placeholder('now')),
        eq(staffMembers.status, 'active'),
      ),
    )
    .limit(1)
    .prepare('staff_guard');

/**
 * Finds a live (unexpired, unrevoked, not idle) token of an active member. A disabled member's
 * tokens are revoked when they are disabled; the status check here makes that hold even for a
 * token read in the same instant. A token unused for STAFF_IDLE_MS is refused and stays refused
 * (a refused call records no activity); a used one has its last activity moved forward, at most
 * once a minute so a busy panel costs one UPDATE a minute, not one a call.
 *
 * With `cache`, the answer for a token is kept until its access changes (decision 067); one
 * that would end the session as idle is read again first, as another instance may have seen
 * the member's latest activity.
 */
export async function authenticateStaff(
  db: Db,
  request: FastifyRequest,
  cache?: StaffGuardCache,
): Promise<StaffIdentity> {
  const token = staffTokenOf(request);
  if (!token || token.length > 200) throw new AppError('unauthenticated', NOT_AUTHENTICATED);
  const tokenHash = hashToken(token);
  const now = Date.now();
  let row = cache?.get(tokenHash, now);
  if (row && now - row.lastActiveAt.getTime() > STAFF_IDLE_MS) row = undefined;
  if (!row) {
    const since = cache?.mark();
    [row] = await prepared(db, 'staff_guard', staffGuardQuery).execute({
      tokenHash,
      now: new Date(now).toISOString(),
    });
    if (!row) throw new AppError('unauthenticated', NOT_AUTHENTICATED);
    if (since !== undefined) cache?.set(tokenHash, row, since, now);
  }
  const { tokenId, lastActiveAt, expiresAt: _expiresAt, ...member } = row;
  if (now - lastActiveAt.getTime() > STAFF_IDLE_MS) {
    throw new AppError('unauthenticated', SESSION_IDLE_MESSAGE);
  }
  if (now - lastActiveAt.getTime() > STAFF_ACTIVITY_STEP_MS && !isBackgroundCall(request)) {
    // Conditional, so two calls racing in the same minute write once.
    await db
      .update(staffTokens)
      .set({ lastActiveAt: new Date(now) })
      .where(
        and(
          eq(staffTokens.id, tokenId),
          lt(staffTokens.lastActiveAt, new Date(now - STAFF_ACTIVITY_STEP_MS)),
        ),
      );
    // The kept answer (the same object) moves on too, or every call would write again.
    row.lastActiveAt = new Date(now);
  }
  return {
    tokenId,
    member,
    actor: { type: 'staff', id: member.id, email: member.email, role: member.role, ip: request.ip },
  };
}

/** The staff identity a guarded handler acts as; the guard guarantees it is there. */
export function staffOf(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new AppError('unauthenticated', NOT_AUTHENTICATED);
  return request.staff;
}
