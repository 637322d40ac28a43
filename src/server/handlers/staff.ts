import type { StaffCall } from '#shared/calls.ts';
import { dueAt, type ServiceLevelQueue } from '#shared/service-levels.ts';
import { deleteQueuedFiles } from '../applicant/erase.ts';
import type { AppContext } from '../context.ts';
import { adminActivation } from '../services/admin-activation.ts';
import { adminActivationList } from '../services/admin-activation-list.ts';
import { adminApplicantCase } from '../services/admin-applicant-case.ts';
import { adminApplicantDecline } from '../services/admin-applicant-decline.ts';
import { adminApplicantErase } from '../services/admin-applicant-erase.ts';
import { adminApplicantEraseApprove } from '../services/admin-applicant-erase-approve.ts';
import { adminApplicantInvite } from '../services/admin-applicant-invite.ts';
import { adminApplicantList } from '../services/admin-applicant-list.ts';
import { adminApplicantOverrideTier } from '../services/admin-applicant-override-tier.ts';
import { adminApplicantResendLink } from '../services/admin-applicant-resend-link.ts';
import { adminAssetDelete } from '../services/admin-asset-delete.ts';
import { adminAssetList } from '../services/admin-asset-list.ts';
import { adminAuditList } from '../services/admin-audit-list.ts';
import { adminBulkUpdate } from '../services/admin-bulk-update.ts';
import { adminCaseAssign } from '../services/admin-case-assign.ts';
import { adminApprovalDecide } from '../services/admin-approval-decide.ts';
import { adminApprovalList } from '../services/admin-approval-list.ts';
import { adminCaseAssignBulk } from '../services/admin-case-assign-bulk.ts';
import { adminCaseEscalate } from '../services/admin-case-escalate.ts';
import { adminCaseMlroDecide } from '../services/admin-case-mlro-decide.ts';
import { adminEscalationList } from '../services/admin-escalation-list.ts';
import { adminReport } from '../services/admin-report.ts';
import { cachedServiceLevels } from '../services/admin-service-levels.ts';
import { adminStaffDirectory } from '../services/admin-staff-directory.ts';
import { adminContactList } from '../services/admin-contact-list.ts';
import { adminContactUpdate } from '../services/admin-contact-update.ts';
import { adminDataProtection } from '../services/admin-data-protection.ts';
import { adminEmailFailedList } from '../services/admin-email-failed-list.ts';
import { adminEmailRetry } from '../services/admin-email-retry.ts';
import { adminEmailTest } from '../services/admin-email-test.ts';
import { adminEoiList } from '../services/admin-eoi-list.ts';
import { adminEoiUpdate } from '../services/admin-eoi-update.ts';
import { adminIdentityApprove } from '../services/admin-identity-approve.ts';
import { adminInviteGenerate } from '../services/admin-invite-generate.ts';
import { adminInviteList } from '../services/admin-invite-list.ts';
import { adminInviteToggle } from '../services/admin-invite-toggle.ts';
import { adminKycAction } from '../services/admin-kyc-action.ts';
import { adminKycList } from '../services/admin-kyc-list.ts';
import { adminLegalUpdate } from '../services/admin-legal-update.ts';
import { adminMaintenanceToggle } from '../services/admin-maintenance-toggle.ts';
import { adminOfferApprove } from '../services/admin-offer-approve.ts';
import { adminOfferIssue } from '../services/admin-offer-issue.ts';
import { adminOfferList } from '../services/admin-offer-list.ts';
import { adminCaseNoteAdd } from '../services/admin-case-note-add.ts';
import { adminSanctionsClear } from '../services/admin-sanctions-clear.ts';
import { adminScreeningAlertClearApprove } from '../services/admin-screening-alert-clear-approve.ts';
import { adminScreeningAlertClear } from '../services/admin-screening-alert-clear.ts';
import { adminScreeningAlertConfirm } from '../services/admin-screening-alert-confirm.ts';
import { adminScreeningAlertList } from '../services/admin-screening-alert-list.ts';
import { adminScreeningLists } from '../services/admin-screening-lists.ts';
import { adminScreeningSearch } from '../services/admin-screening-search.ts';
import { adminSessionList } from '../services/admin-session-list.ts';
import { adminSessionRevoke } from '../services/admin-session-revoke.ts';
import { adminSignout } from '../services/admin-signout.ts';
import { adminStaffInvite } from '../services/admin-staff-invite.ts';
import { adminStaffList } from '../services/admin-staff-list.ts';
import { adminStaffResetMfa } from '../services/admin-staff-reset-mfa.ts';
import { adminStaffUpdate } from '../services/admin-staff-update.ts';
import { oneTimeLegalUpdate } from '../services/one-time-legal-update.ts';
import type { SomeCallHandlers } from './types.ts';

/** Staff calls answered in JSON; the staff guard has checked the member and their role. */
type StaffJsonCall = Exclude<
  StaffCall,
  | 'admin-kyc-file'
  | 'admin-audit-export'
  | 'admin-applicant-export'
  | 'admin-export-csv'
  | 'admin-asset-upload'
  | 'admin-screening-list-upload'
>;

/** Every staff call answered in JSON. The services own their transactions and audit rows. */
export function staffHandlers(ctx: AppContext): SomeCallHandlers<StaffJsonCall> {
  const { db, env } = ctx;
  const { PUBLIC_URL: publicUrl } = env;
  const secret = ctx.secrets.sessionSecret;
  const levels = env.serviceLevels;
  const serviceLevels = cachedServiceLevels({
    db,
    levels,
    ttlMs: env.NODE_ENV === 'test' ? 0 : undefined,
  });
  /** The queues show each row's age and due time against the queue's service level. */
  const queuePage = <Row extends { waiting_since: string }, Page extends { data: Row[] }>(
    queue: ServiceLevelQueue,
    page: Page,
  ) => ({
    ok: true as const,
    ...page,
    data: page.data.map((row) => ({ ...row, due_at: dueAt(row.waiting_since, levels[queue]) })),
    sla_hours: levels[queue],
  });
  /**
   * After an erasure the records are gone; the files follow now (or on the next retention run,
   * which finishes whatever is still queued if this fails or the process stops).
   */
  const deleteErasedFiles = (request: { log: { warn: (o: object, m: string) => void } }) =>
    deleteQueuedFiles(db, ctx.storage).catch((error: unknown) => {
      request.log.warn({ err: error }, 'erasure: stored files left for the next retention run');
    });
  return {
    // Own session and account.
    'admin-me': async ({ staff }) => ({ ok: true, staff: staff.member }),
    'admin-signout': async ({ staff }) => {
      await adminSignout({ db, tokenId: staff.tokenId, actor: staff.actor });
      return { ok: true };
    },
    'admin-session-list': async ({ staff }) => ({
      ok: true,
      data: await adminSessionList({ db, memberId: staff.member.id, tokenId: staff.tokenId }),
    }),
    'admin-session-revoke': async ({ input, staff }) => {
      await adminSessionRevoke({ db, actor: staff.actor, target: input });
      return { ok: true };
    },

    // Applicants and the case screen.
    'admin-applicant-list': async ({ input }) => ({
      ok: true,
      ...(await adminApplicantList({ db, input })),
    }),
    'admin-applicant-resend-link': async ({ input, staff }) => {
      await adminApplicantResendLink({
        db,
        actor: staff.actor,
        applicationId: input.basic_id,
        secret,
        publicUrl,
      });
      ctx.wakeMailer();
      return { ok: true };
    },
    'admin-applicant-invite': async ({ input, staff }) => {
      const { code } = await adminApplicantInvite({
        db,
        actor: staff.actor,
        applicationId: input.basic_id,
        publicUrl,
      });
      ctx.wakeMailer();
      return { ok: true, code };
    },
    'admin-applicant-override-tier': async ({ input, staff }) => {
      await adminApplicantOverrideTier({
        db,
        actor: staff.actor,
        applicationId: input.basic_id,
        tier: input.tier,
        reason: input.reason,
      });
      return { ok: true };
    },
    'admin-audit-list': async ({ input }) => ({
      ok: true,
      ...(await adminAuditList({ db, input })),
    }),
    'admin-applicant-case': async ({ input, staff }) => ({
      ok: true,
      ...(await adminApplicantCase({
        db,
        applicationId: input.basic_id,
        role: staff.member.role,
        levels,
      })),
    }),
    'admin-case-assign': async ({ input, staff }) => ({
      ok: true,
      assignee: await adminCaseAssign({
        db,
        staff,
        applicationId: input.basic_id,
        action: input.action,
        takeover: input.takeover ?? false,
      }),
    }),

    // Data protection (CONTRACT §6).
    'admin-applicant-decline': async ({ input, staff }) => {
      const { stage, requestId } = await adminApplicantDecline({
        db,
        actor: staff.actor,
        applicationId: input.basic_id,
        reason: input.reason,
      });
      return { ok: true, stage, status: 'pending_approval', request_id: requestId };
    },
    'admin-applicant-erase': async ({ input, staff }) => ({
      ok: true,
      request_id: await adminApplicantErase({
        db,
        actor: staff.actor,
        applicationId: input.basic_id,
        reason: input.reason,
      }),
    }),
    'admin-applicant-erase-approve': async ({ input, staff, request }) => {
      const erasedAt = await adminApplicantEraseApprove({
        db,
        actor: staff.actor,
        applicationId: input.basic_id,
      });
      await deleteErasedFiles(request);
      return { ok: true, erased_at: erasedAt.toISOString() };
    },
    'admin-data-protection': async () => ({
      ok: true,
      ...(await adminDataProtection({ db, levels })),
    }),

    // Identity, screening and offers.
    'admin-kyc-list': async ({ input, staff }) =>
      queuePage('identity_review', await adminKycList({ db, input, staffId: staff.member.id })),
    'admin-kyc-action': async ({ input, staff }) => {
      const { mailed, ...result } = await adminKycAction({
        db,
        input,
        staff,
        secret,
        publicUrl,
        screening: ctx.screening,
      });
      if (mailed) ctx.wakeMailer();
      return { ok: true, ...result };
    },
    'admin-sanctions-clear': async ({ input, staff }) => {
      await adminSanctionsClear({
        db,
        actor: staff.actor,
        applicationId: input.basic_id,
        reason: input.reason,
      });
      return { ok: true };
    },
    'admin-case-note-add': async ({ input, staff }) => ({
      ok: true,
      note: await adminCaseNoteAdd({
        db,
        actor: staff.actor,
        authorName: staff.member.name,
        applicationId: input.basic_id,
        text: input.text,
      }),
    }),
    // The MLRO, four eyes, bulk work, service levels and reports (CONTRACT §9).
    'admin-case-escalate': async ({ input, staff }) => ({
      ok: true,
      escalation: await adminCaseEscalate({
        db,
        actor: staff.actor,
        applicationId: input.basic_id,
        reason: input.reason,
        levelHours: levels.escalation,
      }),
    }),
    'admin-case-mlro-decide': async ({ input, staff }) => ({
      ok: true,
      escalation: await adminCaseMlroDecide({
        db,
        actor: staff.actor,
        applicationId: input.basic_id,
        decision: input.decision,
        reference: input.reference,
        reason: input.reason,
        levelHours: levels.escalation,
      }),
    }),
    'admin-escalation-list': async ({ input }) => ({
      ok: true,
      ...(await adminEscalationList({ db, input, levelHours: levels.escalation })),
    }),
    'admin-approval-list': async ({ input }) => ({
      ok: true,
      ...(await adminApprovalList({ db, input, levels })),
    }),
    'admin-approval-decide': async ({ input, staff, request }) => {
      const { kind, status } = await adminApprovalDecide({
        db,
        staff,
        id: input.id,
        decision: input.decision,
        reason: input.reason,
        publicUrl,
        secret,
      });
      if (status === 'approved' && kind === 'erasure') await deleteErasedFiles(request);
      if (status === 'approved') ctx.wakeMailer();
      return { ok: true, kind, status };
    },
    'admin-case-assign-bulk': async ({ input, staff }) => {
      const { assigned, notFound } = await adminCaseAssignBulk({
        db,
        actor: staff.actor,
        basicIds: input.basic_ids,
        fromStaffId: input.from_staff_id,
        staffId: input.staff_id,
      });
      return { ok: true, assigned, not_found: notFound };
    },
    'admin-staff-directory': async () => ({
      ok: true,
      members: await adminStaffDirectory({ db }),
    }),
    'admin-service-levels': async () => ({ ok: true, levels: await serviceLevels() }),
    'admin-report': async ({ input }) => ({
      ok: true,
      ...(await adminReport({ db, input, levels })),
    }),
    // Our own screening (CONTRACT §8).
    'admin-screening-lists': async () => ({
      ok: true,
      lists: await adminScreeningLists({ db }),
    }),
    'admin-screening-search': async ({ input }) => ({
      ok: true,
      matches: await adminScreeningSearch({ screening: ctx.screening, input }),
    }),
    'admin-screening-alert-list': async ({ input }) => ({
      ok: true,
      ...(await adminScreeningAlertList({ db, input, levels })),
    }),
    'admin-screening-alert-confirm': async ({ input, staff }) => ({
      ok: true,
      status: await adminScreeningAlertConfirm({
        db,
        actor: staff.actor,
        alertId: input.alert_id,
        reason: input.reason,
      }),
    }),
    'admin-screening-alert-clear': async ({ input, staff }) => ({
      ok: true,
      status: await adminScreeningAlertClear({
        db,
        actor: staff.actor,
        alertId: input.alert_id,
        reason: input.reason,
      }),
    }),
    'admin-screening-alert-clear-approve': async ({ input, staff }) => ({
      ok: true,
      status: await adminScreeningAlertClearApprove({
        db,
        actor: staff.actor,
        alertId: input.alert_id,
      }),
    }),
    'admin-identity-approve': async ({ input, staff }) => ({
      ok: true,
      stage: await adminIdentityApprove({
        db,
        screening: ctx.screening,
        actor: staff.actor,
        applicationId: input.basic_id,
        reason: input.reason,
      }),
    }),
    'admin-offer-list': async ({ input, staff }) =>
      queuePage('offer', await adminOfferList({ db, input, staffId: staff.member.id })),
    'admin-offer-issue': async ({ input, staff }) => {
      const status = await adminOfferIssue({
        db,
        actor: staff.actor,
        applicationId: input.basic_id,
        tier: input.tier,
        pricingNote: input.pricing_note,
        publicUrl,
        secret,
      });
      ctx.wakeMailer();
      return { ok: true, status };
    },
    'admin-offer-approve': async ({ input, staff }) => {
      await adminOfferApprove({
        db,
        actor: staff.actor,
        applicationId: input.basic_id,
        publicUrl,
        secret,
      });
      ctx.wakeMailer();
      return { ok: true };
    },

    // Inboxes.
    'admin-eoi-list': async ({ input }) => ({ ok: true, ...(await adminEoiList({ db, input })) }),
    'admin-eoi-update': async ({ input, staff }) => {
      await adminEoiUpdate({ db, input, staff });
      return { ok: true };
    },
    'admin-contact-list': async ({ input }) => ({
      ok: true,
      ...(await adminContactList({ db, input })),
    }),
    'admin-contact-update': async ({ input, staff }) => {
      await adminContactUpdate({ db, input, staff });
      return { ok: true };
    },
    'admin-bulk-update': async ({ input, staff }) => ({
      ok: true,
      ...(await adminBulkUpdate({ db, input, staff })),
    }),

    // Activations, invitations, assets, mail.
    'admin-activation-list': async ({ input, staff }) =>
      queuePage('activation', await adminActivationList({ db, input, staffId: staff.member.id })),
    'admin-activation': async ({ input, staff }) => {
      await adminActivation({
        db,
        actor: staff.actor,
        applicationId: input.basic_id,
        cardLast4: input.card_last4,
        tracking: input.card_shipment_tracking,
        mobileAccessEnabled: input.mobile_access_enabled,
        publicUrl,
      });
      ctx.wakeMailer();
      return { ok: true };
    },
    'admin-invite-generate': async ({ input, staff }) => {
      const { codes } = await adminInviteGenerate({
        db,
        actor: staff.actor,
        count: input.count,
        issuedTo: input.issued_to,
        publicUrl,
      });
      if (input.issued_to) ctx.wakeMailer();
      return { ok: true, success: true, codes };
    },
    'admin-invite-list': async () => ({ ok: true, codes: await adminInviteList({ db }) }),
    'admin-asset-list': async () => ({ ok: true, assets: await adminAssetList({ db }) }),
    'admin-asset-delete': async ({ input, staff }) => {
      await adminAssetDelete({ db, storage: ctx.storage, actor: staff.actor, id: input.id });
      return { ok: true };
    },
    'admin-email-test': async ({ input, staff }) => {
      const { to } = await adminEmailTest({
        db,
        actor: staff.actor,
        input,
        staffEmail: env.STAFF_EMAIL,
        publicUrl,
      });
      ctx.wakeMailer();
      return { ok: true, to };
    },
    'admin-email-failed-list': async ({ input }) => ({
      ok: true,
      ...(await adminEmailFailedList({ db, input })),
    }),
    'admin-email-retry': async ({ input, staff }) => {
      const { retried } = await adminEmailRetry({
        db,
        input,
        staff,
        wakeMailer: ctx.wakeMailer,
      });
      return { ok: true, retried };
    },

    // Site-wide switches and copy.
    'admin-maintenance-toggle': async ({ input, staff }) => {
      const { enabled } = await adminMaintenanceToggle({
        db,
        actor: staff.actor,
        enabled: input.enabled,
      });
      return { ok: true, success: true, enabled };
    },
    'admin-invite-toggle': async ({ input, staff }) => {
      const { enabled } = await adminInviteToggle({
        db,
        actor: staff.actor,
        enabled: input.enabled,
      });
      return { ok: true, success: true, enabled };
    },
    'admin-legal-update': async ({ input, staff }) => ({
      ok: true,
      document: await adminLegalUpdate({ db, actor: staff.actor, input }),
    }),
    'one-time-legal-update': async ({ staff }) => ({
      ok: true,
      updated: await oneTimeLegalUpdate({ db, actor: staff.actor }),
    }),

    // Managing members.
    'admin-staff-list': async () => ({ ok: true, data: await adminStaffList({ db }) }),
    'admin-staff-invite': async ({ input, staff }) => {
      const { id } = await adminStaffInvite({
        db,
        actor: staff.actor,
        inviterName: staff.member.name,
        ...input,
        publicUrl,
      });
      ctx.wakeMailer();
      return { ok: true, id };
    },
    'admin-staff-update': async ({ input, staff }) => {
      await adminStaffUpdate({ db, actor: staff.actor, ...input });
      return { ok: true };
    },
    'admin-staff-reset-mfa': async ({ input, staff }) => {
      await adminStaffResetMfa({ db, actor: staff.actor, id: input.id });
      return { ok: true };
    },
  };
}
