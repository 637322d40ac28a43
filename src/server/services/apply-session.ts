import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LINK_EXPIRED_MESSAGE, LINK_INVALID_MESSAGE } from '../../shared/schemas/journey.ts';
import { parseSid, scrubSpentLinkMail, signatureHash, verifySid } from '../applicant/magic-link.ts';
import { writeAudit } from '../audit.ts';
import { createApplicantSession, type NewApplicantSession } from '../auth/applicant.ts';
import type { Db } from '../db/client.ts';
import { magicLinks } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * `apply-session`: turns a magic link's sid into a session. In order: its shape (400), our
 * signature checked in constant time (401), its expiry (401 'expired'), and its single use,
 * claimed with one conditional UPDATE so a replay, even a concurrent one, finds it used (401).
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
    const [link] = await tx
      .update(magicLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(magicLinks.signatureHash, signatureHash(parsed.signature)),
          eq(magicLinks.applicationId, parsed.applicationId),
          isNull(magicLinks.usedAt),
          gt(magicLinks.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: magicLinks.id });
    if (!link) throw new AppError('unauthenticated', LINK_INVALID_MESSAGE);

    await writeAudit(tx, {
      actor: { type: 'applicant', id: parsed.applicationId, ip: options.ip },
      action: 'magic_link.redeem',
      target: { type: 'magic_link', id: link.id },
      applicationId: parsed.applicationId,
    });
    // A used link stays only in the applicant's own mailbox, not in our copy of the mail.
    await scrubSpentLinkMail(tx, parsed.applicationId, now);
    return createApplicantSession(tx, parsed.applicationId);
  });
}
