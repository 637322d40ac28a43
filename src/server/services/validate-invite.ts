import { and, gt, isNull, or, sql } from 'drizzle-orm';
import { INVALID_INVITE_MESSAGE } from '#shared/schemas/journey.ts';
import type { Db } from '../db/client.ts';
import { inviteCodes } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { canonicalInviteCode } from '../lib/invite-code.ts';

/**
 * Matches a code however it was typed (case, spaces, missing dashes, O/I/L for 0/1); served by
 * the `upper(code)` unique index.
 */
export function sameCode(code: string) {
  return sql`upper(${inviteCodes.code}) = ${canonicalInviteCode(code)}`;
}

/** Unused and not expired, judged by the database clock so every instance agrees. */
export function redeemable() {
  return and(
    isNull(inviteCodes.usedAt),
    or(isNull(inviteCodes.expiresAt), gt(inviteCodes.expiresAt, sql`now()`)),
  );
}

/**
 * `validate-invite`: only says whether a code could be redeemed now. Unknown, used and expired
 * codes get the same 404 so the answer cannot be used to learn which codes exist.
 */
export async function validateInvite(db: Db, code: string): Promise<void> {
  const [row] = await db
    .select({ id: inviteCodes.id })
    .from(inviteCodes)
    .where(and(sameCode(code), redeemable()));
  if (!row) throw new AppError('not_found', INVALID_INVITE_MESSAGE);
}
