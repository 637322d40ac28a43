import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { writeAudit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { identityCheckEvents, identityChecks } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { AppError } from '../errors.ts';
import type { KycProvider, PreparedSession } from './types.ts';

/** Veriff sessions expire 7 days after creation (after which a new one is needed). */
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 15_000;

export const VERIFF_UNAVAILABLE_MESSAGE =
  'Identity verification is unavailable right now. Please try again in a few minutes.';

export type VeriffEnv = Pick<
  Env,
  'VERIFF_API_KEY' | 'VERIFF_SHARED_SECRET' | 'VERIFF_BASE_URL' | 'PUBLIC_URL'
>;

/** VERIFF_SHARED_SECRET may list several, comma-separated, so a secret can be rotated. */
export function veriffSecrets(env: Pick<Env, 'VERIFF_SHARED_SECRET'>): string[] {
  return (env.VERIFF_SHARED_SECRET ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Lowercase hex HMAC-SHA256 of the exact bytes sent or received. */
export function veriffSignature(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Checks `X-HMAC-SIGNATURE` against the raw body with each configured secret, in constant time.
 * A missing header, a wrong length or no secret at all never matches.
 */
export function verifyVeriffSignature(raw: Buffer, header: unknown, secrets: string[]): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/i.test(header.trim())) return false;
  const given = Buffer.from(header.trim().toLowerCase(), 'hex');
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(veriffSignature(raw, secret), 'hex');
    // Every secret is tried, so the time taken does not tell which one matched.
    if (timingSafeEqual(given, expected)) matched = true;
  }
  return matched;
}

/** The `session` event row keeps the session's URL, so a resubmission can send the applicant back. */
export const sessionEventKey = (sessionId: string) => `veriff:session:${sessionId}`;

function splitName(fullName: string | null): { firstName?: string; lastName?: string } {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return {};
  if (parts.length === 1) return { firstName: parts[0] };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1) };
}

/** `POST {base}/v1/sessions`: a new verification session for one application. */
export async function createVeriffSession(
  env: VeriffEnv,
  application: { id: string; fullName: string | null },
): Promise<{ id: string; url: string }> {
  const [secret] = veriffSecrets(env);
  if (!env.VERIFF_BASE_URL || !env.VERIFF_API_KEY || !secret) {
    throw new AppError('unavailable', VERIFF_UNAVAILABLE_MESSAGE);
  }
  // vendorData is our opaque id only: no personal data goes into Veriff's free-text fields.
  const body = JSON.stringify({
    verification: {
      callback: `${env.PUBLIC_URL}/apply/review`,
      person: splitName(application.fullName),
      vendorData: application.id,
    },
  });
  let answer: unknown;
  try {
    const res = await fetch(new URL('/v1/sessions', env.VERIFF_BASE_URL), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-auth-client': env.VERIFF_API_KEY,
        'x-hmac-signature': veriffSignature(body, secret),
      },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`Veriff answered ${res.status}`);
    answer = await res.json();
  } catch (error) {
    // The cause reaches the server log (503s are logged as errors), never the applicant.
    const failure = new AppError('unavailable', VERIFF_UNAVAILABLE_MESSAGE);
    failure.cause = error;
    throw failure;
  }
  const verification = (answer as { verification?: { id?: unknown; url?: unknown } } | null)
    ?.verification;
  if (typeof verification?.id !== 'string' || typeof verification.url !== 'string') {
    throw new AppError('unavailable', VERIFF_UNAVAILABLE_MESSAGE);
  }
  return { id: verification.id, url: verification.url };
}

/**
 * After `resubmission_requested` Veriff reuses the same session: the applicant goes back to its
 * URL while it is open. Declined, expired or abandoned sessions are never reused.
 */
async function openResubmission(db: Db, applicationId: string): Promise<PreparedSession | null> {
  const [latest] = await db
    .select({
      id: identityChecks.id,
      sessionId: identityChecks.providerSessionId,
      decision: identityChecks.decision,
      status: identityChecks.status,
      lastEvent: identityChecks.lastEvent,
    })
    .from(identityChecks)
    .where(
      and(
        eq(identityChecks.applicationId, applicationId),
        eq(identityChecks.provider, 'veriff'),
        gt(identityChecks.createdAt, new Date(Date.now() - SESSION_TTL_MS)),
      ),
    )
    .orderBy(desc(identityChecks.createdAt))
    .limit(1);
  if (
    !latest?.sessionId ||
    latest.decision !== 'resubmission_requested' ||
    latest.status === 'declined' ||
    latest.lastEvent === 'expired' ||
    latest.lastEvent === 'abandoned'
  ) {
    return null;
  }
  const [session] = await db
    .select({ payload: identityCheckEvents.payload })
    .from(identityCheckEvents)
    .where(eq(identityCheckEvents.dedupeKey, sessionEventKey(latest.sessionId)));
  const url = (session?.payload as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'string') return null;
  return { sessionId: latest.sessionId, url, reusedCheckId: latest.id };
}

/** Veriff: the applicant verifies on Veriff's page; its webhooks report back (veriff-*-webhook). */
export function veriffProvider(env: VeriffEnv): KycProvider {
  return {
    name: 'veriff',
    acceptsUploads: false,
    async prepare(db, application) {
      const open = await openResubmission(db, application.id);
      if (open) return open;
      const session = await createVeriffSession(env, application);
      return { sessionId: session.id, url: session.url, reusedCheckId: null };
    },
    async start(tx, application, prepared, actor) {
      if (!prepared) throw new AppError('unavailable', VERIFF_UNAVAILABLE_MESSAGE);
      if (prepared.reusedCheckId) {
        await writeAudit(tx, {
          actor,
          action: 'identity_check.resume',
          target: { type: 'identity_check', id: prepared.reusedCheckId },
          applicationId: application.id,
        });
        return { stage: 'kyc_in_progress', url: prepared.url };
      }
      const [check] = await tx
        .insert(identityChecks)
        .values({
          applicationId: application.id,
          provider: 'veriff',
          providerSessionId: prepared.sessionId,
          status: 'created',
          lastEvent: 'created',
          lastEventAt: new Date(),
        })
        .returning({ id: identityChecks.id });
      if (!check) throw new Error('identity_checks insert returned no row');
      await tx.insert(identityCheckEvents).values({
        dedupeKey: sessionEventKey(prepared.sessionId),
        identityCheckId: check.id,
        kind: 'session',
        payload: { url: prepared.url },
      });
      await writeAudit(tx, {
        actor,
        action: 'identity_check.create',
        target: { type: 'identity_check', id: check.id },
        applicationId: application.id,
        after: { provider: 'veriff', session_id: prepared.sessionId, status: 'created' },
      });
      return { stage: 'kyc_in_progress', url: prepared.url };
    },
  };
}
