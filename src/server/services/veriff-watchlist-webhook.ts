import { eq } from 'drizzle-orm';
import { writeAudit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { identityChecks } from '../db/schema.ts';
import { sha256Hex } from '../lib/crypto.ts';
import {
  asArray,
  asObject,
  asString,
  ignored,
  lastEventUpdate,
  latestCheckOf,
  recordDelivery,
  type WebhookOutcome,
} from '../kyc/veriff-events.ts';
import { VERIFF_ACTOR } from './veriff-webhook.ts';

/** Whether any hit lists the applicant under `kind` (pep, sanctions, …). */
function listed(hits: unknown[], kind: string): boolean {
  return hits.some(
    (hit) => asArray(asObject(asObject(hit).listingsRelatedToMatch)[kind]).length > 0,
  );
}

/**
 * `veriff-watchlist-webhook`: PEP and sanctions screening, first and (with ongoing monitoring)
 * months later. Sets the check's `pep` and `sanctions` from the listings of the hits; a
 * possible match is left for staff to judge (PEP makes the suggested tier manual). Idempotent
 * on attempt id and check type.
 */
export async function veriffWatchlistWebhook(
  db: Db,
  payload: unknown,
  raw: Buffer,
): Promise<WebhookOutcome> {
  const body = asObject(payload);
  const checkType = asString(body.checkType) ?? 'result';
  // Without an attempt id the delivery's own bytes identify it.
  const attempt = asString(body.attemptId) ?? `sha256-${sha256Hex(raw)}`;
  const matchStatus = asString(body.matchStatus)?.toLowerCase();

  return db.transaction(async (tx) => {
    const check = await latestCheckOf(tx, asString(body.vendorData, 1000));
    if (!check) return ignored('unknown vendorData');
    const fresh = await recordDelivery(tx, {
      key: `veriff:watchlist:${attempt}:${checkType}`,
      checkId: check.id,
      kind: 'watchlist',
      payload,
    });
    if (!fresh) return ignored('replay');

    const hits = asArray(body.hits);
    const flags =
      matchStatus === 'no_match'
        ? { pep: false, sanctions: false }
        : matchStatus === 'possible_match'
          ? { pep: listed(hits, 'pep'), sanctions: listed(hits, 'sanctions') }
          : {};
    await tx
      .update(identityChecks)
      .set({
        ...flags,
        ...lastEventUpdate(check, `watchlist_${matchStatus ?? 'result'}`, new Date()),
      })
      .where(eq(identityChecks.id, check.id));
    await writeAudit(tx, {
      actor: VERIFF_ACTOR,
      action: 'identity_check.watchlist',
      target: { type: 'identity_check', id: check.id },
      applicationId: check.applicationId,
      before: { pep: check.pep, sanctions: check.sanctions },
      after: {
        ...flags,
        check_type: checkType,
        match_status: matchStatus ?? null,
        hits: hits.length,
      },
    });
    return { applied: true };
  });
}
