import { eq } from 'drizzle-orm';
import { MAGIC_LINK_TTL_WORDS, issueMagicLink } from '../applicant/magic-link.ts';
import type { Tx } from '../db/client.ts';
import { applications } from '../db/schema.ts';
import { greetingFor, type MailContent } from '../mail/templates/applicant-layout.ts';

export interface ActionNeededLink {
  /** Greets by name only on a proven address: an unproven one is never sent what was typed. */
  greeting: string;
  url: string;
  validFor: string;
}

/**
 * Tells an applicant, inside the caller's transaction, that their identity check needs them
 * again, with a single-use resume link so the mail works on any device (not only where the
 * session is). The link retires older unused ones, like every resume link. Nothing is sent to an
 * application without an address. Answers whether a mail was queued.
 */
export async function mailActionNeeded(
  tx: Tx,
  options: {
    applicationId: string;
    secret: string;
    publicUrl: string;
    template: string;
    mail: (link: ActionNeededLink) => MailContent;
  },
): Promise<boolean> {
  const [application] = await tx
    .select({
      email: applications.email,
      fullName: applications.fullName,
      verifiedAt: applications.emailVerifiedAt,
      erasedAt: applications.erasedAt,
    })
    .from(applications)
    .where(eq(applications.id, options.applicationId));
  if (!application?.email || application.erasedAt) return false;
  const to = application.email;
  const greeting = greetingFor(application.verifiedAt ? application.fullName : null);
  await issueMagicLink(tx, {
    applicationId: options.applicationId,
    secret: options.secret,
    publicUrl: options.publicUrl,
    mail: ({ url }) => ({
      to,
      template: options.template,
      ...options.mail({ greeting, url, validFor: MAGIC_LINK_TTL_WORDS }),
    }),
  });
  return true;
}
