import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { identityCheckEvents, identityChecks } from '../db/schema.ts';

/**
 * Lenient reading of Veriff's webhook payloads: new fields appear without notice and any field
 * may be missing, so nothing here throws; an unreadable value is simply absent.
 */
export type Json = Record<string, unknown>;

export function asObject(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : {};
}

export function asString(value: unknown, max = 200): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, max);
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A time Veriff sent, or now when it sent none (or nonsense). */
export function eventTime(value: unknown): Date {
  const text = asString(value);
  const time = text ? new Date(text) : null;
  return time && !Number.isNaN(time.getTime()) ? time : new Date();
}

/** What a webhook did, for the log (Veriff is only ever told `{ok: true}`). */
export type WebhookOutcome = { applied: true } | { applied: false; reason: string };

export const ignored = (reason: string): WebhookOutcome => ({ applied: false, reason });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type VeriffCheck = typeof identityChecks.$inferSelect;

/** The check a Veriff session belongs to (only sessions we created exist here). */
export async function checkBySession(tx: Tx, sessionId: string): Promise<VeriffCheck | undefined> {
  const [row] = await tx
    .select()
    .from(identityChecks)
    .where(
      and(eq(identityChecks.provider, 'veriff'), eq(identityChecks.providerSessionId, sessionId)),
    );
  return row;
}

/** The application's newest Veriff check, found by our vendorData (the application id). */
export async function latestCheckOf(
  tx: Tx,
  applicationId: string | undefined,
): Promise<VeriffCheck | undefined> {
  if (!applicationId || !UUID.test(applicationId)) return undefined;
  const [row] = await tx
    .select()
    .from(identityChecks)
    .where(
      and(eq(identityChecks.applicationId, applicationId), eq(identityChecks.provider, 'veriff')),
    )
    .orderBy(desc(identityChecks.createdAt))
    .limit(1);
  return row;
}

/**
 * Records a delivery under its dedupe key. False when the key is already there: Veriff is
 * retrying something already applied, and nothing may change twice. Racing deliveries of the
 * same key wait on each other at the primary key, so exactly one gets true.
 */
export async function recordDelivery(
  tx: Tx,
  entry: { key: string; checkId: string; kind: string; payload: unknown },
): Promise<boolean> {
  const inserted = await tx
    .insert(identityCheckEvents)
    .values({
      dedupeKey: entry.key.slice(0, 500),
      identityCheckId: entry.checkId,
      kind: entry.kind,
      payload: entry.payload ?? {},
    })
    .onConflictDoNothing()
    .returning({ key: identityCheckEvents.dedupeKey });
  return inserted.length > 0;
}

/** Only the newest event moves `last_event`: a late retry of an older one must not. */
export function lastEventUpdate(check: VeriffCheck, event: string, at: Date) {
  if (check.lastEventAt && check.lastEventAt > at) return {};
  return { lastEvent: event.slice(0, 100), lastEventAt: at };
}

/** Country codes are short letters; anything else Veriff might send is not kept. */
export function countryCode(value: unknown): string | undefined {
  const text = asString(value);
  return text && /^[A-Za-z]{2,3}$/.test(text) ? text.toUpperCase() : undefined;
}
