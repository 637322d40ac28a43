import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APPLY_SESSION_COOKIE, SESSION_COOKIE, SESSION_TOKEN_HEADER } from '#shared/api.ts';
import type { Db, Tx } from '../db/client.ts';
import { applicantSessions } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { hashToken, newToken } from '../lib/crypto.ts';

/** SPEC §9 / CONTRACT §2: applicant sessions and their cookies last 7 days. */
export const APPLICANT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** SPEC §6: a protected call without a token. */
export const NO_TOKEN_MESSAGE = 'No authentication token found';
export const SESSION_EXPIRED_MESSAGE =
  'Your session has expired. Please use your invitation code or a resume link to continue.';

export interface ApplicantSession {
  sessionId: string;
  applicationId: string;
}

/** The session token: `x-session-token` header, or Bearer (SPEC §6), or the HttpOnly cookie. */
export function applicantTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[SESSION_TOKEN_HEADER];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && /^Bearer\s+\S+$/i.test(authorization)) {
    return authorization.replace(/^Bearer\s+/i, '').trim();
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie && cookie.trim() !== '' ? cookie.trim() : undefined;
}

/**
 * The applicant behind a request, or 401. Only the token's hash is stored, so a leaked
 * database gives no usable session. An applicant only ever reaches their own application:
 * services take the application id from here, never from the request body.
 */
export async function authenticateApplicant(
  db: Db,
  request: FastifyRequest,
): Promise<ApplicantSession> {
  const token = applicantTokenOf(request);
  if (!token) throw new AppError('unauthenticated', NO_TOKEN_MESSAGE);
  const [session] = await db
    .select({ id: applicantSessions.id, applicationId: applicantSessions.applicationId })
    .from(applicantSessions)
    .where(
      and(
        eq(applicantSessions.tokenHash, hashToken(token)),
        isNull(applicantSessions.revokedAt),
        gt(applicantSessions.expiresAt, new Date()),
      ),
    );
  if (!session) throw new AppError('unauthenticated', SESSION_EXPIRED_MESSAGE);
  return { sessionId: session.id, applicationId: session.applicationId };
}

export interface NewApplicantSession {
  applicationId: string;
  token: string;
  expiresAt: Date;
}

/** Creates a session inside the caller's transaction; the token is returned once, never stored. */
export async function createApplicantSession(
  tx: Tx,
  applicationId: string,
): Promise<NewApplicantSession> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + APPLICANT_SESSION_TTL_MS);
  await tx
    .insert(applicantSessions)
    .values({ applicationId, tokenHash: hashToken(token), expiresAt });
  return { applicationId, token, expiresAt };
}

/**
 * SPEC §9: `apply_session` (basic id) and `waj_session` (token), 7 days, path /, SameSite Lax,
 * Secure on https. The token cookie is HttpOnly so page script can never read it.
 */
export function setApplicantCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewApplicantSession,
): void {
  const common = {
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    expires: session.expiresAt,
  };
  reply.setCookie(APPLY_SESSION_COOKIE, session.applicationId, common);
  reply.setCookie(SESSION_COOKIE, session.token, { ...common, httpOnly: true });
}

/** Signing out: both cookies go, with the attributes they were set with. */
export function clearApplicantCookies(request: FastifyRequest, reply: FastifyReply): void {
  const common = { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https' };
  reply.clearCookie(APPLY_SESSION_COOKIE, common);
  reply.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true });
}

/**
 * Revokes the session behind a request's token, if it is a live one, inside the caller's
 * transaction. Returns the session it revoked.
 */
export async function revokeApplicantSession(
  tx: Tx,
  token: string,
): Promise<ApplicantSession | null> {
  const [revoked] = await tx
    .update(applicantSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(applicantSessions.tokenHash, hashToken(token)),
        isNull(applicantSessions.revokedAt),
        gt(applicantSessions.expiresAt, new Date()),
      ),
    )
    .returning({ id: applicantSessions.id, applicationId: applicantSessions.applicationId });
  return revoked ? { sessionId: revoked.id, applicationId: revoked.applicationId } : null;
}
