import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { emailOutbox, magicLinks } from '../db/schema.ts';
import { hashToken } from '../lib/crypto.ts';
import { queueEmail, type QueuedMail } from '../mail/outbox.ts';
import { emailHash } from './email-ownership.ts';

/**
 * Magic links (SPEC §4, CONTRACT §2): `${PUBLIC_URL}/apply/review?sid=…` where the sid is
 * `base64url(basic_id).expiry.base64url(HMAC-SHA256(SESSION_SECRET, "basic_id.expiry"))`.
 * The signature proves we issued it; the `magic_links` row (keyed by the signature's hash)
 * makes it single use. A basic id alone never yields a session.
 */

/** How long a link lasts, and the same in words for the e-mail. */
export const MAGIC_LINK_TTL_SECONDS = 24 * 60 * 60;
export const MAGIC_LINK_TTL_WORDS = '24 hours';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** An HMAC-SHA256 is 32 bytes: 43 base64url characters without padding. */
const SIGNATURE_LENGTH = 43;

export interface ParsedSid {
  applicationId: string;
  /** Unix seconds. */
  expiresAt: number;
  signature: string;
}

function sign(secret: string, applicationId: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`${applicationId}.${expiresAt}`).digest('base64url');
}

export function createSid(secret: string, applicationId: string, expiresAt: number): string {
  const id = Buffer.from(applicationId, 'utf8').toString('base64url');
  return `${id}.${expiresAt}.${sign(secret, applicationId, expiresAt)}`;
}

/** The sid's three parts, or null when it is not one of ours in shape. */
export function parseSid(sid: string): ParsedSid | null {
  const parts = sid.split('.');
  if (parts.length !== 3) return null;
  const [idPart, expiryPart, signature] = parts as [string, string, string];
  if (!BASE64URL.test(idPart) || !/^\d{1,12}$/.test(expiryPart)) return null;
  if (signature.length !== SIGNATURE_LENGTH || !BASE64URL.test(signature)) return null;
  const applicationId = Buffer.from(idPart, 'base64url').toString('utf8');
  if (!UUID.test(applicationId)) return null;
  return { applicationId, expiresAt: Number(expiryPart), signature };
}

/** Constant-time check that we signed exactly this basic id and expiry. */
export function verifySid(secret: string, parsed: ParsedSid): boolean {
  const expected = Buffer.from(sign(secret, parsed.applicationId, parsed.expiresAt), 'utf8');
  const actual = Buffer.from(parsed.signature, 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** What the `magic_links` row is keyed by: the signature itself is never stored. */
export function signatureHash(signature: string): string {
  return hashToken(signature);
}

export function magicLinkUrl(publicUrl: string, sid: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/apply/review?sid=${encodeURIComponent(sid)}`;
}

/**
 * Issues a link for an application inside the caller's transaction and queues the mail that
 * carries it (built by `mail` from the link) in the same one, remembering which mail holds the
 * link so its copy can be scrubbed later. Two links for one application in the same second
 * would share a signature, so the expiry moves on by a second until the row is new. Sent mail
 * still holding an older link of the application loses it: a newer link replaces it, and the
 * older unused links stop working at once (retired). The link is bound to the address its mail
 * goes to: using it proves that address (docs/decisions/026).
 */
export async function issueMagicLink(
  tx: Tx,
  options: {
    applicationId: string;
    secret: string;
    publicUrl: string;
    now?: Date;
    mail: (link: { url: string; expiresAt: Date }) => QueuedMail;
  },
): Promise<{ url: string; expiresAt: Date; emailId: string }> {
  let expiresAt = Math.floor((options.now ?? new Date()).getTime() / 1000) + MAGIC_LINK_TTL_SECONDS;
  for (;;) {
    const sid = createSid(options.secret, options.applicationId, expiresAt);
    const signature = sid.slice(sid.lastIndexOf('.') + 1);
    const issued = {
      url: magicLinkUrl(options.publicUrl, sid),
      expiresAt: new Date(expiresAt * 1000),
    };
    const mail = options.mail(issued);
    const [link] = await tx
      .insert(magicLinks)
      .values({
        applicationId: options.applicationId,
        signatureHash: signatureHash(signature),
        emailHash: emailHash(mail.to),
        expiresAt: issued.expiresAt,
      })
      .onConflictDoNothing()
      .returning({ id: magicLinks.id });
    if (link) {
      await tx
        .update(magicLinks)
        .set({ retiredAt: sql`now()` })
        .where(
          and(
            eq(magicLinks.applicationId, options.applicationId),
            ne(magicLinks.id, link.id),
            isNull(magicLinks.usedAt),
            isNull(magicLinks.retiredAt),
          ),
        );
      const emailId = await queueEmail(tx, { ...mail, applicationId: options.applicationId });
      await tx.update(magicLinks).set({ emailId }).where(eq(magicLinks.id, link.id));
      await scrubSpentLinkMail(tx, options.applicationId);
      return { ...issued, emailId };
    }
    expiresAt += 1;
  }
}

/** What a scrubbed link is replaced with in the stored mail, by why it no longer works. */
export const SPENT_LINK_NOTES = {
  used: '[link used]',
  expired: '[link expired]',
  replaced: '[link replaced by a newer one]',
} as const;

/** A magic-link URL as our templates write it (bare in text, in href and in a span in HTML). */
const LINK_URL = /[^\s"'<>]*\/apply\/review\?sid=([A-Za-z0-9_.%-]+)/g;

function scrubLink(body: string, linkSignatureHash: string, note: string): string {
  return body.replace(LINK_URL, (url, encodedSid: string) => {
    let sid: string;
    try {
      sid = decodeURIComponent(encodedSid);
    } catch {
      return url;
    }
    const parsed = parseSid(sid);
    return parsed && signatureHash(parsed.signature) === linkSignatureHash ? note : url;
  });
}

/**
 * Sent e-mails stop holding sign-in links that no longer work (or that a newer one replaced):
 * for the application's links that are used, expired or replaced and whose mail has gone out,
 * the link in the stored text and HTML bodies becomes a short note. Mail still pending is left
 * intact, since it must still reach the applicant as written; it is scrubbed by a later call
 * once sent. Runs in the caller's transaction; returns how many mails were scrubbed.
 */
export async function scrubSpentLinkMail(
  db: Db | Tx,
  applicationId: string,
  /** The clock that decides expiry: the caller's, so it agrees with the refusal it follows. */
  now: Date = new Date(),
): Promise<number> {
  const replaced = sql<boolean>`exists (
    select 1 from ${magicLinks} as newer
    where newer.application_id = ${magicLinks.applicationId}
      and newer.created_at > ${magicLinks.createdAt})`;
  const spent = await db
    .select({
      linkId: magicLinks.id,
      signatureHash: magicLinks.signatureHash,
      used: sql<boolean>`${magicLinks.usedAt} is not null`,
      expired: sql<boolean>`${magicLinks.expiresAt} <= ${now.toISOString()}::timestamptz`,
      emailId: emailOutbox.id,
      text: emailOutbox.text,
      html: emailOutbox.html,
    })
    .from(magicLinks)
    .innerJoin(emailOutbox, eq(emailOutbox.id, magicLinks.emailId))
    .where(
      and(
        eq(magicLinks.applicationId, applicationId),
        isNotNull(magicLinks.emailId),
        eq(emailOutbox.status, 'sent'),
        or(isNotNull(magicLinks.usedAt), lte(magicLinks.expiresAt, now), replaced),
      ),
    )
    .for('update', { of: emailOutbox });
  for (const row of spent) {
    const note = row.used
      ? SPENT_LINK_NOTES.used
      : row.expired
        ? SPENT_LINK_NOTES.expired
        : SPENT_LINK_NOTES.replaced;
    await db
      .update(emailOutbox)
      .set({
        text: scrubLink(row.text, row.signatureHash, note),
        html: row.html === null ? null : scrubLink(row.html, row.signatureHash, note),
      })
      .where(eq(emailOutbox.id, row.emailId));
    await db.update(magicLinks).set({ emailId: null }).where(eq(magicLinks.id, row.linkId));
  }
  return spent.length;
}
