import { and, count, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { staffAuthFailures } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { STAFF_AUTH_FAILURES } from '../rate-limits.ts';

/**
 * Staff sign-in throttling per IP, the one place it lives. Each attempt is reserved (counted)
 * before the passphrase is checked, under a per-IP lock, so concurrent guesses cannot all pass
 * the check before any of them is counted. The first STAFF_AUTH_FAILURES.max failures within
 * the window are free; after them an attempt must wait a growing delay after the last failure
 * (staffAuthWaitMs), or it is answered 429 with Retry-After and not checked at all. A delay,
 * not a lock: whoever shares the address with a guesser still gets in once they have waited.
 */

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';

/** Namespace of the per-IP advisory lock (two-key form, apart from the migration lock). */
const STAFF_IP_LOCK_NAMESPACE = 4202;
/** Namespace of the per-account lock, always taken after the IP's (one order: no deadlock). */
const STAFF_ACCOUNT_LOCK_NAMESPACE = 4204;

/**
 * A check under way longer than this was cut short (a crash between reservation and answer):
 * it then counts as a failure at the time it was reserved instead of holding the address up.
 */
const PENDING_MAX_MS = 60_000;

/**
 * How long after the last failure the next attempt must wait, once `failures` (within the
 * window) have reached `free`: 2^(failures - free) seconds, at most maxDelayMs.
 */
export function staffAuthDelayMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** (failures - free) * 1000, STAFF_AUTH_FAILURES.maxDelayMs);
}

export interface StaffAttemptLimits {
  /** Free failures per IP before the growing delay (STAFF_AUTH_FAILURES.max, scaled). */
  free: number;
  /** Failures per account within the window before 429 (STAFF_AUTH_FAILURES.perAccount, scaled). */
  perAccount: number;
}

/**
 * Reserves one attempt for `ip` and `account` (the lower-cased e-mail typed, known or not), as
 * a failure still being checked, or throws 429 when it comes too early for either. Resolves to
 * the reservation's id, for recordStaffFailure / clearStaffFailures.
 */
export async function reserveStaffAttempt(
  db: Db,
  ip: string,
  account: string,
  limits: StaffAttemptLimits,
): Promise<number> {
  const { free } = limits;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${STAFF_IP_LOCK_NAMESPACE}::int4, hashtext(${ip}))`,
    );
    await tx.execute(
      sql`select pg_advisory_xact_lock(${STAFF_ACCOUNT_LOCK_NAMESPACE}::int4, hashtext(${account}))`,
    );
    // Read the clock once the lock is held: earlier attempts are all settled or reserved.
    const now = new Date();
    const windowStart = new Date(now.getTime() - STAFF_AUTH_FAILURES.windowMs);
    const staleBefore = new Date(now.getTime() - PENDING_MAX_MS);
    const fresh = and(eq(staffAuthFailures.pending, true), gt(staffAuthFailures.at, staleBefore));
    const known = or(eq(staffAuthFailures.pending, false), lte(staffAuthFailures.at, staleBefore));
    const [recent] = await tx
      .select({
        failures: count(),
        checking: sql<number>`count(*) filter (where ${fresh})`.mapWith(Number),
        // In epoch milliseconds: both drivers hand a number back alike.
        lastFailureMs: sql<number | null>`(extract(epoch from max(${staffAuthFailures.at})
          filter (where ${known})) * 1000)::float8`.mapWith(Number),
      })
      .from(staffAuthFailures)
      .where(and(eq(staffAuthFailures.ip, ip), gt(staffAuthFailures.at, windowStart)));

    const delay = staffAuthDelayMs(recent?.failures ?? 0, free);
    if (delay > 0) {
      // With a check still under way its failure is yet to come: the delay starts after it,
      // and a second is added for it to finish.
      const waitMs = recent?.checking
        ? delay + 1000
        : (recent?.lastFailureMs ?? 0) + delay - now.getTime();
      if (waitMs > 0) {
        throw new AppError('too_many_requests', TOO_MANY_ATTEMPTS, {
          retryAfter: Math.ceil(waitMs / 1000),
        });
      }
    }
    // Per account: a hard count, so spreading guesses over many addresses gains nothing.
    const [byAccount] = await tx
      .select({
        failures: count(),
        oldestMs: sql<
          number | null
        >`(extract(epoch from min(${staffAuthFailures.at})) * 1000)::float8`.mapWith(Number),
      })
      .from(staffAuthFailures)
      .where(and(eq(staffAuthFailures.account, account), gt(staffAuthFailures.at, windowStart)));
    if ((byAccount?.failures ?? 0) >= limits.perAccount) {
      const waitMs =
        (byAccount?.oldestMs ?? now.getTime()) + STAFF_AUTH_FAILURES.windowMs - now.getTime();
      throw new AppError('too_many_requests', TOO_MANY_ATTEMPTS, {
        retryAfter: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }
    const [row] = await tx
      .insert(staffAuthFailures)
      .values({ ip, account, at: now, pending: true })
      .returning({ id: staffAuthFailures.id });
    // Failures older than the window no longer count; drop them so the table stays small.
    await tx.delete(staffAuthFailures).where(lt(staffAuthFailures.at, windowStart));
    return row!.id;
  });
}

/** A wrong passphrase: the reservation becomes a failure, dated now (the delay starts here). */
export async function recordStaffFailure(db: Db, reservation: number): Promise<void> {
  await db
    .update(staffAuthFailures)
    .set({ pending: false, at: new Date() })
    .where(eq(staffAuthFailures.id, reservation));
}

/**
 * A right answer. A right passphrase starts the address afresh, as before named staff (the
 * per-account count stays, so it cannot be used to reset guessing at that member's codes); a
 * completed sign-in (a second factor accepted) starts the account afresh too. Attempts
 * reserved after this one (still being checked) keep counting.
 */
export async function clearStaffFailures(
  tx: Tx,
  options: { ip: string; account: string; reservation: number; signedIn: boolean },
): Promise<void> {
  const { ip, account, reservation } = options;
  await tx
    .delete(staffAuthFailures)
    .where(
      and(
        options.signedIn
          ? or(eq(staffAuthFailures.ip, ip), eq(staffAuthFailures.account, account))
          : or(eq(staffAuthFailures.ip, ip), eq(staffAuthFailures.id, reservation)),
        lte(staffAuthFailures.id, reservation),
      ),
    );
}
