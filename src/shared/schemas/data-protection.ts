/**
 * Data protection calls (CONTRACT §6): decline, subject access export, erasure on request with
 * a second member's approval, and the owners' and compliance's 'Data protection' view.
 */
import { z } from './zod.ts';
import { staffReasonField } from './fields.ts';
import type { ErasureReason, RetentionKey } from '../retention.ts';
import type { Stage } from '../stages.ts';

const reason = (what: string) => staffReasonField(`Please give a reason for the ${what}`);

/** `admin-applicant-decline`: the reason stays internal (never shown or sent to the applicant). */
export const ZApplicantDeclineRequest = z.object({
  basic_id: z.uuid('Invalid application id'),
  reason: reason('decline'),
});
export type TApplicantDeclineRequest = z.input<typeof ZApplicantDeclineRequest>;
/**
 * A decline takes effect only when a second member approves it (CONTRACT §9): until then the
 * stage is unchanged and the request waits in the approvals queue.
 */
export type ApplicantDeclineResponse = {
  ok: true;
  stage: Stage;
  status: 'pending_approval';
  request_id: string;
};

/** `admin-applicant-export`: the answer is the ZIP itself. */
export const ZApplicantExportRequest = z.object({ basic_id: z.uuid('Invalid application id') });

/** `admin-applicant-erase`: one member asks, another approves. */
export const ZApplicantEraseRequest = z.object({
  basic_id: z.uuid('Invalid application id'),
  reason: reason('erasure'),
});
export type TApplicantEraseRequest = z.input<typeof ZApplicantEraseRequest>;
export type ApplicantEraseResponse = { ok: true; request_id: string };

/** `admin-applicant-erase-approve`: by an owner or compliance member other than the requester. */
export const ZApplicantEraseApproveRequest = z.object({
  basic_id: z.uuid('Invalid application id'),
});
export type ApplicantEraseApproveResponse = { ok: true; erased_at: string };

export const ERASE_SELF_APPROVAL_MESSAGE =
  'An erasure must be approved by a different member from the one who requested it.';
export const ERASE_ALREADY_REQUESTED_MESSAGE =
  'An erasure has already been requested for this applicant.';
export const ERASE_NOT_REQUESTED_MESSAGE =
  'There is no pending erasure request for this applicant.';
export const ALREADY_ERASED_MESSAGE = "This applicant's personal data has already been erased.";
export const DECLINED_APPLICATION_MESSAGE = 'This application has been declined.';
export const DECLINE_WRONG_STAGE_MESSAGE = 'This application can no longer be declined.';

/** A pending erasure request as the panel lists it. */
export type ErasureRequestRow = {
  id: string;
  basic_id: string;
  /** The applicant's name while it is still held; null once erased. */
  full_name: string | null;
  stage: Stage;
  reason: string;
  requested_at: string;
  requested_by: { id: string; email: string; name: string };
};

/** One run of the retention job with what it did. */
export type JobRunRow = {
  id: string;
  job: string;
  started_at: string;
  finished_at: string | null;
  status: 'running' | 'ok' | 'failed';
  /** Records erased or cleared per rule, e.g. { declined: 2, sessions: 14 }. */
  counts: Record<string, number>;
  error: string | null;
};

/** `admin-data-protection`: the retention table, the last runs and the pending requests. */
export type DataProtectionResponse = {
  ok: true;
  retention: { key: RetentionKey; what: string; period: string; from: string }[];
  runs: JobRunRow[];
  /** `due_at`: the erasure request's service level (a data subject is answered within a month). */
  requests: (ErasureRequestRow & { due_at: string })[];
};

/**
 * The applicant's data-protection state, returned by `admin-audit-list` with `basic_id` as
 * `case`: the timeline sheet shows the decline reason, a pending erasure request, or the
 * tombstone once erased (then every personal field is gone and only these dates remain).
 */
export type ApplicationCase = {
  stage: Stage;
  created_at: string;
  declined_at: string | null;
  /** Staff's internal reason; null once erased. */
  decline_reason: string | null;
  erased_at: string | null;
  erasure_reason: ErasureReason | null;
  erasure_request: ErasureRequestRow | null;
};
