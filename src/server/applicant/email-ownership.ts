import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Stage } from '#shared/stages.ts';
import { EMAIL_TAKEN_MESSAGE } from '#shared/schemas/journey.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Tx } from '../db/client.ts';
import { applications } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { sha256Hex } from '../lib/crypto.ts';

/**
 * Who owns an e-mail address (docs/decisions/026). An address leads to an application (resume
 * links, the duplicate check of `apply-basic`) only once its owner proved it: by redeeming a
 * personal invitation code sent there, or by using a link sent there. A proved address belongs
 * to one application at a time (a unique index on lower(email) where email_verified_at is set).
 *
 * Lock order, to keep concurrent calls from deadlocking: the address's advisory lock, then the
 * application row, then its magic links.
 */

/** Namespace of the per-address advisory lock (two-key form, apart from the migration lock). */
const EMAIL_LOCK_NAMESPACE = 4201;

/** What the link table keeps of the address a link was sent to: never the address itself. */
export function emailHash(email: string): string {
  return sha256Hex(`email:${email.trim().toLowerCase()}`);
}

export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Serialises everything that claims or creates an application for one address. */
export async function lockEmail(tx: Tx, email: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${EMAIL_LOCK_NAMESPACE}::int4, hashtext(lower(${email.trim()})))`,
  );
}

export interface VerifiedApplication {
  id: string;
  email: string;
  fullName: string | null;
  stage: Stage;
}

/** The one application whose owner proved this address, if any. */
export async function verifiedApplicationFor(
  tx: Tx,
  email: string,
): Promise<VerifiedApplication | undefined> {
  const [row] = await tx
    .select({
      id: applications.id,
      email: applications.email,
      fullName: applications.fullName,
      stage: applications.stage,
    })
    .from(applications)
    .where(
      and(
        sql`lower(${applications.email}) = lower(${email.trim()})`,
        isNotNull(applications.emailVerifiedAt),
      ),
    )
    .limit(1);
  return row?.email ? { ...row, email: row.email } : undefined;
}

/**
 * Records that the owner of `email` proved it for this application, inside the caller's
 * transaction. `mismatch`: the application's address is no longer `email` (nothing proved).
 * An address already proved on another application is refused (409), so one person's address
 * never leads to two applications.
 */
export async function confirmEmail(
  tx: Tx,
  options: { applicationId: string; email: string; actor: Actor; via: 'invite_code' | 'link' },
): Promise<'verified' | 'already' | 'mismatch'> {
  await lockEmail(tx, options.email);
  const [application] = await tx
    .select({ email: applications.email, verifiedAt: applications.emailVerifiedAt })
    .from(applications)
    .where(eq(applications.id, options.applicationId))
    .for('update');
  if (!application || !sameEmail(application.email, options.email)) return 'mismatch';
  if (application.verifiedAt) return 'already';

  const [taken] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        sql`lower(${applications.email}) = lower(${options.email.trim()})`,
        isNotNull(applications.emailVerifiedAt),
        ne(applications.id, options.applicationId),
      ),
    )
    .limit(1);
  if (taken) throw new AppError('conflict', EMAIL_TAKEN_MESSAGE);

  await tx
    .update(applications)
    .set({ emailVerifiedAt: sql`now()` })
    .where(eq(applications.id, options.applicationId));
  await writeAudit(tx, {
    actor: options.actor,
    action: 'application.email_verified',
    target: { type: 'application', id: options.applicationId },
    applicationId: options.applicationId,
    after: { via: options.via },
  });
  return 'verified';
}
