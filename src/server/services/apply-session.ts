import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LINK_EXPIRED_MESSAGE, LINK_INVALID_MESSAGE } from '#shared/schemas/journey.ts';
import { confirmEmail, emailHash, lockEmail } from '../applicant/email-ownership.ts';
import { parseSid, scrubSpentLinkMail, signatureHash, verifySid } from '../applicant/magic-link.ts';
import { writeAudit } from '../audit.ts';
import { createApplicantSession, type NewApplicantSession } from '../auth/applicant.ts';
import type { Db } from '../db/client.ts';
import { applications, magicLinks } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * `apply-session`: turns a magic link's sid into a session. In order: its shape (400), our
 * signature checked in constant time (401), its expiry (401 'expired'), and its single use,
 * claimed with one conditional UPDATE so a replay, even a concurrent one, finds it used (401);
 * a link a newer one replaced is spent too. A link works only while the application's address
 * is the one it was sent to, and using it proves that address (docs/decisions/026): refused
 * (409) when another application already proved it.
 * A used or expired link is then scrubbed from the sent mail that carried it.
 */
export async function applySession(
  db: Db,
  options: { sid: string; secret: string; ip: string; now?: Date },
): Promise<NewApplicantSession> {
  const parsed = parseSid(options.sid);
  if (!parsed) throw new AppError('invalid_input', LINK_INVALID_MESSAGE);
  if (!verifySid(options.secret, parsed)) {
    throw new AppError('unauthenticated', LINK_INVALID_MESSAGE);
  }
  const now = options.now ?? new Date();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (parsed.expiresAt <= nowSeconds) {
    // The link is ours (signed) and dead: its sent mail need not keep it any longer.
    await db.transaction((tx) => scrubSpentLinkMail(tx, parsed.applicationId, now));
    throw new AppError('unauthenticated', LINK_EXPIRED_MESSAGE, {
      details: { reason: 'expired' },
    });
  }

  return db.transaction(async (tx) => {
    // Lock order (email-ownership.ts): the address, the application, then the link.
    const application = () =>
      tx
        .select({ email: applications.email, verifiedAt: applications.emailVerifiedAt })
        .from(applications)
        .where(eq(applications.id, parsed.applicationId));
    const [unlocked] = await application();
    if (unlocked?.email) await lockEmail(tx, unlocked.email);
    const [current] = await application().for('update');

    const [link] = await tx
      .update(magicLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(magicLinks.signatureHash, signatureHash(parsed.signature)),
          eq(magicLinks.applicationId, parsed.applicationId),
          isNull(magicLinks.usedAt),
          isNull(magicLinks.retiredAt),
          gt(magicLinks.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: magicLinks.id, emailHash: magicLinks.emailHash });
    if (!link) throw new AppError('unauthenticated', LINK_INVALID_MESSAGE);
    // Sent to another address than the application's own now: it proves nothing and opens
    // nothing (throwing leaves the link unclaimed, and it stays refused).
    if (!link.emailHash || !current?.email || link.emailHash !== emailHash(current.email)) {
      throw new AppError('unauthenticated', LINK_INVALID_MESSAGE);
    }
    const actor = { type: 'applicant', id: parsed.applicationId, ip: options.ip } as const;
    if (!current.verifiedAt) {
      await confirmEmail(tx, {
        applicationId: parsed.applicationId,
        email: current.email,
        actor,
        via: 'link',
      });
    }

    await writeAudit(tx, {
      actor,
      action: 'magic_link.redeem',
      target: { type: 'magic_link', id: link.id },
      applicationId: parsed.applicationId,
    });
    // A used link stays only in the applicant's own mailbox, not in our copy of the mail.
    await scrubSpentLinkMail(tx, parsed.applicationId, now);
    return createApplicantSession(tx, parsed.applicationId);
  });
}
