import { asObject, asString } from '../kyc/veriff-events.ts';
import { alertsOf } from '../screening/alerts.ts';
import { addressOf } from './apply-get-stage.ts';
import { and, desc, eq, notLike } from 'drizzle-orm';
import { CASE_NOT_FOUND, type ApplicantCaseResponse, type CaseFile } from '#shared/schemas/case.ts';
import type { ApplicationCase } from '#shared/schemas/data-protection.ts';
import { mayCall } from '#shared/calls.ts';
import type { StaffRole } from '#shared/staff.ts';
import type { CaseServiceLevel } from '#shared/schemas/case.ts';
import { dueAt, type ServiceLevelQueue, type ServiceLevels } from '#shared/service-levels.ts';
import type { Stage } from '#shared/stages.ts';
import { latestEscalation } from '../applicant/escalation.ts';
import type { Db } from '../db/client.ts';
import {
  activations,
  applicationDetails,
  applications,
  caseNotes,
  declineRequests,
  emailOutbox,
  identityChecks,
  kycFiles,
  offers,
  staffMembers,
} from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { applicationCase } from './admin-data-protection.ts';
import { adminAuditList } from './admin-audit-list.ts';

/** The timeline's length on the case screen: the same page the timeline sheet reads. */
const TIMELINE_ROWS = 100;
/** E-mails listed: far more than any applicant is sent. */
const EMAILS_SHOWN = 50;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The date of birth the identity provider read from the document: Veriff's decision gives it as
 * `verification.person.dateOfBirth` ('YYYY-MM-DD'). Null when there is none.
 */
export function documentDateOfBirth(payload: unknown): string | null {
  const verification = asObject(asObject(payload).verification);
  const value = asString(asObject(verification.person).dateOfBirth, 10);
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/**
 * `admin-applicant-case`: everything the case screen shows, in one answer. Not audited: the
 * identity files it lists are fetched on their own through `admin-kyc-file`, which records
 * every view; a row per opened case would add noise, not accountability. An erased applicant
 * (the tombstone) is 'Application not found': there is no case left to work.
 */
export async function adminApplicantCase(options: {
  db: Db;
  applicationId: string;
  role: StaffRole;
  levels: ServiceLevels;
}): Promise<Omit<ApplicantCaseResponse, 'ok'>> {
  const { db, applicationId, role, levels } = options;
  const [row] = await db
    .select({
      application: applications,
      details: applicationDetails,
      assigneeName: staffMembers.name,
    })
    .from(applications)
    .leftJoin(applicationDetails, eq(applicationDetails.applicationId, applications.id))
    .leftJoin(staffMembers, eq(staffMembers.id, applications.assignedTo))
    .where(eq(applications.id, applicationId));
  if (!row || row.application.erasedAt) throw new AppError('not_found', CASE_NOT_FOUND);
  const { application, details } = row;
  // Notes and the trail are compliance's (CONTRACT §5); operations read the case without them.
  const reviews = mayCall(role, 'admin-kyc-action');
  const readsAudit = mayCall(role, 'admin-audit-list');
  // The decline reason and an erasure request (its reason, who asked) are staff's internal
  // words on data protection (CONTRACT §6): owner and compliance only.
  const readsDataProtection = mayCall(role, 'admin-data-protection');

  const worksAlerts = mayCall(role, 'admin-screening-alert-list');
  // Who escalates or decides reads the escalation; everyone else only that the case is held.
  const readsEscalation =
    mayCall(role, 'admin-case-escalate') || mayCall(role, 'admin-case-mlro-decide');

  const [
    files,
    [check],
    [offer],
    [activation],
    emails,
    dataProtection,
    timeline,
    alerts,
    notes,
    escalation,
    [declineRequest],
  ] = await Promise.all([
    db
      .select()
      .from(kycFiles)
      .where(eq(kycFiles.applicationId, applicationId))
      .orderBy(desc(kycFiles.uploadedAt)),
    db
      .select()
      .from(identityChecks)
      .where(
        and(eq(identityChecks.applicationId, applicationId), eq(identityChecks.isCurrent, true)),
      ),
    db
      .select()
      .from(offers)
      .where(eq(offers.applicationId, applicationId))
      .orderBy(desc(offers.issuedAt))
      .limit(1),
    db.select().from(activations).where(eq(activations.applicationId, applicationId)),
    db
      .select({
        id: emailOutbox.id,
        subject: emailOutbox.subject,
        template: emailOutbox.template,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      // Mail to the applicant only: staff notifications about them carry their id too.
      .where(
        and(
          eq(emailOutbox.applicationId, applicationId),
          notLike(emailOutbox.template, '%staff_notification%'),
        ),
      )
      .orderBy(desc(emailOutbox.createdAt))
      .limit(EMAILS_SHOWN),
    applicationCase(db, applicationId),
    readsAudit
      ? adminAuditList({
          db,
          input: { basic_id: applicationId, page: 1, pageSize: TIMELINE_ROWS },
        })
      : null,
    worksAlerts ? alertsOf(db, applicationId) : null,
    db
      .select({
        id: caseNotes.id,
        text: caseNotes.text,
        author: staffMembers.name,
        createdAt: caseNotes.createdAt,
      })
      .from(caseNotes)
      .leftJoin(staffMembers, eq(staffMembers.id, caseNotes.authorId))
      .where(eq(caseNotes.applicationId, applicationId))
      .orderBy(desc(caseNotes.createdAt), desc(caseNotes.id)),
    latestEscalation(db, applicationId, levels.escalation),
    db
      .select({ request: declineRequests, requesterName: staffMembers.name })
      .from(declineRequests)
      .leftJoin(staffMembers, eq(staffMembers.id, declineRequests.requestedBy))
      .where(
        and(
          eq(declineRequests.applicationId, applicationId),
          eq(declineRequests.status, 'pending'),
        ),
      ),
  ]);
  const held = escalation?.status === 'open';

  // Read in the same breath as the row above; null only if it vanished in between.
  const caseState: ApplicationCase = dataProtection ?? {
    stage: application.stage,
    created_at: application.createdAt.toISOString(),
    declined_at: iso(application.declinedAt),
    decline_reason: application.declineReason,
    erased_at: null,
    erasure_reason: null,
    erasure_request: null,
  };

  // The newest upload of each kind is the one under review (a replaced file is gone anyway).
  const newest = (type: CaseFile['type']): CaseFile | null => {
    const file = files.find((f) => f.type === type);
    if (!file) return null;
    return {
      id: file.id,
      type: file.type,
      status: file.status,
      content_type: file.contentType,
      uploaded_at: file.uploadedAt.toISOString(),
      notes: reviews ? file.staffNotes : null,
      rejection_reason: file.rejectionReason,
      reviewed_at: iso(file.reviewedAt),
    };
  };

  return {
    applicant: {
      id: application.id,
      full_name: application.fullName,
      email: application.email,
      phone: application.phone,
      source: application.source,
      created_at: application.createdAt.toISOString(),
      stage: application.stage,
      stage_changed_at: application.stageChangedAt.toISOString(),
      tier_assigned: application.tierAssigned,
      tier_accepted: application.tierAccepted,
      tier_override:
        application.tierOverrideReason && application.tierOverriddenAt
          ? {
              reason: application.tierOverrideReason,
              at: application.tierOverriddenAt.toISOString(),
            }
          : null,
    },
    details: details
      ? {
          annual_income: details.annualIncome,
          employment_status: details.employmentStatus,
          pep_declared: details.pepExposed,
          preferred_tier: details.cardTierPref,
          date_of_birth: details.dateOfBirth,
          address: addressOf({
            line1: details.addressLine1,
            line2: details.addressLine2,
            town: details.addressTown,
            postcode: details.addressPostcode,
          }),
          document_date_of_birth: documentDateOfBirth(check?.rawPayload),
        }
      : null,
    notes: notes.map((note) => ({
      id: note.id,
      text: note.text,
      author: note.author,
      created_at: note.createdAt.toISOString(),
    })),
    own_screening: worksAlerts
      ? { screened_at: iso(application.screenedAt), alerts: alerts ?? [] }
      : null,
    files: { document: newest('document'), selfie: newest('selfie') },
    screening: check
      ? {
          provider: check.provider,
          status: check.status,
          decision: check.decision,
          pep: check.pep,
          sanctions: check.sanctions,
          sanctions_cleared_at: iso(check.sanctionsClearedAt),
          watchlist_match: check.watchlistMatch,
          watchlist_kinds: check.watchlistKinds ?? [],
          // The reason is staff's words: for those who may make the decision (owner, compliance).
          staff_approval: check.staffApprovedAt
            ? {
                at: check.staffApprovedAt.toISOString(),
                reason: mayCall(role, 'admin-identity-approve') ? check.staffApproveReason : null,
              }
            : null,
          country: check.country,
          last_event: check.lastEvent,
          last_event_at: iso(check.lastEventAt),
        }
      : null,
    offer: offer
      ? {
          id: offer.id,
          tier: offer.tier,
          downgraded_from: offer.downgradedFrom,
          approval_status: offer.approvalStatus,
          issued_at: offer.issuedAt.toISOString(),
          accepted_at: iso(offer.acceptedAt),
          signed_name: offer.esignName,
        }
      : null,
    activation: activation
      ? {
          activated_at: activation.activatedAt.toISOString(),
          card_last4: activation.cardLast4,
          mobile_access_enabled: activation.mobileAccessEnabled,
          card_shipment_tracking: activation.cardShipmentTracking,
        }
      : null,
    emails: emails.map((mail) => ({
      id: mail.id,
      subject: mail.subject,
      template: mail.template,
      status: mail.status,
      created_at: mail.createdAt.toISOString(),
      sent_at: iso(mail.sentAt),
    })),
    assignee:
      application.assignedTo && application.assignedAt
        ? {
            id: application.assignedTo,
            name: row.assigneeName ?? '',
            assigned_at: application.assignedAt.toISOString(),
          }
        : null,
    case: readsDataProtection
      ? caseState
      : { ...caseState, decline_reason: null, erasure_request: null },
    timeline: timeline?.data ?? null,
    escalation: readsEscalation ? (escalation ?? null) : null,
    held,
    decline_request:
      readsDataProtection && declineRequest
        ? {
            id: declineRequest.request.id,
            reason: declineRequest.request.reason,
            requested_by: {
              id: declineRequest.request.requestedBy,
              name: declineRequest.requesterName ?? 'A former member',
            },
            requested_at: declineRequest.request.requestedAt.toISOString(),
            due_at: dueAt(declineRequest.request.requestedAt, levels.approval),
          }
        : null,
    service_level: caseServiceLevel({
      levels,
      stage: application.stage,
      stageChangedAt: application.stageChangedAt,
      escalatedAt: held && escalation ? escalation.escalated_at : null,
      declineRequestedAt: declineRequest?.request.requestedAt ?? null,
      pendingFileUploadedAt: oldestPendingFile(files, application)?.uploadedAt ?? null,
    }),
  };
}

/** The queue a case waits in now: with the MLRO, for a second pair of eyes, or its stage's. */
function caseServiceLevel(options: {
  levels: ServiceLevels;
  stage: Stage;
  stageChangedAt: Date;
  escalatedAt: string | null;
  declineRequestedAt: Date | null;
  pendingFileUploadedAt: Date | null;
}): CaseServiceLevel | null {
  const at = (queue: ServiceLevelQueue, since: Date | string): CaseServiceLevel => ({
    queue,
    since: new Date(since).toISOString(),
    due_at: dueAt(since, options.levels[queue]),
    target_hours: options.levels[queue],
  });
  if (options.escalatedAt) return at('escalation', options.escalatedAt);
  if (options.declineRequestedAt) return at('approval', options.declineRequestedAt);
  if (options.stage === 'kyc') return at('offer', options.stageChangedAt);
  if (options.stage === 'accepted') return at('activation', options.stageChangedAt);
  if (options.pendingFileUploadedAt) return at('identity_review', options.pendingFileUploadedAt);
  return null;
}

/** The KYC queue's rule (admin-kyc-list): a pending file, unless sent back before it. */
function oldestPendingFile(
  files: { status: string; uploadedAt: Date }[],
  application: { stage: Stage; stageChangedAt: Date },
) {
  if (application.stage === 'declined') return undefined;
  const waiting = files.filter(
    (f) =>
      f.status === 'pending' &&
      !(application.stage === 'detailed' && f.uploadedAt < application.stageChangedAt),
  );
  return waiting.at(-1);
}
