import { eq } from 'drizzle-orm';
import { lockApplication } from '../applicant/contact.ts';
import type { IdentityStatus } from '#shared/stages.ts';
import { writeAudit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { identityChecks } from '../db/schema.ts';
import {
  asObject,
  asString,
  checkBySession,
  ignored,
  lastEventUpdate,
  recordDelivery,
  type WebhookOutcome,
} from '../kyc/veriff-events.ts';
import { VERIFF_ACTOR } from './veriff-webhook.ts';

/** Which statuses an event may move a check on from: never back from a decision. */
const PROGRESS: Record<string, { to: IdentityStatus; from: readonly IdentityStatus[] }> = {
  started: { to: 'started', from: ['created'] },
  submitted: { to: 'submitted', from: ['created', 'started'] },
};

/**
 * `veriff-event-webhook`: the applicant opened (7001 started) or finished (7002 submitted) the
 * Veriff flow. Moves the check's status forward only; idempotent on session id and event code.
 */
export async function veriffEventWebhook(db: Db, payload: unknown): Promise<WebhookOutcome> {
  const event = asObject(payload);
  const sessionId = asString(event.id);
  const action = asString(event.action)?.toLowerCase();
  if (!sessionId || !action) return ignored('no session id or action');
  const code = asString(event.code) ?? action;

  return db.transaction(async (tx) => {
    const check = await checkBySession(tx, sessionId);
    if (!check) return ignored('unknown session');
    const vendorData = asString(event.vendorData, 1000);
    if (vendorData && vendorData !== check.applicationId) return ignored('vendorData mismatch');
    // The application before its check (see veriff-webhook.ts): no deadlock with staff actions.
    if (!(await lockApplication(tx, check.applicationId))) return ignored('application gone');
    const fresh = await recordDelivery(tx, {
      key: `veriff:event:${sessionId}:${code}`,
      checkId: check.id,
      kind: 'event',
      payload,
    });
    if (!fresh) return ignored('replay');

    const progress = PROGRESS[action];
    const status = progress?.from.includes(check.status) ? progress.to : check.status;
    await tx
      .update(identityChecks)
      .set({ status, ...lastEventUpdate(check, action, new Date()) })
      .where(eq(identityChecks.id, check.id));
    await writeAudit(tx, {
      actor: VERIFF_ACTOR,
      action: 'identity_check.event',
      target: { type: 'identity_check', id: check.id },
      applicationId: check.applicationId,
      before: { status: check.status },
      after: { status, event: action, code },
    });
    return { applied: true };
  });
}
