/**
 * Every API call in one table (CONTRACT §2, §5): its name (the spec's call name, which is also
 * the route `/api/<name>` and the server's service file), method, request schema, response type,
 * who may make it, and what kind of route it is. The server registers every JSON call from here
 * and derives its staff guard, role check, origin checks and start-up check from it; the client's
 * `callApi`/`staffApi.call` take a call name and read request and response types from it.
 *
 * The client imports this module for types only (a lint rule keeps it so) apart from the staff
 * panel, which reads the roles: the schemas behind it never reach the public pages.
 */
import type { z } from 'zod';
import type {
  ActivationListResponse,
  ApplicantInviteResponse,
  InviteGenerateResponse,
  InviteListResponse,
  InviteToggleResponse,
  KycActionResponse,
  KycListResponse,
  OfferListResponse,
  StaffOkResponse,
} from './schemas/admin.ts';
import {
  ZActivationRequest,
  ZBasicIdRequest,
  ZInviteGenerateIssuedRequest,
  ZInviteToggleRequest,
  ZKycActionRequest,
  ZKycListRequest,
  ZOfferIssueRequest,
  ZOverrideTierRequest,
  ZQueueRequest,
} from './schemas/admin.ts';
import type {
  ApplicantListResponse,
  AssetListResponse,
  AssetUploadResponse,
  BulkUpdateResponse,
  ContactListResponse,
  EmailTestResponse,
  EoiListResponse,
} from './schemas/admin-lists.ts';
import {
  ZApplicantListRequest,
  ZAssetDeleteRequest,
  ZBulkUpdateRequest,
  ZEmailTestRequest,
  ZExportCsvRequest,
  ZInboxListRequest,
  ZInboxUpdateRequest,
} from './schemas/admin-lists.ts';
import {
  ZApplyBasicRequest,
  ZInviteCodeRequest,
  ZMagicLinkRequest,
  ZOfferActionRequest,
} from './schemas/apply.ts';
import { ZAuditExportRequest, ZAuditListRequest, type AuditListResponse } from './schemas/audit.ts';
import {
  ZCaseNoteAddRequest,
  type CaseNoteAddResponse,
  ZApplicantCaseRequest,
  ZCaseAssignRequest,
  ZIdentityApproveRequest,
  type ApplicantCaseResponse,
  type CaseAssignResponse,
  type IdentityApproveResponse,
} from './schemas/case.ts';
import { ZContactRequest } from './schemas/contact.ts';
import {
  ZApplicantDeclineRequest,
  ZApplicantEraseApproveRequest,
  ZApplicantEraseRequest,
  ZApplicantExportRequest,
  type ApplicantDeclineResponse,
  type ApplicantEraseApproveResponse,
  type ApplicantEraseResponse,
  type DataProtectionResponse,
} from './schemas/data-protection.ts';
import {
  ZAddressLookupRequest,
  ZApplyDetailsRequest,
  ZApplySessionRequest,
  type AddressLookupResponse,
  type ActivationResponse,
  type ApplyBasicResponse,
  type ApplyDetailsResponse,
  type ApplyGetStageResponse,
  type ApplySessionResponse,
  type ApplySignoutResponse,
  type ApplyStatusResponse,
  type KycStartResponse,
  type KycUploadResponse,
  type MagicLinkResponse,
  type OfferActionResponse,
  type ValidateInviteResponse,
  type VerifyCodeResponse,
} from './schemas/journey.ts';
import {
  ZFailedMailListRequest,
  ZMailRetryRequest,
  type FailedMailListResponse,
  type MailRetryResponse,
} from './schemas/mail.ts';
import {
  LEGAL_HTML_MAX,
  ZEoiRequest,
  ZLegalUpdateRequest,
  ZMaintenanceToggleRequest,
  type CardAssetsResponse,
  type ContactResponse,
  type EoiResponse,
  type LegalDocumentsResponse,
  type LegalUpdateResponse,
  type MaintenanceToggleResponse,
  type OneTimeLegalUpdateResponse,
  type SiteSettingResponse,
} from './schemas/site.ts';
import {
  ZAdminAuthRequest,
  ZAdminCodeRequest,
  ZSanctionsClearRequest,
  ZSessionRevokeRequest,
  ZStaffIdRequest,
  ZStaffInviteRequest,
  ZStaffJoinRequest,
  ZStaffUpdateRequest,
  type AdminAuthResponse,
  type AdminEnrollResponse,
  type AdminMeResponse,
  type AdminSessionResponse,
  type OfferIssueResponse,
  type SessionListResponse,
  type StaffInviteResponse,
  type StaffListResponse,
} from './schemas/staff.ts';
import {
  ZScreeningAlertApproveRequest,
  ZScreeningAlertDecisionRequest,
  ZScreeningAlertListRequest,
  ZScreeningSearchRequest,
  type ScreeningAlertDecisionResponse,
  type ScreeningAlertListResponse,
  type ScreeningListsResponse,
  type ScreeningListUploadResponse,
  type ScreeningSearchResponse,
} from './schemas/screening.ts';
import {
  ZApprovalDecideRequest,
  ZApprovalListRequest,
  ZCaseAssignBulkRequest,
  ZCaseEscalateRequest,
  ZCaseMlroDecideRequest,
  ZEscalationListRequest,
  ZReportRequest,
  type ApprovalDecideResponse,
  type ApprovalListResponse,
  type CaseAssignBulkResponse,
  type EscalationListResponse,
  type EscalationResponse,
  type ReportResponse,
  type ServiceLevelsResponse,
  type StaffDirectoryResponse,
} from './schemas/casework.ts';
import { STAFF_ROLES, type StaffRole } from './staff.ts';

/** Every signed-in member, whatever their role. */
const EVERYONE: readonly StaffRole[] = STAFF_ROLES;
const OWNER: readonly StaffRole[] = ['owner'];
const COMPLIANCE: readonly StaffRole[] = ['owner', 'compliance'];
const OPERATIONS: readonly StaffRole[] = ['owner', 'operations'];
/** Applicant reads both teams need. */
const CASEWORK: readonly StaffRole[] = ['owner', 'compliance', 'operations'];
/** The nominated officer (CONTRACT §9): escalated cases and their decisions. */
const MLRO: readonly StaffRole[] = ['owner', 'mlro'];
/** Compliance's reads the MLRO shares: screening alerts, reports, the audit trail. */
const OVERSIGHT: readonly StaffRole[] = ['owner', 'compliance', 'mlro'];
/** Reading applicants: every team and the MLRO. */
const READERS: readonly StaffRole[] = ['owner', 'compliance', 'operations', 'mlro'];

/**
 * Who may make a call: anyone (`public`, including the steps of signing in and joining), the
 * applicant whose session it is (`applicant`), or the named staff roles (CONTRACT §5's table;
 * the owner may do everything).
 */
export type CallAccess = 'public' | 'applicant' | readonly StaffRole[];

/**
 * What kind of route a call is. `json` calls are registered from this table; the rest are
 * registered by hand (src/server/routes/index.ts lists them) because their bodies or answers are
 * not JSON: `upload` (multipart), `download` (a file or CSV), `stream` (server-sent events),
 * `webhook` (signed over its raw body by the identity provider).
 */
export type CallKind = 'json' | 'upload' | 'download' | 'stream' | 'webhook';

/** The per-IP limits a call may name (the server's RATE_LIMITS holds their numbers). */
export type RateLimitClass =
  | 'validate-invite'
  | 'apply-verify-code'
  | 'apply-basic'
  | 'contact'
  | 'eoi'
  | 'apply-magic-link'
  | 'apply-session'
  | 'apply-kyc-upload'
  | 'apply-kyc-start'
  | 'apply-address-lookup'
  | 'admin-auth';

interface CallEntry {
  access: CallAccess;
  /** POST unless said otherwise. */
  method?: 'GET' | 'POST';
  /** The body's schema (query's for GET); `null` when the call reads none. */
  request: z.ZodType | null;
  /** The success body's type, written as `returns<T>()` (a type only; nothing at run time). */
  response: unknown;
  /** `json` unless said otherwise. */
  kind?: CallKind;
  rateLimit?: RateLimitClass;
  /** A public form with the hidden `website` field: a bot that fills it is told it succeeded. */
  honeypot?: true;
  /** A path parameter after the name: `/api/admin-kyc-file/:id`. */
  param?: string;
  /** A body over the server's usual 64 KB limit, in bytes. */
  bodyLimit?: number;
}

/** The response type of a call: a type only, `undefined` at run time. */
function returns<T>(): T {
  return undefined as T;
}

/**
 * A whole legal document may be up to LEGAL_HTML_MAX characters, more than the usual 64 KB once
 * JSON-encoded (up to 4 bytes a character). Only staff get this far: the guard runs first.
 */
const LEGAL_BODY_LIMIT = 4 * LEGAL_HTML_MAX + 64 * 1024;

export const CALLS = {
  // Public site.
  contact: {
    access: 'public',
    request: ZContactRequest,
    response: returns<ContactResponse>(),
    rateLimit: 'contact',
    honeypot: true,
  },
  eoi: {
    access: 'public',
    request: ZEoiRequest,
    response: returns<EoiResponse>(),
    rateLimit: 'eoi',
    honeypot: true,
  },
  'legal-documents': {
    access: 'public',
    method: 'GET',
    request: null,
    response: returns<LegalDocumentsResponse>(),
  },
  'card-assets': {
    access: 'public',
    method: 'GET',
    request: null,
    response: returns<CardAssetsResponse>(),
  },
  'card-asset-file': {
    access: 'public',
    method: 'GET',
    kind: 'download',
    param: 'id',
    request: null,
    response: returns<Blob>(),
  },
  'site-settings': {
    access: 'public',
    method: 'GET',
    kind: 'download',
    param: 'key',
    request: null,
    response: returns<SiteSettingResponse<unknown>>(),
  },
  events: {
    access: 'public',
    method: 'GET',
    kind: 'stream',
    request: null,
    response: returns<never>(),
  },

  // The applicant's journey.
  'validate-invite': {
    access: 'public',
    request: ZInviteCodeRequest,
    response: returns<ValidateInviteResponse>(),
    rateLimit: 'validate-invite',
  },
  'apply-verify-code': {
    access: 'public',
    request: ZInviteCodeRequest,
    response: returns<VerifyCodeResponse>(),
    rateLimit: 'apply-verify-code',
  },
  'apply-basic': {
    access: 'public',
    request: ZApplyBasicRequest,
    response: returns<ApplyBasicResponse>(),
    rateLimit: 'apply-basic',
    honeypot: true,
  },
  'apply-magic-link': {
    access: 'public',
    request: ZMagicLinkRequest,
    response: returns<MagicLinkResponse>(),
    rateLimit: 'apply-magic-link',
  },
  'apply-session': {
    access: 'public',
    request: ZApplySessionRequest,
    response: returns<ApplySessionResponse>(),
    rateLimit: 'apply-session',
  },
  // Signing out needs no live session: whatever the token was, this browser forgets it.
  'apply-signout': { access: 'public', request: null, response: returns<ApplySignoutResponse>() },
  'apply-get-stage': {
    access: 'applicant',
    request: null,
    response: returns<ApplyGetStageResponse>(),
  },
  'apply-status': {
    access: 'applicant',
    method: 'GET',
    request: null,
    response: returns<ApplyStatusResponse>(),
  },
  'apply-details': {
    access: 'applicant',
    request: ZApplyDetailsRequest,
    response: returns<ApplyDetailsResponse>(),
  },
  // Only with ADDRESS_LOOKUP configured; typing the address always works.
  'apply-address-lookup': {
    access: 'applicant',
    request: ZAddressLookupRequest,
    response: returns<AddressLookupResponse>(),
    rateLimit: 'apply-address-lookup',
  },
  'apply-kyc-upload': {
    access: 'applicant',
    kind: 'upload',
    request: null,
    response: returns<KycUploadResponse>(),
    rateLimit: 'apply-kyc-upload',
  },
  'apply-kyc-start': {
    access: 'applicant',
    request: null,
    response: returns<KycStartResponse>(),
    rateLimit: 'apply-kyc-start',
  },
  'apply-offer-action': {
    access: 'applicant',
    request: ZOfferActionRequest,
    response: returns<OfferActionResponse>(),
  },
  activation: {
    access: 'applicant',
    method: 'GET',
    request: null,
    response: returns<ActivationResponse>(),
  },
  'apply-events': {
    access: 'applicant',
    method: 'GET',
    kind: 'stream',
    request: null,
    response: returns<never>(),
  },

  // The identity provider's calls to us.
  'veriff-webhook': {
    access: 'public',
    kind: 'webhook',
    request: null,
    response: returns<never>(),
  },
  'veriff-event-webhook': {
    access: 'public',
    kind: 'webhook',
    request: null,
    response: returns<never>(),
  },
  'veriff-watchlist-webhook': {
    access: 'public',
    kind: 'webhook',
    request: null,
    response: returns<never>(),
  },

  // Staff: signing in and joining (open to anyone, throttled).
  'admin-auth': {
    access: 'public',
    request: ZAdminAuthRequest,
    response: returns<AdminAuthResponse>(),
    rateLimit: 'admin-auth',
  },
  'admin-auth-verify': {
    access: 'public',
    request: ZAdminCodeRequest,
    response: returns<AdminSessionResponse>(),
    rateLimit: 'admin-auth',
  },
  'admin-mfa-enroll': {
    access: 'public',
    request: ZAdminCodeRequest,
    response: returns<AdminEnrollResponse>(),
    rateLimit: 'admin-auth',
  },
  'admin-staff-join': {
    access: 'public',
    request: ZStaffJoinRequest,
    response: returns<AdminAuthResponse>(),
    rateLimit: 'admin-auth',
  },

  // Staff: own session and account.
  'admin-me': { access: EVERYONE, request: null, response: returns<AdminMeResponse>() },
  'admin-signout': { access: EVERYONE, request: null, response: returns<StaffOkResponse>() },
  'admin-session-list': {
    access: EVERYONE,
    request: null,
    response: returns<SessionListResponse>(),
  },
  'admin-session-revoke': {
    access: EVERYONE,
    request: ZSessionRevokeRequest,
    response: returns<StaffOkResponse>(),
  },

  // Staff: applicants.
  'admin-applicant-list': {
    access: READERS,
    request: ZApplicantListRequest,
    response: returns<ApplicantListResponse>(),
  },
  'admin-applicant-resend-link': {
    access: OPERATIONS,
    request: ZBasicIdRequest,
    response: returns<StaffOkResponse>(),
  },
  'admin-applicant-invite': {
    access: OPERATIONS,
    request: ZBasicIdRequest,
    response: returns<ApplicantInviteResponse>(),
  },
  'admin-applicant-override-tier': {
    access: COMPLIANCE,
    request: ZOverrideTierRequest,
    response: returns<StaffOkResponse>(),
  },
  'admin-audit-list': {
    access: OVERSIGHT,
    request: ZAuditListRequest,
    response: returns<AuditListResponse>(),
  },
  'admin-audit-export': {
    access: OVERSIGHT,
    kind: 'download',
    request: ZAuditExportRequest,
    response: returns<Blob>(),
  },
  // The case screen and taking a case: both teams work cases.
  'admin-applicant-case': {
    access: READERS,
    request: ZApplicantCaseRequest,
    response: returns<ApplicantCaseResponse>(),
  },
  'admin-case-assign': {
    access: CASEWORK,
    request: ZCaseAssignRequest,
    response: returns<CaseAssignResponse>(),
  },

  // Staff: data protection (CONTRACT §6).
  'admin-applicant-decline': {
    access: COMPLIANCE,
    request: ZApplicantDeclineRequest,
    response: returns<ApplicantDeclineResponse>(),
  },
  'admin-applicant-export': {
    access: COMPLIANCE,
    kind: 'download',
    request: ZApplicantExportRequest,
    response: returns<Blob>(),
  },
  'admin-applicant-erase': {
    access: COMPLIANCE,
    request: ZApplicantEraseRequest,
    response: returns<ApplicantEraseResponse>(),
  },
  'admin-applicant-erase-approve': {
    access: COMPLIANCE,
    request: ZApplicantEraseApproveRequest,
    response: returns<ApplicantEraseApproveResponse>(),
  },
  'admin-data-protection': {
    access: COMPLIANCE,
    request: null,
    response: returns<DataProtectionResponse>(),
  },

  // Staff: identity, screening and offers.
  'admin-kyc-list': {
    access: COMPLIANCE,
    request: ZKycListRequest,
    response: returns<KycListResponse>(),
  },
  'admin-kyc-action': {
    access: COMPLIANCE,
    request: ZKycActionRequest,
    response: returns<KycActionResponse>(),
  },
  'admin-kyc-file': {
    access: COMPLIANCE,
    method: 'GET',
    kind: 'download',
    param: 'id',
    request: null,
    response: returns<Blob>(),
  },
  'admin-sanctions-clear': {
    access: COMPLIANCE,
    request: ZSanctionsClearRequest,
    response: returns<StaffOkResponse>(),
  },
  // Case notes (CONTRACT §9): anyone who works cases.
  'admin-case-note-add': {
    access: CASEWORK,
    request: ZCaseNoteAddRequest,
    response: returns<CaseNoteAddResponse>(),
  },
  // Escalation to the MLRO, four eyes, bulk work, service levels and reports (CONTRACT §9).
  'admin-case-escalate': {
    access: COMPLIANCE,
    request: ZCaseEscalateRequest,
    response: returns<EscalationResponse>(),
  },
  'admin-case-mlro-decide': {
    access: MLRO,
    request: ZCaseMlroDecideRequest,
    response: returns<EscalationResponse>(),
  },
  'admin-escalation-list': {
    access: MLRO,
    request: ZEscalationListRequest,
    response: returns<EscalationListResponse>(),
  },
  // The kinds' own roles are checked by the decision (a PEP offer: owners only).
  'admin-approval-list': {
    access: OVERSIGHT,
    request: ZApprovalListRequest,
    response: returns<ApprovalListResponse>(),
  },
  'admin-approval-decide': {
    access: OVERSIGHT,
    request: ZApprovalDecideRequest,
    response: returns<ApprovalDecideResponse>(),
  },
  'admin-case-assign-bulk': {
    access: COMPLIANCE,
    request: ZCaseAssignBulkRequest,
    response: returns<CaseAssignBulkResponse>(),
  },
  'admin-staff-directory': {
    access: COMPLIANCE,
    request: null,
    response: returns<StaffDirectoryResponse>(),
  },
  'admin-service-levels': {
    access: EVERYONE,
    request: null,
    response: returns<ServiceLevelsResponse>(),
  },
  'admin-report': {
    access: OVERSIGHT,
    request: ZReportRequest,
    response: returns<ReportResponse>(),
  },
  // Sanctions and PEP screening of our own (CONTRACT §8).
  'admin-screening-lists': {
    access: OVERSIGHT,
    request: null,
    response: returns<ScreeningListsResponse>(),
  },
  'admin-screening-list-upload': {
    access: COMPLIANCE,
    kind: 'upload',
    request: null,
    response: returns<ScreeningListUploadResponse>(),
  },
  'admin-screening-search': {
    access: OVERSIGHT,
    request: ZScreeningSearchRequest,
    response: returns<ScreeningSearchResponse>(),
  },
  'admin-screening-alert-list': {
    access: OVERSIGHT,
    request: ZScreeningAlertListRequest,
    response: returns<ScreeningAlertListResponse>(),
  },
  'admin-screening-alert-confirm': {
    access: OVERSIGHT,
    request: ZScreeningAlertDecisionRequest,
    response: returns<ScreeningAlertDecisionResponse>(),
  },
  'admin-screening-alert-clear': {
    access: OVERSIGHT,
    request: ZScreeningAlertDecisionRequest,
    response: returns<ScreeningAlertDecisionResponse>(),
  },
  'admin-screening-alert-clear-approve': {
    access: OVERSIGHT,
    request: ZScreeningAlertApproveRequest,
    response: returns<ScreeningAlertDecisionResponse>(),
  },
  // Staff's decision after a Veriff decline (the other half is admin-applicant-decline).
  'admin-identity-approve': {
    access: COMPLIANCE,
    request: ZIdentityApproveRequest,
    response: returns<IdentityApproveResponse>(),
  },
  'admin-offer-list': {
    access: COMPLIANCE,
    request: ZQueueRequest,
    response: returns<OfferListResponse>(),
  },
  'admin-offer-issue': {
    access: COMPLIANCE,
    request: ZOfferIssueRequest,
    response: returns<OfferIssueResponse>(),
  },
  'admin-offer-approve': {
    access: OWNER,
    request: ZBasicIdRequest,
    response: returns<StaffOkResponse>(),
  },

  // Staff: inboxes.
  'admin-eoi-list': {
    access: OPERATIONS,
    request: ZInboxListRequest,
    response: returns<EoiListResponse>(),
  },
  'admin-eoi-update': {
    access: OPERATIONS,
    request: ZInboxUpdateRequest,
    response: returns<StaffOkResponse>(),
  },
  'admin-contact-list': {
    access: OPERATIONS,
    request: ZInboxListRequest,
    response: returns<ContactListResponse>(),
  },
  'admin-contact-update': {
    access: OPERATIONS,
    request: ZInboxUpdateRequest,
    response: returns<StaffOkResponse>(),
  },
  'admin-bulk-update': {
    access: OPERATIONS,
    request: ZBulkUpdateRequest,
    response: returns<BulkUpdateResponse>(),
  },
  'admin-export-csv': {
    access: OPERATIONS,
    kind: 'download',
    request: ZExportCsvRequest,
    response: returns<Blob>(),
  },

  // Staff: activations, invitations, assets, mail.
  'admin-activation-list': {
    access: OPERATIONS,
    request: ZQueueRequest,
    response: returns<ActivationListResponse>(),
  },
  'admin-activation': {
    access: OPERATIONS,
    request: ZActivationRequest,
    response: returns<StaffOkResponse>(),
  },
  'admin-invite-generate': {
    access: OPERATIONS,
    request: ZInviteGenerateIssuedRequest,
    response: returns<InviteGenerateResponse>(),
  },
  'admin-invite-list': {
    access: OPERATIONS,
    request: null,
    response: returns<InviteListResponse>(),
  },
  'admin-asset-list': { access: OPERATIONS, request: null, response: returns<AssetListResponse>() },
  'admin-asset-upload': {
    access: OPERATIONS,
    kind: 'upload',
    request: null,
    response: returns<AssetUploadResponse>(),
  },
  'admin-asset-delete': {
    access: OPERATIONS,
    request: ZAssetDeleteRequest,
    response: returns<StaffOkResponse>(),
  },
  'admin-email-test': {
    access: OPERATIONS,
    request: ZEmailTestRequest,
    response: returns<EmailTestResponse>(),
  },
  'admin-email-failed-list': {
    access: OPERATIONS,
    request: ZFailedMailListRequest,
    response: returns<FailedMailListResponse>(),
  },
  'admin-email-retry': {
    access: OPERATIONS,
    request: ZMailRetryRequest,
    response: returns<MailRetryResponse>(),
  },

  // Staff: site-wide switches and copy.
  'admin-maintenance-toggle': {
    access: OWNER,
    request: ZMaintenanceToggleRequest,
    response: returns<MaintenanceToggleResponse>(),
  },
  'admin-invite-toggle': {
    access: OWNER,
    request: ZInviteToggleRequest,
    response: returns<InviteToggleResponse>(),
  },
  'admin-legal-update': {
    access: OWNER,
    request: ZLegalUpdateRequest,
    response: returns<LegalUpdateResponse>(),
    bodyLimit: LEGAL_BODY_LIMIT,
  },
  // A staff call the spec names without the `admin-` prefix.
  'one-time-legal-update': {
    access: OWNER,
    request: null,
    response: returns<OneTimeLegalUpdateResponse>(),
  },

  // Staff: managing members.
  'admin-staff-list': { access: OWNER, request: null, response: returns<StaffListResponse>() },
  'admin-staff-invite': {
    access: OWNER,
    request: ZStaffInviteRequest,
    response: returns<StaffInviteResponse>(),
  },
  'admin-staff-update': {
    access: OWNER,
    request: ZStaffUpdateRequest,
    response: returns<StaffOkResponse>(),
  },
  'admin-staff-reset-mfa': {
    access: OWNER,
    request: ZStaffIdRequest,
    response: returns<StaffOkResponse>(),
  },
} as const satisfies Record<string, CallEntry>;

export type Calls = typeof CALLS;
export type CallName = keyof Calls;

type EntryOf<N extends CallName> = Calls[N];
type RequestSchemaOf<N extends CallName> = EntryOf<N>['request'];

/**
 * What a caller sends: the schema's input, or nothing for a call that reads no body. An
 * applicant's call may still name its application (`basic_id`, SPEC §7): the server refuses
 * one naming another application before it reads the body (assertOwnApplication).
 */
export type CallRequest<N extends CallName> =
  RequestSchemaOf<N> extends z.ZodType
    ? z.input<RequestSchemaOf<N>>
    : EntryOf<N> extends { access: 'applicant' }
      ? { basic_id?: string }
      : Record<string, never>;
/** What a service receives: the schema's output (defaults filled in, strings trimmed). */
export type CallInput<N extends CallName> =
  RequestSchemaOf<N> extends z.ZodType ? z.output<RequestSchemaOf<N>> : undefined;
/** The success body. */
export type CallResponse<N extends CallName> = EntryOf<N>['response'];

type NamesWhere<Condition> = {
  [N in CallName]: EntryOf<N> extends Condition ? N : never;
}[CallName];

/** Calls answered in JSON: the ones `callApi` makes. */
export type JsonCallName = Exclude<CallName, NamesWhere<{ kind: CallKind }>>;
export type GetCallName = Extract<JsonCallName, NamesWhere<{ method: 'GET' }>>;
export type PostCallName = Exclude<JsonCallName, GetCallName>;
/** Staff calls: their access is a list of roles. */
export type StaffCall = NamesWhere<{ access: readonly StaffRole[] }>;
/** Calls with a path parameter after the name: `/api/<name>/<param>`. */
export type ParamCallName = NamesWhere<{ param: string }>;
/** Multipart uploads: the body is a FormData. */
export type UploadCallName = NamesWhere<{ kind: 'upload' }>;
/** Calls answered with a file (CSV, ZIP, an image), not JSON. */
export type FileCallName = Exclude<NamesWhere<{ response: Blob }>, NamesWhere<{ response: never }>>;
/** GET calls answered in JSON: GetCallName and the hand-registered `site-settings/:key`. */
export type ReadCallName = Exclude<NamesWhere<{ method: 'GET' }>, NamesWhere<{ response: Blob }>>;

const ENTRIES = CALLS as Record<CallName, CallEntry>;

/** Every call name, in the table's order. */
export const CALL_NAMES = Object.keys(CALLS) as CallName[];

export function isCallName(name: string): name is CallName {
  return Object.hasOwn(CALLS, name);
}

/** The route of a call: `/api/<name>`, with its path parameter if it has one. */
export function routeOf(name: CallName): string {
  const { param } = ENTRIES[name];
  return param ? `/api/${name}/:${param}` : `/api/${name}`;
}

export function methodOf(name: CallName): 'GET' | 'POST' {
  return ENTRIES[name].method ?? 'POST';
}

export function kindOf(name: CallName): CallKind {
  return ENTRIES[name].kind ?? 'json';
}

export function entryOf(name: CallName): Readonly<CallEntry> {
  return ENTRIES[name];
}

/** The roles that may make a staff call, or undefined when the call is not a staff call. */
export function rolesOf(name: CallName): readonly StaffRole[] | undefined {
  const { access } = ENTRIES[name];
  return typeof access === 'string' ? undefined : access;
}

export function isStaffCall(name: CallName): name is StaffCall {
  return rolesOf(name) !== undefined;
}

/** Who may make each staff call: the panel hides what a role cannot use, the server refuses it. */
export const STAFF_CALLS = Object.fromEntries(
  CALL_NAMES.flatMap((name) => {
    const roles = rolesOf(name);
    return roles ? [[name, roles]] : [];
  }),
) as Record<StaffCall, readonly StaffRole[]>;

export function mayCall(role: StaffRole, call: StaffCall): boolean {
  return STAFF_CALLS[call].includes(role);
}

/** Each panel tab and the call that fills it: a role sees the tab when it may make that call. */
export const TAB_CALLS = {
  applicants: 'admin-applicant-list',
  eoi: 'admin-eoi-list',
  contact: 'admin-contact-list',
  kyc: 'admin-kyc-list',
  offers: 'admin-offer-list',
  activations: 'admin-activation-list',
  assets: 'admin-asset-list',
  invites: 'admin-invite-list',
  // The report is public; the tab is operations' work.
  a11y: 'admin-asset-list',
  staff: 'admin-staff-list',
  data: 'admin-data-protection',
  audit: 'admin-audit-list',
  screening: 'admin-screening-alert-list',
  approvals: 'admin-approval-list',
  mlro: 'admin-escalation-list',
  reports: 'admin-report',
} as const satisfies Record<string, StaffCall>;
