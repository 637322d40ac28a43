import { and, eq, sql } from 'drizzle-orm';
import { mayCall, type StaffCall } from '#shared/calls.ts';
import {
  APPROVAL_KIND_LABELS,
  APPROVAL_NOT_FOUND,
  APPROVAL_SELF_MESSAGE,
  type ApprovalDecision,
  type ApprovalKind,
} from '#shared/schemas/casework.ts';
import { NO_PERMISSION } from '#shared/staff.ts';
import { declineApplication } from '../applicant/decline.ts';
import { writeAudit } from '../audit.ts';
import type { StaffIdentity } from '../auth/staff.ts';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import {
  caseNotes,
  declineRequests,
  erasureRequests,
  offers,
  screeningAlerts,
} from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { auditAlertStep, lockAlert } from '../screening/alerts.ts';
import { PENDING_APPROVALS } from './admin-approval-list.ts';
import { adminApplicantEraseApprove } from './admin-applicant-erase-approve.ts';
import { adminOfferApprove } from './admin-offer-approve.ts';
import { adminScreeningAlertClearApprove } from './admin-screening-alert-clear-approve.ts';

/** Who may decide each kind: whoever may make the kind's own approval call (CONTRACT §5, §6, §8). */
const DECIDED_BY: Record<ApprovalKind, StaffCall> = {
  pep_offer: 'admin-offer-approve',
  decline: 'admin-applicant-decline',
  screening_clear: 'admin-screening-alert-clear-approve',
  erasure: 'admin-applicant-erase-approve',
};

type Pending = { id: string; kind: ApprovalKind; application_id: string; requested_by: string };

async function findPending(db: Db, id: string): Promise<Pending | undefined> {
  const union = sql.join(Object.values(PENDING_APPROVALS), sql` union all `);
  const [row] = await queryRows<Pending>(
    db,
    sql`select id, kind, application_id, requested_by
      from (${union}) as p (id, kind, application_id, requested_by, requested_at, reason, detail)
      where id = ${id}`,
  );
  return row;
}

/**
 * `admin-approval-decide` (CONTRACT §9): a second member approves or rejects a waiting request.
 * Approval carries the decision out through the kind's own path (the same code as
 * `admin-offer-approve`, `admin-applicant-erase-approve`, `admin-screening-alert-clear-approve`),
 * so both ways behave alike. Rejection withdraws the request; a rejection's reason becomes a
 * case note (staff's words stay out of the audit).
 */
export async function adminApprovalDecide(options: {
  db: Db;
  staff: StaffIdentity;
  id: string;
  decision: ApprovalDecision;
  reason: string | undefined;
  publicUrl: string;
  secret: string;
}): Promise<{ kind: ApprovalKind; status: 'approved' | 'rejected'; applicationId: string }> {
  const { db, staff } = options;
  const pending = await findPending(db, options.id);
  if (!pending) throw new AppError('not_found', APPROVAL_NOT_FOUND);
  const { kind } = pending;
  if (!mayCall(staff.member.role, DECIDED_BY[kind])) throw new AppError('forbidden', NO_PERMISSION);
  if (pending.requested_by === staff.member.id) {
    throw new AppError('forbidden', APPROVAL_SELF_MESSAGE);
  }
  const applicationId = pending.application_id;
  const actor = staff.actor;
  if (options.decision === 'approve') {
    if (kind === 'pep_offer') {
      await adminOfferApprove({ db, actor, applicationId, ...urls(options) });
    } else if (kind === 'erasure') {
      await adminApplicantEraseApprove({ db, actor, applicationId });
    } else if (kind === 'screening_clear') {
      await adminScreeningAlertClearApprove({ db, actor, alertId: pending.id });
    } else {
      await approveDecline(db, { ...options, requestId: pending.id, applicationId });
    }
    return { kind, status: 'approved', applicationId };
  }
  await db.transaction(async (tx) => {
    await rejectRequest(tx, pending, staff);
    if (options.reason) {
      await tx.insert(caseNotes).values({
        applicationId,
        authorId: staff.member.id,
        text: `${APPROVAL_KIND_LABELS[kind]} not approved: ${options.reason}`,
      });
    }
  });
  return { kind, status: 'rejected', applicationId };
}

const urls = (options: { publicUrl: string; secret: string }) => ({
  publicUrl: options.publicUrl,
  secret: options.secret,
});

/** Carries out a requested decline, checked again under the request's lock. */
async function approveDecline(
  db: Db,
  options: { staff: StaffIdentity; requestId: string; applicationId: string; publicUrl: string },
) {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .update(declineRequests)
      .set({ status: 'approved', decidedBy: options.staff.member.id, decidedAt: new Date() })
      .where(and(eq(declineRequests.id, options.requestId), eq(declineRequests.status, 'pending')))
      .returning({ reason: declineRequests.reason });
    if (!request) throw new AppError('not_found', APPROVAL_NOT_FOUND);
    await writeAudit(tx, {
      actor: options.staff.actor,
      action: 'application.decline_approve',
      target: { type: 'decline_request', id: options.requestId },
      applicationId: options.applicationId,
      after: { status: 'approved' },
    });
    await declineApplication(tx, {
      actor: options.staff.actor,
      applicationId: options.applicationId,
      reason: request.reason,
      publicUrl: options.publicUrl,
    });
  });
}

/** Withdraws a request: the stage, offer, alert or record stay as they were before it. */
async function rejectRequest(tx: Tx, pending: Pending, staff: StaffIdentity) {
  const now = new Date();
  const audit = (action: string, type: string) =>
    writeAudit(tx, {
      actor: staff.actor,
      action,
      target: { type, id: pending.id },
      applicationId: pending.application_id,
      after: { status: 'rejected' },
    });
  const gone = () => new AppError('not_found', APPROVAL_NOT_FOUND);
  if (pending.kind === 'pep_offer') {
    // The offer was never sent: it goes, and the case is back in the Offers queue.
    const deleted = await tx
      .delete(offers)
      .where(and(eq(offers.id, pending.id), eq(offers.approvalStatus, 'pending_approval')))
      .returning({ id: offers.id });
    if (deleted.length === 0) throw gone();
    await audit('offer.approval_reject', 'offer');
  } else if (pending.kind === 'decline') {
    const updated = await tx
      .update(declineRequests)
      .set({ status: 'rejected', decidedBy: staff.member.id, decidedAt: now })
      .where(and(eq(declineRequests.id, pending.id), eq(declineRequests.status, 'pending')))
      .returning({ id: declineRequests.id });
    if (updated.length === 0) throw gone();
    await audit('application.decline_reject', 'decline_request');
  } else if (pending.kind === 'erasure') {
    const updated = await tx
      .update(erasureRequests)
      .set({ status: 'rejected', rejectedBy: staff.member.id, rejectedAt: now })
      .where(and(eq(erasureRequests.id, pending.id), eq(erasureRequests.status, 'pending')))
      .returning({ id: erasureRequests.id });
    if (updated.length === 0) throw gone();
    await audit('application.erase_reject', 'erasure_request');
  } else {
    const alert = await lockAlert(tx, pending.id);
    if (alert?.status !== 'clear_requested') throw gone();
    // Back to open: the match holds the applicant again until someone decides it afresh.
    await tx
      .update(screeningAlerts)
      .set({
        status: 'open',
        clearRequestedBy: null,
        clearRequestedAt: null,
        clearReason: null,
      })
      .where(eq(screeningAlerts.id, alert.id));
    await auditAlertStep(tx, {
      actor: staff.actor,
      alert,
      action: 'screening.alert_clear_reject',
      status: 'open',
    });
  }
}
