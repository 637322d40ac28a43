import type { Db } from '../db/client.ts';
import { staffTokens } from '../db/schema.ts';
import { writeAudit } from '../audit.ts';
import { AppError } from '../errors.ts';
import { hashToken, newToken, verifyPassphrase } from '../lib/crypto.ts';
import { STAFF_TOKEN_TTL_MS } from '../auth/staff.ts';
import {
  clearStaffFailures,
  recordStaffFailure,
  reserveStaffAttempt,
} from '../auth/staff-throttle.ts';

export const INVALID_CREDENTIALS = 'Invalid credentials';

export interface AdminAuthOptions {
  db: Db;
  passphrase: string;
  passphraseHash: string;
  ip: string;
  userAgent: string | null;
  /**
   * Failures per IP within the window before each further attempt has to wait (429 when too
   * early); 0 turns the limit off (RATE_LIMIT_SCALE=0).
   */
  maxFailures: number;
  now?: Date;
}

/**
 * `admin-auth`: swaps the shared staff passphrase for an 8-hour token. Each attempt is counted
 * per IP in the database before the passphrase is checked (auth/staff-throttle.ts), so the limit
 * holds across restarts, instances and concurrent requests.
 */
export async function adminAuth(options: AdminAuthOptions) {
  const { db, ip } = options;
  const now = options.now ?? new Date();

  const reservation =
    options.maxFailures > 0 ? await reserveStaffAttempt(db, ip, options.maxFailures) : null;

  const valid = await verifyPassphrase(options.passphrase, options.passphraseHash);
  if (!valid) {
    if (reservation !== null) await recordStaffFailure(db, reservation);
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
    if (reservation !== null) await clearStaffFailures(tx, ip, reservation);
    await writeAudit(tx, {
      actor: { type: 'staff', id: row!.id, ip },
      action: 'staff.sign_in',
      target: { type: 'staff_token', id: row!.id },
      after: { expires_at: expiresAt.toISOString() },
    });
  });
  return { token, expires_at: expiresAt.toISOString() };
}
