/**
 * The case screen (`/admin/applicants/:id`): one answer with everything staff need to decide
 * on an applicant, and taking a case so the team does not work it twice.
 */
import type { Address } from './journey.ts';
import type { Escalation, StaffRef } from './casework.ts';
import type { ServiceLevelQueue } from '../service-levels.ts';
import type { ScreeningAlert } from './screening.ts';
import { z } from './zod.ts';
import { staffReasonField, text } from './fields.ts';
import type { AuditRow } from './admin-lists.ts';
import type { ApplicationCase } from './data-protection.ts';
import type { EmploymentStatus } from './journey.ts';
import type {
  IdentityDecision,
  IdentityStatus,
  KycFileStatus,
  KycFileType,
  KycProviderName,
  MailStatus,
  Stage,
} from '../stages.ts';
import type { Tier } from '../tiers.ts';

export const CASE_NOT_FOUND = 'Application not found';

/** `admin-applicant-case`. */
export const ZApplicantCaseRequest = z.object({ basic_id: z.uuid('Invalid application id') });
export type TApplicantCaseRequest = z.input<typeof ZApplicantCaseRequest>;

export const CASE_ASSIGN_ACTIONS = ['take', 'release'] as const;
export type CaseAssignAction = (typeof CASE_ASSIGN_ACTIONS)[number];

/** `admin-case-assign`: taking a case someone else has needs `takeover: true`. */
export const ZCaseAssignRequest = z.object({
  basic_id: z.uuid('Invalid application id'),
  action: z.enum(CASE_ASSIGN_ACTIONS, 'Please choose take or release'),
  takeover: z.boolean('Takeover must be true or false').optional(),
});
export type TCaseAssignRequest = z.input<typeof ZCaseAssignRequest>;

/** Who has a case: shown in the header and, to anyone else, as 'Assigned to <name>'. */
export type CaseAssignee = { id: string; name: string; assigned_at: string };
export type CaseAssignResponse = { ok: true; assignee: CaseAssignee | null };

/** The message a second member gets when they try to take someone else's case. */
export function assignedToMessage(name: string): string {
  return `This case is assigned to ${name}.`;
}
export const RELEASE_NOT_HOLDER = 'Only the member who has this case, or an owner, can release it.';

export type CaseFile = {
  id: string;
  type: KycFileType;
  status: KycFileStatus;
  content_type: string;
  uploaded_at: string;
  /** Staff's internal notes; null for a role that does not review files. */
  notes: string | null;
  rejection_reason: string | null;
  reviewed_at: string | null;
};

/** `admin-identity-approve`: staff approve an identity Veriff declined; the reason stays internal. */
export const ZIdentityApproveRequest = z.object({
  basic_id: z.uuid('Invalid application id'),
  reason: staffReasonField('Please give a reason for the approval'),
});
export type TIdentityApproveRequest = z.input<typeof ZIdentityApproveRequest>;
export type IdentityApproveResponse = { ok: true; stage: Stage };

/** The 409 when there is no Veriff decline waiting for staff. */
export const IDENTITY_APPROVE_WRONG_STATE =
  'There is no declined identity check waiting for a decision on this application.';

/** The watchlist screening's result on an identity check. */
export const WATCHLIST_MATCHES = ['no_match', 'possible_match'] as const;
export type WatchlistMatch = (typeof WATCHLIST_MATCHES)[number];

/** Veriff's listing kinds (its keys), in staff's words. */
export const WATCHLIST_KIND_LABELS: Record<string, string> = {
  pep: 'PEP',
  sanctions: 'sanctions',
  adverseMedia: 'adverse media',
  warnings: 'warnings',
  fitnessProbity: 'fitness and probity',
};

/** 'Possible match — needs review (adverse media)': never a clear result. */
export function watchlistLabel(match: WatchlistMatch | null, kinds: readonly string[]): string {
  if (match === 'no_match') return 'No match';
  if (match === null) return 'Not screened';
  const words = kinds.map((kind) => WATCHLIST_KIND_LABELS[kind] ?? kind).join(', ');
  return `Possible match — needs review${words ? ` (${words})` : ''}`;
}

export type CaseScreening = {
  provider: KycProviderName;
  status: IdentityStatus;
  decision: IdentityDecision | null;
  pep: boolean | null;
  sanctions: boolean | null;
  sanctions_cleared_at: string | null;
  watchlist_match: WatchlistMatch | null;
  /** Veriff's keys (pep, adverseMedia, …) the possible match lists. */
  watchlist_kinds: string[];
  /**
   * Staff approved the identity after a Veriff decline: when, and the reason (null for a role
   * that may not approve). Null when no one did.
   */
  staff_approval: { at: string; reason: string | null } | null;
  country: string | null;
  last_event: string | null;
  last_event_at: string | null;
};

/** `admin-case-note-add` (CONTRACT §9): a note on the case, by any member who works cases. */
export const NOTE_MAX = 2000;
export const ZCaseNoteAddRequest = z.object({
  basic_id: z.uuid('Invalid application id'),
  text: text('Please write a note')
    .trim()
    .min(1, 'Please write a note')
    .max(NOTE_MAX, `Notes must be less than ${NOTE_MAX} characters`),
});
export type TCaseNoteAddRequest = z.input<typeof ZCaseNoteAddRequest>;
/** A note as the case screen shows it; `author` is null once that member's record is gone. */
export type CaseNote = { id: string; text: string; author: string | null; created_at: string };
export type CaseNoteAddResponse = { ok: true; note: CaseNote };

export type CaseOffer = {
  id: string;
  tier: Tier;
  downgraded_from: Tier | null;
  approval_status: 'not_required' | 'pending_approval' | 'approved';
  issued_at: string;
  accepted_at: string | null;
  /** The name the applicant typed to sign (the signature evidence). */
  signed_name: string | null;
};

export type CaseActivation = {
  activated_at: string;
  card_last4: string | null;
  mobile_access_enabled: boolean;
  card_shipment_tracking: string | null;
};

/** An e-mail sent (or queued) to the applicant: never its body. */
export type CaseEmail = {
  id: string;
  subject: string;
  template: string;
  status: MailStatus;
  created_at: string;
  sent_at: string | null;
};

export type ApplicantCaseResponse = {
  ok: true;
  applicant: {
    id: string;
    full_name: string | null;
    email: string | null;
    phone: string | null;
    source: 'application' | 'invite';
    created_at: string;
    stage: Stage;
    stage_changed_at: string;
    tier_assigned: Tier | null;
    tier_accepted: Tier | null;
    /** The latest tier override's reason (staff's words) and time; null if never overridden. */
    tier_override: { reason: string; at: string } | null;
  };
  /** Null until the applicant has sent the details step. */
  details: {
    annual_income: number;
    employment_status: EmploymentStatus;
    pep_declared: boolean;
    preferred_tier: Tier;
    /** 'YYYY-MM-DD'; null on details given before it was asked. */
    date_of_birth: string | null;
    address: Address | null;
    /**
     * The date of birth the identity provider read from the document ('YYYY-MM-DD'), when it
     * gave one; the case flags it when it differs from `date_of_birth`.
     */
    document_date_of_birth: string | null;
  } | null;
  files: { document: CaseFile | null; selfie: CaseFile | null };
  /**
   * Our own screening (CONTRACT §8): when the applicant was last screened against the lists
   * (null: never), and every alert on them, newest first. Null for a role that may not work
   * screening alerts (operations).
   */
  own_screening: { screened_at: string | null; alerts: ScreeningAlert[] } | null;
  /** Staff's notes, newest first (append-only). */
  notes: CaseNote[];
  /** The current identity check, or null before one was started. */
  screening: CaseScreening | null;
  offer: CaseOffer | null;
  activation: CaseActivation | null;
  emails: CaseEmail[];
  assignee: CaseAssignee | null;
  /**
   * Decline and erasure request (the timeline sheet's case block). For a role that may not read
   * data protection (operations) the decline reason and the erasure request are null.
   */
  case: ApplicationCase;
  /** Newest first; null for a role that may not read the audit trail. */
  timeline: AuditRow[] | null;
  /**
   * The case's latest escalation to the MLRO (CONTRACT §9); null when never escalated, and for
   * a role that neither escalates nor decides (operations: they read only `held`).
   */
  escalation: Escalation | null;
  /** With the MLRO now: no offer, no activation until they decide. */
  held: boolean;
  /** A decline waiting for a second member's approval; null for roles without data protection. */
  decline_request: PendingDecline | null;
  /** The queue the case waits in now, since when and when it is due; null when in none. */
  service_level: CaseServiceLevel | null;
};

export type PendingDecline = {
  id: string;
  reason: string;
  requested_by: StaffRef;
  requested_at: string;
  due_at: string;
};

export type CaseServiceLevel = {
  queue: ServiceLevelQueue;
  since: string;
  due_at: string;
  target_hours: number;
};
