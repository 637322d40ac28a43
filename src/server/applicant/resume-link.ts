import { and, count, eq, gt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { applications, magicLinks } from '../db/schema.ts';
import type { QueuedMail } from '../mail/outbox.ts';
import { issueMagicLink } from './magic-link.ts';

/** Links per application within the window; null: no limit (RATE_LIMIT_SCALE=0). */
export type PerEmailLimit = { max: number; windowMs: number } | null;

/**
 * Issues a link to an application's proved address and queues the mail carrying it, unless
 * the application already had `perEmail.max` links within the window: then nothing is sent,
 * and the caller answers the same as ever. Returns whether a mail was queued.
 */
export async function sendLinkWithinLimit(
  tx: Tx,
  options: {
    applicationId: string;
    secret: string;
    publicUrl: string;
    perEmail: PerEmailLimit;
    mail: (link: { url: string; expiresAt: Date }) => QueuedMail;
  },
): Promise<{ expiresAt: Date } | null> {
  if (options.perEmail) {
    // Lock the application row so two racing requests count each other's links.
    await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.id, options.applicationId))
      .for('update');
    const since = new Date(Date.now() - options.perEmail.windowMs);
    const [recent] = await tx
      .select({ n: count() })
      .from(magicLinks)
      .where(
        and(eq(magicLinks.applicationId, options.applicationId), gt(magicLinks.createdAt, since)),
      );
    if ((recent?.n ?? 0) >= options.perEmail.max) return null;
  }
  const link = await issueMagicLink(tx, {
    applicationId: options.applicationId,
    secret: options.secret,
    publicUrl: options.publicUrl,
    mail: options.mail,
  });
  return { expiresAt: link.expiresAt };
}
