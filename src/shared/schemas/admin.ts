import { z } from './zod.ts';
import type { PendingOffer, SanctionsState } from './staff.ts';
import type { ListTotal } from './admin-lists.ts';
import { pageField, pageSizeField, staffReasonField, text, wholeNumber } from './fields.ts';
import { OVERRIDE_TIERS, TIERS, type Tier } from '../tiers.ts';
import { KYC_FILE_STATUSES, type KycFileStatus, type KycFileType, type Stage } from '../stages.ts';

/** `admin-invite-generate` (SPEC §5, §9: 1–100, default 10). */
export const ZInviteGenerateRequest = z.object({
  count: wholeNumber('Count must be between 1 and 100')
    .min(1, 'Count must be between 1 and 100')
    .max(100, 'Count must be between 1 and 100'),
  issued_to: text('Please enter a valid email address')
    .trim()
    .max(255, 'Email must be less than 255 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});

/** `admin-offer-issue`: a real tier, never 'manual' (SPEC §5 'Issue offer'). */
export const ZOfferIssueRequest = z.object({
  basic_id: z.uuid(),
  tier: z.enum(TIERS, 'Please select a valid tier'),
  pricing_note: text('Pricing note must be less than 500 characters')
    .trim()
    .max(500, 'Pricing note must be less than 500 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const CARD_LAST4_MESSAGE = 'Card last 4 digits must be exactly 4 characters';

/** `admin-activation` (SPEC §5 'Activation'). */
export const ZActivationRequest = z.object({
  basic_id: z.uuid(),
  card_shipment_tracking: text('Tracking number must be less than 100 characters')
    .trim()
    .max(100, 'Tracking number must be less than 100 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  card_last4: text(CARD_LAST4_MESSAGE)
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{4}$/.test(v), CARD_LAST4_MESSAGE),
  mobile_access_enabled: z.boolean().default(true),
});

/** Strips non-digits while typing, as the activation form does. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * `admin-invite-generate` as the server checks it: the codes are e-mailed to `issued_to`, and
 * redeeming one continues that address's application, so it must be an e-mail address.
 */
export const ZInviteGenerateIssuedRequest = ZInviteGenerateRequest.extend({
  issued_to: text('Please enter a valid email address')
    .trim()
    .max(255, 'Email must be less than 255 characters')
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email('Please enter a valid email address').nullable()),
});

/** `admin-invite-generate` answer: the new codes, upper case as `XXXX-XXXX-XXXX`. */
export type InviteGenerateResponse = { ok: true; success: true; codes: string[] };

/** One row of `admin-invite-list` (SPEC §3 'Invite code (admin view)'). */
export type InviteCodeRow = {
  id: string;
  code: string;
  used: boolean;
  issued_to: string | null;
  /** The redeeming application's e-mail, else its name. */
  used_by: string | null;
  issued_at: string;
  used_at: string | null;
};
export type InviteListResponse = { ok: true; codes: InviteCodeRow[] };

/** `admin-invite-toggle`: invite mode on or off. */
export const ZInviteToggleRequest = z.object({
  enabled: z.boolean('Enabled must be true or false'),
});
export type InviteToggleResponse = { ok: true; success: true; enabled: boolean };

/** Staff calls about one application: `admin-applicant-invite`, `admin-applicant-resend-link`. */
export const ZBasicIdRequest = z.object({ basic_id: z.uuid('Invalid application id') });

/** `admin-applicant-invite` answer: the code issued to the applicant. */
export type ApplicantInviteResponse = { ok: true; code: string };

/**
 * The staff queues (KYC, Offers, Activations): one page, oldest first, with the total under
 * the same filters (exact; a search's counted up to a cap). 'all', '' and a missing filter alike mean none.
 */
export const QUEUE_PAGE_SIZE = 20;
export const QUEUE_ASSIGNED = ['me', 'unassigned'] as const;
export type QueueAssigned = (typeof QUEUE_ASSIGNED)[number];

const noQueueFilter = (value: unknown) =>
  value === 'all' || value === '' || value === null ? undefined : value;

export const ZQueueRequest = z.object({
  page: pageField,
  page_size: pageSizeField(QUEUE_PAGE_SIZE),
  /** Name or e-mail, regardless of case and accents. */
  query: z.preprocess(
    noQueueFilter,
    text('Search must be text')
      .trim()
      .max(255, 'Search must be less than 255 characters')
      .optional()
      .transform((v) => (v ? v : undefined)),
  ),
  assigned: z.preprocess(
    noQueueFilter,
    z.enum(QUEUE_ASSIGNED, 'Please choose assigned to me or unassigned').optional(),
  ),
});
export type TQueueRequest = z.input<typeof ZQueueRequest>;

/** Who has taken the case, if anyone. */
export type QueueAssignee = { id: string; name: string } | null;

/** What every queue row carries besides its own fields. */
export type QueueRowBase = {
  /** When the case started waiting: the file's upload, or the application's move to its stage. */
  waiting_since: string;
  assignee: QueueAssignee;
};

/**
 * Every queue answer: a page, its total, and the service level its ages are measured against
 * (src/shared/service-levels.ts, as configured); each row carries its due time.
 */
export type QueuePage<Row> = {
  ok: true;
  data: (Row & { due_at: string })[];
  sla_hours: number;
} & ListTotal;

/** `admin-offer-list`: applicants at `kyc` with their details and the suggested tier. */
export type OfferListRow = {
  basic_id: string;
  full_name: string | null;
  email: string | null;
  created_at: string;
  /** Whole pounds a year; null if the details were never given. */
  annual_income: number | null;
  employment_status: string | null;
  /** Declared on the details screen or found by the identity provider's screening. */
  pep_exposed: boolean;
  card_tier_pref: Tier | null;
  tier_assigned: Tier | null;
  /** SPEC §4: PEP → 'manual'; no details → 'manual' too. */
  suggested_tier: Tier | 'manual';
  /** Four eyes: the offer issued to a PEP, waiting for an owner other than its issuer. */
  pending_offer: PendingOffer | null;
  /** A sanctions match blocks any offer until compliance clears it. */
  sanctions: SanctionsState;
} & QueueRowBase;
export type OfferListResponse = QueuePage<OfferListRow>;

/** `admin-activation-list`: applicants at `accepted`. */
export type ActivationListRow = {
  basic_id: string;
  full_name: string | null;
  email: string | null;
  created_at: string;
  tier_assigned: Tier | null;
  tier_accepted: Tier | null;
  accepted_at: string | null;
} & QueueRowBase;
export type ActivationListResponse = QueuePage<ActivationListRow>;

export const OVERRIDE_REASON_MESSAGE = 'Please give a reason for the override';

/**
 * `admin-applicant-override-tier` (SPEC §2: Standard, Noir, Monarch, Titan only), with a
 * mandatory reason (3–500 characters after trimming). The reason is staff's text about an
 * applicant, so the audit row records only that one was given (decision 031).
 */
export const ZOverrideTierRequest = z.object({
  basic_id: z.uuid('Invalid application id'),
  tier: z.enum(OVERRIDE_TIERS, 'Please select a valid tier'),
  reason: staffReasonField(OVERRIDE_REASON_MESSAGE, { min: 3 }),
});

/** `admin-offer-issue`, `admin-activation`, resend link and override tier all answer `{ok}`. */
export type StaffOkResponse = { ok: true };

/**
 * `admin-kyc-list`: files oldest upload first, one page; `status` narrows it (the pending
 * queue). A pending file of an applicant sent back to resubmit, or declined, is not listed.
 */
export const ZKycListRequest = ZQueueRequest.extend({
  status: z.preprocess(
    noQueueFilter,
    z.enum(KYC_FILE_STATUSES, 'Please choose a valid status').optional(),
  ),
});
export type TKycListRequest = z.input<typeof ZKycListRequest>;

export type KycListFile = {
  id: string;
  type: KycFileType;
  status: KycFileStatus;
  content_type: string;
  uploaded_at: string;
  basic_id: string;
  /** Staff-only file read (`GET /api/admin-kyc-file/:id`, staff token required). */
  url: string;
  /** Internal: never shown to the applicant. */
  notes: string | null;
  /** What the applicant is told when the file was rejected. */
  rejection_reason: string | null;
  application: {
    full_name: string | null;
    email: string | null;
    created_at: string;
    /** The current identity check's sanctions match, and whether compliance cleared it. */
    sanctions_match: boolean;
    sanctions_cleared: boolean;
  };
} & QueueRowBase;
export type KycListResponse = QueuePage<KycListFile>;

/** `admin-kyc-action`: notes are internal; `reason` is what a rejected applicant reads. */
export const ZKycActionRequest = z.object({
  file_id: z.uuid('Please choose a file'),
  action: z.enum(['approve', 'reject'], 'Please choose approve or reject'),
  notes: text('Notes must be less than 2000 characters')
    .trim()
    .max(2000, 'Notes must be less than 2000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  reason: text('The reason must be less than 500 characters')
    .trim()
    .max(500, 'The reason must be less than 500 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type KycActionResponse = { ok: true; status: KycFileStatus; stage: Stage };
