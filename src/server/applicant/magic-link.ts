import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Tx } from '../db/client.ts';
import { magicLinks } from '../db/schema.ts';
import { hashToken } from '../lib/crypto.ts';

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
 * Issues a link for an application inside the caller's transaction (the mail that carries it
 * is queued in the same one). Two links for one application in the same second would share a
 * signature, so the expiry moves on by a second until the row is new.
 */
export async function issueMagicLink(
  tx: Tx,
  options: { applicationId: string; secret: string; publicUrl: string; now?: Date },
): Promise<{ url: string; expiresAt: Date }> {
  let expiresAt = Math.floor((options.now ?? new Date()).getTime() / 1000) + MAGIC_LINK_TTL_SECONDS;
  for (;;) {
    const sid = createSid(options.secret, options.applicationId, expiresAt);
    const signature = sid.slice(sid.lastIndexOf('.') + 1);
    const inserted = await tx
      .insert(magicLinks)
      .values({
        applicationId: options.applicationId,
        signatureHash: signatureHash(signature),
        expiresAt: new Date(expiresAt * 1000),
      })
      .onConflictDoNothing()
      .returning({ id: magicLinks.id });
    if (inserted.length) {
      return { url: magicLinkUrl(options.publicUrl, sid), expiresAt: new Date(expiresAt * 1000) };
    }
    expiresAt += 1;
  }
}
