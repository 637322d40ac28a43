import { z } from './zod.ts';
import { contactNameField, emailField, pageField, pageSizeField, text } from './fields.ts';
import { ASSET_TIERS, type AssetTier, type Tier } from '../tiers.ts';
import {
  IDENTITY_DECISIONS,
  IDENTITY_STATUSES,
  INBOX_STATUSES,
  STAGES,
  type IdentityDecision,
  type IdentityStatus,
  type InboxStatus,
  type Stage,
} from '../stages.ts';

/**
 * The staff panel's list, update, export, asset, audit and test calls (SPEC §7 'Admin',
 * CONTRACT §4). The client's filters send 'all' (SPEC §5: select items cannot have an empty
 * value); the server reads 'all', '' and a missing value alike as "no filter".
 */

/** SPEC §9. */
export const APPLICANT_PAGE_SIZE = 20;
export const INBOX_PAGE_SIZES = [10, 25, 50] as const;
export type InboxPageSize = (typeof INBOX_PAGE_SIZES)[number];
/** Bulk updates act on one page's selection at most (largest page size). */
export const BULK_MAX_IDS = 50;

const noFilter = (value: unknown) =>
  value === 'all' || value === '' || value === null ? undefined : value;

/** An optional filter: one of `values`, or absent ('all'). */
function filter<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(noFilter, z.enum(values, message).optional());
}

/** Search text: trimmed, at most 255 characters, blank means none. */
const queryField = z.preprocess(
  noFilter,
  text('Search must be text')
    .trim()
    .max(255, 'Search must be less than 255 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
);

export const YES_NO = ['yes', 'no'] as const;
export type YesNo = (typeof YES_NO)[number];
/**
 * 'yes': the provider's screening found a match; 'no': screened and clear; 'not_screened': no
 * current identity check, or one without a sanctions result (never "not sanctioned").
 */
export const SANCTIONS_FILTERS = ['yes', 'no', 'not_screened'] as const;
export type SanctionsFilter = (typeof SANCTIONS_FILTERS)[number];

/** `admin-applicant-list`. */
export const ZApplicantListRequest = z.object({
  page: pageField,
  pageSize: pageSizeField(APPLICANT_PAGE_SIZE),
  stage: filter(STAGES, 'Please choose a valid stage'),
  veriff_decision: filter(IDENTITY_DECISIONS, 'Please choose a valid decision'),
  veriff_status: filter(IDENTITY_STATUSES, 'Please choose a valid status'),
  /** 'yes': declared or screened a PEP; 'no': not declared and screened clear. */
  pep_filter: filter(YES_NO, 'Please choose PEP yes or no'),
  sanctions_filter: filter(
    SANCTIONS_FILTERS,
    'Please choose sanctioned, not sanctioned or not screened',
  ),
  /**
   * Name or e-mail (any part, case and accents ignored), an exact application id or invitation
   * code, or a phone number's digits (6 or more).
   */
  query: queryField,
});
export type TApplicantListRequest = z.input<typeof ZApplicantListRequest>;

/** One row of `admin-applicant-list` (SPEC §3 'Applicant list row'); identity fields are from the newest check. */
export type ApplicantRow = {
  id: string;
  full_name: string | null;
  email: string | null;
  /** The code bound to or redeemed by the application, if any. */
  invite_code: string | null;
  stage: Stage;
  veriff_status: IdentityStatus | null;
  veriff_decision: IdentityDecision | null;
  /** The applicant's own PEP declaration (details screen); null before details were given. */
  pep_declared: boolean | null;
  /** The provider's PEP screening on the newest check; null when not screened. */
  pep: boolean | null;
  /** The provider's sanctions screening on the newest check; null when not screened. */
  sanctions: boolean | null;
  /** Compliance cleared the sanctions match as a false positive (admin-sanctions-clear). */
  sanctions_cleared: boolean;
  country: string | null;
  last_event: string | null;
  last_event_at: string | null;
  tier_assigned: Tier | null;
  created_at: string;
  /** The identity provider's console page for this check; null when there is none (builtin). */
  console_url: string | null;
};
/**
 * A list's total under its filters: exact, except that a search (or a filter no counter keeps)
 * is counted only up to a cap; `total_capped` says there are more matches than `total`
 * (shown as '200+', decision 040).
 */
export type ListTotal = { total: number; total_capped?: true };

export type ApplicantListResponse = { ok: true; data: ApplicantRow[] } & ListTotal;

/** Filter labels exactly as SPEC §2 lists them ('all' = no filter). */
export const STAGE_FILTER_OPTIONS = [
  { value: 'all', label: 'All stages' },
  { value: 'basic', label: 'Basic' },
  { value: 'invited', label: 'Invited' },
  { value: 'code_verified', label: 'Code Verified' },
  { value: 'detailed', label: 'Detailed' },
  { value: 'kyc_in_progress', label: 'KYC In Progress' },
  { value: 'kyc', label: 'KYC' },
  { value: 'tier_offer', label: 'Tier Offer' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'activated', label: 'Activated' },
  { value: 'declined', label: 'Declined' },
] as const satisfies readonly { value: Stage | 'all'; label: string }[];
export const DECISION_FILTER_OPTIONS = [
  { value: 'all', label: 'All decisions' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
  { value: 'resubmission_requested', label: 'Resubmit' },
] as const satisfies readonly { value: IdentityDecision | 'all'; label: string }[];
export const STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'All status' },
  { value: 'created', label: 'Created' },
  { value: 'started', label: 'Started' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
] as const satisfies readonly { value: IdentityStatus | 'all'; label: string }[];
export const PEP_FILTER_OPTIONS = [
  { value: 'all', label: 'All PEP' },
  { value: 'yes', label: 'PEP Yes' },
  { value: 'no', label: 'PEP No' },
] as const satisfies readonly { value: YesNo | 'all'; label: string }[];
export const SANCTIONS_FILTER_OPTIONS = [
  { value: 'all', label: 'All sanctions' },
  { value: 'yes', label: 'Sanctioned' },
  { value: 'no', label: 'Not sanctioned' },
  { value: 'not_screened', label: 'Not screened' },
] as const satisfies readonly { value: SanctionsFilter | 'all'; label: string }[];

/** The two staff inboxes: EOI requests and contact messages. */
export const INBOX_TABLES = ['eoi_requests', 'contact_messages'] as const;
export type InboxTable = (typeof INBOX_TABLES)[number];

export const INBOX_STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'new', label: 'New' },
  { value: 'reviewed', label: 'Reviewed' },
  { value: 'archived', label: 'Archived' },
] as const satisfies readonly { value: InboxStatus | 'all'; label: string }[];

const inboxStatusField = z.enum(INBOX_STATUSES, 'Please choose a valid status');

/** `admin-eoi-list`, `admin-contact-list`. */
export const ZInboxListRequest = z.object({
  page: pageField,
  pageSize: z
    .union(
      INBOX_PAGE_SIZES.map((size) => z.literal(size)),
      'Page size must be 10, 25 or 50',
    )
    .default(10),
  status: z.preprocess(noFilter, inboxStatusField.optional()),
  query: queryField,
});
export type TInboxListRequest = z.input<typeof ZInboxListRequest>;

/** SPEC §3 'List metrics'. */
export type InboxMetrics = { newThisWeek: number; total: number; reviewed: number };

export type EoiRow = {
  id: string;
  created_at: string;
  full_name: string;
  email: string;
  phone: string | null;
  reason: string | null;
  status: InboxStatus;
};
export type ContactRow = {
  id: string;
  created_at: string;
  name: string;
  email: string;
  message: string;
  status: InboxStatus;
};
export type InboxListResponse<Row> = {
  ok: true;
  data: Row[];
  metrics: InboxMetrics;
} & ListTotal;
export type EoiListResponse = InboxListResponse<EoiRow>;
export type ContactListResponse = InboxListResponse<ContactRow>;

/** `admin-eoi-update`, `admin-contact-update`. */
export const ZInboxUpdateRequest = z.object({
  id: z.uuid('Please choose a record'),
  status: inboxStatusField,
});
export type TInboxUpdateRequest = z.input<typeof ZInboxUpdateRequest>;

/** `admin-bulk-update` (SPEC §5: nothing happens with no selection). */
export const ZBulkUpdateRequest = z.object({
  ids: z
    .array(z.uuid('Please choose valid records'), 'Please choose at least one record')
    .min(1, 'Please choose at least one record')
    .max(BULK_MAX_IDS, `Please choose at most ${BULK_MAX_IDS} records`),
  status: inboxStatusField,
  table: z.enum(INBOX_TABLES, 'Please choose EOI requests or contact messages'),
});
export type TBulkUpdateRequest = z.input<typeof ZBulkUpdateRequest>;
export type BulkUpdateResponse = { ok: true; updated: number };

/** `admin-export-csv`: same filters as the list; the answer is the CSV file itself. */
export const ZExportCsvRequest = z.object({
  table: z.enum(INBOX_TABLES, 'Please choose EOI requests or contact messages'),
  status: z.preprocess(noFilter, inboxStatusField.optional()),
  query: queryField,
});
export type TExportCsvRequest = z.input<typeof ZExportCsvRequest>;

/** The file name when Content-Disposition gives none (SPEC §7). */
export function defaultExportFileName(table: InboxTable): string {
  return table === 'eoi_requests' ? 'eoi-export.csv' : 'contact-export.csv';
}

/** Card artwork (SPEC §3 'card_assets', admin listing). */
export type AssetRow = {
  id: string;
  tier: AssetTier;
  /** Public address of the image (`GET /api/card-asset-file/:id`). */
  url: string;
  file_name: string;
  file_size: number;
  content_type: string;
  uploaded_at: string;
};
export type AssetListResponse = { ok: true; assets: AssetRow[] };
export type AssetUploadResponse = { ok: true; asset: AssetRow };

/** SPEC §8 strings of the asset upload. */
export const ASSET_MISSING_MESSAGE = 'Missing information';
export const ASSET_TYPE_MESSAGE = 'Invalid file type';
/** Card artwork is at most this large. */
export const ASSET_MAX_BYTES = 5 * 1024 * 1024;
/** Over ASSET_MAX_BYTES (413); the spec has no message of its own for it. */
export const ASSET_TOO_LARGE_MESSAGE = 'File is too large. The maximum size is 5 MB.';
/** `admin-asset-delete` of an id that is not (or no longer) there (404). */
export const ASSET_NOT_FOUND_MESSAGE = 'Asset not found';
export const ASSET_TYPES = ['image/png', 'image/webp', 'image/svg+xml'] as const;

/** The multipart `tier` field of `admin-asset-upload`. */
export const ZAssetTier = z.enum(ASSET_TIERS, ASSET_MISSING_MESSAGE);

/** `admin-asset-delete`. */
export const ZAssetDeleteRequest = z.object({ id: z.uuid('Please choose an asset') });

/** Sizes as SPEC §2 shows them: Bytes, KB or MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The audit log's calls live in ./audit.ts; these names stay importable from here. */
export {
  AUDIT_PAGE_SIZE,
  ZAuditListRequest,
  type AuditListResponse,
  type AuditRow,
  type TAuditListRequest,
} from './audit.ts';

/** `admin-email-test` (SPEC §5 'Test email tool: name and email required'). */
export const ZEmailTestRequest = z.object({
  kind: z.enum(['eoi', 'contact'], 'Please choose EOI or contact'),
  name: contactNameField,
  email: emailField,
});
export type TEmailTestRequest = z.input<typeof ZEmailTestRequest>;
export type EmailTestResponse = { ok: true; to: string };

/** SPEC §3 'Accessibility report'; served at /qa/a11y-report.json. */
export const A11Y_REPORT_PATH = '/qa/a11y-report.json';
export const A11Y_REPORT_MISSING = 'Report not found. Run the accessibility scan first.';
export type A11yImpact = 'critical' | 'serious' | 'moderate' | 'minor';
export type A11yViolation = {
  id?: string;
  help: string;
  impact: A11yImpact | null;
  description: string;
  nodes: number;
  helpUrl: string;
};
export type A11yPage = {
  url: string;
  criticalCount: number;
  seriousCount: number;
  violationCount: number;
  violations: A11yViolation[];
};
export type A11yReport = {
  timestamp: string;
  passed: boolean;
  totalViolations: number;
  totalPages: number;
  criticalViolations: number;
  seriousViolations: number;
  pages: A11yPage[];
};
