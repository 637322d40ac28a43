import { screenApplication } from '../screening/screen.ts';
import type { Screening } from '../screening/screener.ts';
import { eq } from 'drizzle-orm';
import { lockApplication } from '../applicant/contact.ts';
import type { IdentityDecision, IdentityStatus, Stage } from '#shared/stages.ts';
import { moveStage } from '../applicant/stage.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db, Tx } from '../db/client.ts';
import { identityChecks } from '../db/schema.ts';
import { mailActionNeeded } from '../kyc/action-needed.ts';
import {
  asArray,
  asObject,
  asString,
  checkBySession,
  countryCode,
  eventTime,
  ignored,
  lastEventUpdate,
  latestCheckOf,
  recordDelivery,
  type WebhookOutcome,
} from '../kyc/veriff-events.ts';
import { queueEmail } from '../mail/outbox.ts';
import { staffNotification } from '../mail/staff-notification.ts';
import {
  verifyAgainMail,
  type VerifyAgainReason,
} from '../mail/templates/identity-action-needed.ts';

export const VERIFF_ACTOR: Actor = { type: 'provider', id: 'veriff' };

/** Statuses after which the applicant must start again (a new session, or the same one). */
const BACK_TO_DETAILS = new Set<string>([
  'resubmission_requested',
  'expired',
  'abandoned',
] satisfies VerifyAgainReason[]);

/** What the webhook needs besides the payload: the mails it sends. */
export interface VeriffWebhookOptions {
  /** For the applicant's resume link. */
  secret: string;
  publicUrl: string;
  /** The staff inbox, told of a decline that needs a decision. */
  staffEmail: string;
  /** Screens again once the identity is approved. */
  screening: Screening;
}

/**
 * `person.pepSanctionMatch`: Veriff sends a label (or a list of them) naming what matched.
 * Only a match is taken from it; "no match" comes from the watchlist screening.
 */
function pepSanctionFlags(value: unknown): { pep?: true; sanctions?: true } {
  const labels = (Array.isArray(value) ? value : [value])
    .map((v) => (typeof v === 'string' ? v.toLowerCase() : v === true ? 'pep' : ''))
    .join(' ');
  return {
    ...(/\bpep\b|politically/.test(labels) ? { pep: true as const } : {}),
    ...(/sanction/.test(labels) ? { sanctions: true as const } : {}),
  };
}

function decisionColumns(status: string): { status?: IdentityStatus; decision?: IdentityDecision } {
  if (status === 'approved') return { status: 'approved', decision: 'approved' };
  if (status === 'declined') return { status: 'declined', decision: 'declined' };
  if (status === 'resubmission_requested') return { decision: 'resubmission_requested' };
  return {};
}

async function moveIf(tx: Tx, applicationId: string, from: Stage, to: Stage, action: string) {
  await moveStage(tx, { applicationId, from: [from], to, actor: VERIFF_ACTOR, action });
}

/**
 * `veriff-webhook` (decision). Idempotent: a delivery is keyed on session, status and decision
 * time, so Veriff's retries change nothing twice. approved → check approved and the application
 * on to `kyc`; declined → check declined (the application waits for staff: Veriff's decision
 * is advice, so the staff inbox is told the case needs a decision); resubmission_requested,
 * expired or abandoned → back to `detailed` so the applicant can start again, and they are
 * e-mailed what to do with a link that works on any device. Stages only move (and mail only
 * goes) for the application's newest session, so a late word about an old one cannot undo the
 * current one.
 */
export async function veriffWebhook(
  db: Db,
  payload: unknown,
  options: VeriffWebhookOptions,
): Promise<WebhookOutcome> {
  const verification = asObject(asObject(payload).verification);
  const sessionId = asString(verification.id);
  const status = asString(verification.status)?.toLowerCase();
  if (!sessionId || !status) return ignored('no session id or status');
  const decisionTime = asString(verification.decisionTime) ?? '';

  return db.transaction(async (tx) => {
    const check = await checkBySession(tx, sessionId);
    if (!check) return ignored('unknown session');
    const vendorData = asString(verification.vendorData, 1000);
    if (vendorData && vendorData !== check.applicationId) return ignored('vendorData mismatch');
    // The application before its check, as staff reviews lock them: the check's copy on the
    // application (migration 0020) then never waits for a lock in the other order.
    const application = await lockApplication(tx, check.applicationId);
    if (!application) return ignored('application gone');
    const fresh = await recordDelivery(tx, {
      key: `veriff:decision:${sessionId}:${status}:${decisionTime}`,
      checkId: check.id,
      kind: 'decision',
      payload,
    });
    if (!fresh) return ignored('replay');

    const at = eventTime(verification.decisionTime);
    const person = asObject(verification.person);
    const document = asObject(verification.document);
    const isNewer = !check.lastEventAt || check.lastEventAt <= at;
    const changes = {
      ...(isNewer ? decisionColumns(status) : {}),
      ...pepSanctionFlags(person.pepSanctionMatch),
      ...(countryCode(document.country) ? { country: countryCode(document.country) } : {}),
      ...lastEventUpdate(check, status, at),
      rawPayload: payload,
    };
    await tx.update(identityChecks).set(changes).where(eq(identityChecks.id, check.id));
    await writeAudit(tx, {
      actor: VERIFF_ACTOR,
      action: 'identity_check.decision',
      target: { type: 'identity_check', id: check.id },
      applicationId: check.applicationId,
      before: { status: check.status, decision: check.decision },
      after: {
        status: changes.status ?? check.status,
        decision: changes.decision ?? check.decision,
        veriff_status: status,
        code: asString(verification.code) ?? null,
        reason: asString(verification.reason, 500) ?? null,
        risk_labels: asArray(verification.riskLabels).length,
      },
    });

    const latest = await latestCheckOf(tx, check.applicationId);
    if (!isNewer || latest?.id !== check.id) return { applied: true };
    if (status === 'approved') {
      // The applicant may have finished a resumed session without pressing start again.
      if (application.stage === 'detailed') {
        await moveIf(tx, application.id, 'detailed', 'kyc_in_progress', 'application.kyc_start');
      }
      if (application.stage === 'detailed' || application.stage === 'kyc_in_progress') {
        await moveIf(tx, application.id, 'kyc_in_progress', 'kyc', 'application.kyc_complete');
        // Identity approved: screened again (CONTRACT §8).
        await screenApplication(tx, options.screening, application.id);
      }
    } else if (BACK_TO_DETAILS.has(status) && application.stage === 'kyc_in_progress') {
      await moveIf(tx, application.id, 'kyc_in_progress', 'detailed', 'application.kyc_resubmit');
      await mailActionNeeded(tx, {
        applicationId: application.id,
        secret: options.secret,
        publicUrl: options.publicUrl,
        template: `veriff_webhook.${status}`,
        mail: (link) =>
          verifyAgainMail({
            ...link,
            why: status as VerifyAgainReason,
            note: status === 'resubmission_requested' ? asString(verification.reason) : undefined,
          }),
      });
    } else if (status === 'declined' && application.stage === 'kyc_in_progress') {
      // Veriff's decline is advice: staff decide, and the applicant reads that a decision is
      // pending (review-status) rather than that their identity is being checked.
      await queueEmail(tx, {
        applicationId: application.id,
        ...staffNotification({
          to: options.staffEmail,
          template: 'veriff_webhook.declined.staff_notification',
          subject: 'Identity check declined by Veriff, decision needed',
          subjectName: application.fullName ?? 'Unknown Applicant',
          fields: [
            ['Name', application.fullName],
            ['Email', application.email],
            ['Veriff code', asString(verification.code) ?? null],
            ['Veriff reason', asString(verification.reason, 500) ?? null],
          ],
          footer: `Open the case to decide: ${options.publicUrl}/admin/applicants/${application.id}`,
        }),
      });
    }
    return { applied: true };
  });
}
