import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffAuthFailures, staffTokens } from '../db/schema.ts';
import { writeAudit } from '../audit.ts';
import { AppError } from '../errors.ts';
import { hashToken, newToken, verifyPassphrase } from '../lib/crypto.ts';
import { STAFF_AUTH_FAILURES } from '../rate-limits.ts';
import { STAFF_TOKEN_TTL_MS } from '../auth/staff.ts';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';

export interface AdminAuthOptions {
  db: Db;
  passphrase: string;
  passphraseHash: string;
  ip: string;
  userAgent: string | null;
  /** Failures per IP within the window before 429; 0 turns the limit off (RATE_LIMIT_SCALE=0). */
  maxFailures: number;
  now?: Date;
}

/**
 * `admin-auth`: swaps the shared staff passphrase for an 8-hour token. Failures are counted
 * per IP in the database, so the limit holds across restarts and instances.
 */
export async function adminAuth(options: AdminAuthOptions) {
  const { db, ip } = options;
  const now = options.now ?? new Date();
  const windowStart = new Date(now.getTime() - STAFF_AUTH_FAILURES.windowMs);

  if (options.maxFailures > 0) {
    const [recent] = await db
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<Date | string | null>`min(${staffAuthFailures.at})`,
      })
      .from(staffAuthFailures)
      .where(and(eq(staffAuthFailures.ip, ip), gt(staffAuthFailures.at, windowStart)));
    if (recent && recent.count >= options.maxFailures && recent.oldest) {
      const freeAt = new Date(recent.oldest).getTime() + STAFF_AUTH_FAILURES.windowMs;
      const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
      throw new AppError('too_many_requests', TOO_MANY_ATTEMPTS, { retryAfter });
    }
  }

  const valid = await verifyPassphrase(options.passphrase, options.passphraseHash);
  if (!valid) {
    await db.transaction(async (tx) => {
      await tx.insert(staffAuthFailures).values({ ip, at: now });
      // Failures older than the window no longer count; drop them so the table stays small.
      await tx.delete(staffAuthFailures).where(lt(staffAuthFailures.at, windowStart));
    });
    throw new AppError('unauthenticated', INVALID_CREDENTIALS);
  }

  const token = newToken();
  const expiresAt = new Date(now.getTime() + STAFF_TOKEN_TTL_MS);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffTokens)
      .values({
        tokenHash: hashToken(token),
        expiresAt,
        ip,
        userAgent: options.userAgent?.slice(0, 500) ?? null,
      })
      .returning({ id: staffTokens.id });
    await tx.delete(staffAuthFailures).where(eq(staffAuthFailures.ip, ip));
    await writeAudit(tx, {
      actor: { type: 'staff', id: row!.id, ip },
      action: 'staff.sign_in',
      target: { type: 'staff_token', id: row!.id },
      after: { expires_at: expiresAt.toISOString() },
    });
  });
  return { token, expires_at: expiresAt.toISOString() };
}
