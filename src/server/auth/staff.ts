import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ADMIN_TOKEN_HEADER } from '../../shared/api.ts';
import type { StaffMember } from '../../shared/staff.ts';
import { staffMembers, staffTokens } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { hashToken } from '../lib/crypto.ts';
import type { Actor } from '../audit.ts';

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

/**
 * Finds a live (unexpired, unrevoked) token of an active member. A disabled member's tokens
 * are revoked when they are disabled; the status check here makes that hold even for a token
 * read in the same instant.
 */
export async function authenticateStaff(db: Db, request: FastifyRequest): Promise<StaffIdentity> {
  const token = staffTokenOf(request);
  if (!token || token.length > 200) throw new AppError('unauthenticated', NOT_AUTHENTICATED);
  const [row] = await db
    .select({
      tokenId: staffTokens.id,
      id: staffMembers.id,
      email: staffMembers.email,
      name: staffMembers.name,
      role: staffMembers.role,
    })
    .from(staffTokens)
    .innerJoin(staffMembers, eq(staffMembers.id, staffTokens.memberId))
    .where(
      and(
        eq(staffTokens.tokenHash, hashToken(token)),
        isNull(staffTokens.revokedAt),
        gt(staffTokens.expiresAt, new Date()),
        eq(staffMembers.status, 'active'),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('unauthenticated', NOT_AUTHENTICATED);
  const { tokenId, ...member } = row;
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
