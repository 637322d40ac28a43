/**
 * A compliance team's working day (CONTRACT §9): escalation to the MLRO, one approvals queue for
 * every four-eyes decision, bulk assignment, service levels and the management report.
 */
import { pageField, pageSizeField, staffReasonField, text } from './fields.ts';
import type { ListTotal } from './admin-lists.ts';
import { z } from './zod.ts';
import type { ServiceLevelQueue } from '../service-levels.ts';
import type { Stage } from '../stages.ts';
import type { StaffRole, StaffStatus } from '../staff.ts';

const basicId = z.uuid('Invalid application id');

// Escalation to the nominated officer.

/** `admin-case-escalate` (compliance): the reason is staff's words, never in the audit. */
export const ZCaseEscalateRequest = z.object({
  basic_id: basicId,
  reason: staffReasonField('Please give a reason for the escalation', { max: 2000 }),
});
export type TCaseEscalateRequest = z.input<typeof ZCaseEscalateRequest>;

export const MLRO_DECISIONS = ['no_report', 'reported'] as const;
export type MlroDecision = (typeof MLRO_DECISIONS)[number];
export const MLRO_DECISION_LABELS: Record<MlroDecision, string> = {
  no_report: 'No report',
  reported: 'Reported',
};

export const REFERENCE_REQUIRED_MESSAGE = 'Please give the reference of the report';

/** `admin-case-mlro-decide` (mlro): 'reported' needs the report's reference. */
export const ZCaseMlroDecideRequest = z
  .object({
    basic_id: basicId,
    decision: z.enum(MLRO_DECISIONS, "Please choose 'no_report' or 'reported'"),
    reference: text('Reference must be text')
      .trim()
      .max(100, 'Reference must be less than 100 characters')
      .optional()
      .transform((v) => (v ? v : undefined)),
    reason: staffReasonField('Please give a reason for the decision', { max: 2000 }),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'reported' && !value.reference) {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: REFERENCE_REQUIRED_MESSAGE });
    }
  });
export type TCaseMlroDecideRequest = z.input<typeof ZCaseMlroDecideRequest>;

export const ESCALATION_STATUSES = ['open', 'closed'] as const;
export type EscalationStatus = (typeof ESCALATION_STATUSES)[number];

export const ALREADY_ESCALATED_MESSAGE = 'This case is already with the MLRO.';
export const NOT_ESCALATED_MESSAGE = 'This case is not waiting for an MLRO decision.';
/** The 409 of an offer or activation while the case is with the MLRO (staff only). */
export const HELD_FOR_MLRO_MESSAGE =
  'This case is held for the MLRO: no offer or activation until they decide.';

export type StaffRef = { id: string; name: string };

export type Escalation = {
  id: string;
  status: EscalationStatus;
  reason: string;
  escalated_by: StaffRef | null;
  escalated_at: string;
  due_at: string;
  decision: MlroDecision | null;
  reference: string | null;
  decision_reason: string | null;
  decided_by: StaffRef | null;
  decided_at: string | null;
};

/** `admin-escalation-list` (mlro, owner): the MLRO's queue, oldest first. */
export const ZEscalationListRequest = z.object({
  page: pageField,
  page_size: pageSizeField(25),
  status: z.enum(ESCALATION_STATUSES, "Please choose 'open' or 'closed'").default('open'),
});
export type TEscalationListRequest = z.input<typeof ZEscalationListRequest>;
export type EscalationRow = Escalation & {
  basic_id: string;
  full_name: string | null;
  stage: Stage;
};
export type EscalationListResponse = { ok: true; data: EscalationRow[] } & ListTotal;
export type EscalationResponse = { ok: true; escalation: Escalation };

// Four eyes: one approvals queue.

export const APPROVAL_KINDS = ['pep_offer', 'decline', 'screening_clear', 'erasure'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  pep_offer: 'Offer to a PEP',
  decline: 'Decline',
  screening_clear: 'Screening clearance',
  erasure: 'Erasure',
};

export const ZApprovalListRequest = z.object({
  page: pageField,
  page_size: pageSizeField(25),
  kind: z.preprocess(
    (v) => (v === '' || v === 'all' || v === null ? undefined : v),
    z.enum(APPROVAL_KINDS, 'Please choose a kind of approval').optional(),
  ),
});
export type TApprovalListRequest = z.input<typeof ZApprovalListRequest>;

export type ApprovalRow = {
  /** The request's own id (an offer's, an alert's, an erasure or decline request's). */
  id: string;
  kind: ApprovalKind;
  basic_id: string;
  /** The requesting member's id. */
  requested_by: string;
  requested_by_name: string;
  requested_at: string;
  due_at: string;
  full_name: string | null;
  /** The requester's reason where the kind has one (staff's words, shown to staff only). */
  reason: string | null;
  /** What is asked, in a line: the tier offered, the list entry, ... */
  detail: string | null;
};
export type ApprovalListResponse = { ok: true; data: ApprovalRow[] } & ListTotal;

export const APPROVAL_DECISIONS = ['approve', 'reject'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

export const ZApprovalDecideRequest = z.object({
  id: z.uuid('Invalid approval id'),
  decision: z.enum(APPROVAL_DECISIONS, "Please choose 'approve' or 'reject'"),
  reason: text('Reason must be text')
    .trim()
    .max(500, 'Reason must be less than 500 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type TApprovalDecideRequest = z.input<typeof ZApprovalDecideRequest>;
export type ApprovalDecideResponse = {
  ok: true;
  kind: ApprovalKind;
  status: 'approved' | 'rejected';
};

export const APPROVAL_NOT_FOUND = 'This request is no longer waiting for approval.';
export const APPROVAL_SELF_MESSAGE =
  'A request must be approved by a different member from the one who made it.';

/** `admin-applicant-decline` now asks for a second member's approval. */
export const DECLINE_ALREADY_REQUESTED_MESSAGE =
  'A decline has already been requested for this applicant.';

// Bulk assignment.

export const BULK_ASSIGN_MAX = 100;
/**
 * `admin-case-assign-bulk` (owner, compliance): `basic_ids` (up to 100) to `staff_id`, or
 * `null` to unassign them. Instead of ids, `from_staff_id` moves every open case of that member
 * (a disabled member's work, in one step).
 */
export const ZCaseAssignBulkRequest = z
  .object({
    basic_ids: z
      .array(basicId, 'Please choose the cases to assign')
      .max(BULK_ASSIGN_MAX, `Please choose at most ${BULK_ASSIGN_MAX} cases at a time`)
      .transform((ids) => [...new Set(ids)])
      .optional(),
    from_staff_id: z.uuid('Invalid staff member').optional(),
    staff_id: z.uuid('Invalid staff member').nullable(),
  })
  .superRefine((value, ctx) => {
    if (!value.from_staff_id && !value.basic_ids?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['basic_ids'],
        message: 'Please choose the cases to assign',
      });
    }
  });
export type TCaseAssignBulkRequest = z.input<typeof ZCaseAssignBulkRequest>;
export type CaseAssignBulkResponse = { ok: true; assigned: number; not_found: string[] };
export const ASSIGNEE_NOT_ACTIVE =
  'Cases can only be assigned to an active member who works cases.';

/** `admin-staff-directory` (owner, compliance): who cases can go to, and who holds how many. */
export type DirectoryMember = {
  id: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  /** Cases assigned to them that are not yet activated or declined. */
  open_cases: number;
};
export type StaffDirectoryResponse = { ok: true; members: DirectoryMember[] };

// Service levels.

export type ServiceLevelRow = {
  queue: ServiceLevelQueue;
  target_hours: number;
  open: number;
  breached: number;
  oldest_since: string | null;
};
export type ServiceLevelsResponse = { ok: true; levels: ServiceLevelRow[] };

// The management report.

/** A real calendar day as YYYY-MM-DD ('2026-02-30' is not one, though Date.parse reads it). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}
const isoDate = (message: string) => text(message).refine(isCalendarDate, message);
export const REPORT_MAX_DAYS = 731;
export const ZReportRequest = z
  .object({
    from: isoDate('From must be a date (YYYY-MM-DD)'),
    to: isoDate('To must be a date (YYYY-MM-DD)'),
  })
  .superRefine((value, ctx) => {
    // The range is checked only between two real days: a bad date has its own message.
    if (!isCalendarDate(value.from) || !isCalendarDate(value.to)) return;
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
    if (days < 0)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must be on or after From' });
    else if (days > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'A report covers at most two years' });
  });
export type TReportRequest = z.input<typeof ZReportRequest>;

export const REPORT_AGE_BUCKETS = ['under_24h', 'd1_3', 'd3_7', 'over_7d'] as const;
export type ReportAgeBucket = (typeof REPORT_AGE_BUCKETS)[number];

export type ReportResponse = {
  ok: true;
  from: string;
  to: string;
  /** Applications started each week (Monday, YYYY-MM-DD), by the stage they are at now. */
  weeks: { week: string; by_stage: Partial<Record<Stage, number>> }[];
  started: number;
  activated: number;
  declined: number;
  /** Of the decisions in the range (activated + declined); null when there were none. */
  pass_rate: number | null;
  decline_rate: number | null;
  /** From an application's start to its activation or decline, decided in the range. */
  decision_hours: { p50: number | null; p90: number | null };
  /** Open items now, by how long they have waited. */
  backlog_by_age: ({ queue: ServiceLevelQueue } & Record<ReportAgeBucket, number>)[];
  /** Open items past their service level now. */
  breaches: Partial<Record<ServiceLevelQueue, number>>;
  /** Alerts opened in the range, by where they stand now. */
  screening_alerts: { open: number; confirmed: number; cleared: number };
};
