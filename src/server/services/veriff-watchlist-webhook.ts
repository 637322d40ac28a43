import { eq } from 'drizzle-orm';
import { lockApplication } from '../applicant/contact.ts';
import { WATCHLIST_KIND_LABELS } from '#shared/schemas/case.ts';
import { writeAudit } from '../audit.ts';
import { SCREENING_KINDS } from '#shared/schemas/screening.ts';
import type { Db, Tx } from '../db/client.ts';
import { applications, identityChecks, screeningAlerts } from '../db/schema.ts';
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
import { queueEmail } from '../mail/outbox.ts';
import { staffNotification } from '../mail/staff-notification.ts';
import { VERIFF_ACTOR } from './veriff-webhook.ts';

/** The kinds (Veriff's keys) any hit is listed under. */
function listedKinds(hits: unknown[]): string[] {
  return Object.keys(WATCHLIST_KIND_LABELS).filter((kind) => listed(hits, kind));
}

/** Whether any hit lists the applicant under `kind` (pep, sanctions, …). */
function listed(hits: unknown[], kind: string): boolean {
  return hits.some(
    (hit) => asArray(asObject(asObject(hit).listingsRelatedToMatch)[kind]).length > 0,
  );
}

/**
 * A possible match listed under sanctions or PEP joins the screening alerts queue (CONTRACT §8),
 * one alert per check and kind: the same judgement as our own screening's alerts. The names the
 * hits matched are list data, kept on the alert.
 */
async function openVeriffAlerts(
  tx: Tx,
  options: { applicationId: string; checkId: string; hits: unknown[] },
) {
  const names = [
    ...new Set(options.hits.map((hit) => asString(asObject(hit).matchedName)).filter(Boolean)),
  ] as string[];
  const kinds = SCREENING_KINDS.filter((kind) => listed(options.hits, kind));
  if (kinds.length === 0) return;
  const opened = await tx
    .insert(screeningAlerts)
    .values(
      kinds.map((kind) => ({
        applicationId: options.applicationId,
        source: 'veriff' as const,
        list: 'veriff',
        entryId: `${options.checkId}:${kind}`,
        kind,
        matchedName: names[0] ?? null,
        entry: {
          name: names[0] ?? 'Veriff watchlist hit',
          names,
          dates_of_birth: [],
          nationalities: [],
          programmes: [WATCHLIST_KIND_LABELS[kind] ?? kind],
        },
      })),
    )
    .onConflictDoNothing({
      target: [screeningAlerts.applicationId, screeningAlerts.list, screeningAlerts.entryId],
    })
    .returning({ id: screeningAlerts.id, kind: screeningAlerts.kind });
  for (const alert of opened) {
    await writeAudit(tx, {
      actor: VERIFF_ACTOR,
      action: 'screening.alert_open',
      target: { type: 'screening_alert', id: alert.id },
      applicationId: options.applicationId,
      after: { list: 'veriff', kind: alert.kind, status: 'open' },
    });
  }
}

/**
 * `veriff-watchlist-webhook`: PEP and sanctions screening, first and (with ongoing monitoring)
 * months later. Only `no_match` records a clear result (`pep` and `sanctions` false). A
 * possible match is left for staff to judge and is never recorded as clear: a kind the hits list
 * is true (PEP makes the suggested tier manual; sanctions block offers until cleared), and the
 * others are unknown (null) rather than "no", since the hits (adverse media, say) are not yet
 * judged. The result itself (`watchlist_match`, and the kinds listed) is kept so the case screen
 * reads 'needs review'. The staff inbox is told the match needs review. Idempotent on attempt id and check
 * type.
 */
export async function veriffWatchlistWebhook(
  db: Db,
  payload: unknown,
  raw: Buffer,
  options: { staffEmail: string; publicUrl: string },
): Promise<WebhookOutcome> {
  const body = asObject(payload);
  const checkType = asString(body.checkType) ?? 'result';
  // Without an attempt id the delivery's own bytes identify it.
  const attempt = asString(body.attemptId) ?? `sha256-${sha256Hex(raw)}`;
  const matchStatus = asString(body.matchStatus)?.toLowerCase();

  return db.transaction(async (tx) => {
    const check = await latestCheckOf(tx, asString(body.vendorData, 1000));
    if (!check) return ignored('unknown vendorData');
    // The application before its check (see veriff-webhook.ts): no deadlock with staff actions.
    if (!(await lockApplication(tx, check.applicationId))) return ignored('application gone');
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
          ? { pep: listed(hits, 'pep') || null, sanctions: listed(hits, 'sanctions') || null }
          : {};
    // Recorded as such, so the case screen reads 'needs review', never a clear result.
    const kinds = listedKinds(hits);
    const result =
      matchStatus === 'no_match'
        ? { watchlistMatch: 'no_match' as const, watchlistKinds: [] }
        : matchStatus === 'possible_match'
          ? { watchlistMatch: 'possible_match' as const, watchlistKinds: kinds }
          : {};
    await tx
      .update(identityChecks)
      .set({
        ...flags,
        ...result,
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
    if (matchStatus === 'possible_match') {
      await openVeriffAlerts(tx, { applicationId: check.applicationId, checkId: check.id, hits });
      const [application] = await tx
        .select({ fullName: applications.fullName, email: applications.email })
        .from(applications)
        .where(eq(applications.id, check.applicationId));
      await queueEmail(tx, {
        applicationId: check.applicationId,
        ...staffNotification({
          to: options.staffEmail,
          template: 'veriff_watchlist_webhook.possible_match.staff_notification',
          subject: 'Watchlist possible match, review needed',
          subjectName: application?.fullName ?? 'Unknown Applicant',
          fields: [
            ['Name', application?.fullName ?? null],
            ['Email', application?.email ?? null],
            [
              'Listed under',
              kinds.map((kind) => WATCHLIST_KIND_LABELS[kind]).join(', ') || 'not stated',
            ],
            ['Hits', String(hits.length)],
            [
              'Screening',
              checkType === 'updated_result' ? 'ongoing monitoring (an update)' : 'first screening',
            ],
          ],
          footer: `Review the case: ${options.publicUrl}/admin/applicants/${check.applicationId}`,
        }),
      });
    }
    return { applied: true };
  });
}
