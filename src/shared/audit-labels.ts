import { STAGE_FILTER_OPTIONS } from './schemas/admin-lists.ts';
import { ALERT_STATUS_LABELS, SCREENING_LIST_LABELS } from './schemas/screening.ts';
import type { AuditRow } from './schemas/audit.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from './staff.ts';
import { isStage } from './stages.ts';
import { isTier, TIER_INFO } from './tiers.ts';
import { formatUkDateTime, formatUkDateTimeSeconds } from './uk-time.ts';

/**
 * Words for the audit log: every action the server writes, the fields its rows record, who
 * acted and what they acted on. One table for the applicant timeline, the audit view and its
 * CSV export, so no screen or file shows a raw key ('esign_name', 'sha256').
 */

/**
 * Every action key the server writes, with its label. A unit test reads the server's source
 * and fails when an action written there is missing here.
 */
export const AUDIT_ACTION_LABELS = {
  // Applications.
  'application.create': 'Application created',
  'application.duplicate': 'Applied again with the same e-mail',
  'application.verify_code': 'Invite code verified',
  'application.details': 'Details saved',
  'application.email_set': 'E-mail address given (unconfirmed)',
  'application.email_verified': 'E-mail address confirmed',
  'application.invite': 'Invited',
  'application.kyc_start': 'Verification started',
  'application.kyc_complete': 'Verification complete',
  'application.kyc_resubmit': 'Asked to upload again',
  'application.override_tier': 'Tier overridden',
  'application.activate': 'Account activated',
  'application.decline': 'Application declined',
  'application.decline_request': 'Decline requested',
  'application.decline_approve': 'Decline approved',
  'application.decline_reject': 'Decline request rejected',
  'application.erase_request': 'Erasure requested',
  'application.erase_approve': 'Erasure approved',
  'application.erase_reject': 'Erasure request rejected',
  'application.erase': 'Personal data erased',
  'application.export': 'Data exported',
  'applicant.sign_out': 'Applicant signed out',
  // Identity checks and files.
  'identity_check.create': 'Identity check created',
  'identity_check.decision': 'Identity check decision',
  'identity_check.event': 'Identity check event',
  'identity_check.resume': 'Identity check resumed',
  'identity_check.watchlist': 'Watchlist screening',
  'identity_check.staff_approve': 'Identity approved by staff after a Veriff decline',
  'kyc_file.upload': 'Identity file uploaded',
  'kyc_file.approve': 'Identity file approved',
  'kyc_file.reject': 'Identity file rejected',
  'kyc_file.viewed': 'Identity file viewed',
  'sanctions.clear': 'Sanctions match cleared',
  // Screening of our own (CONTRACT §8).
  'screening.list_load': 'Screening list loaded',
  'screening.alert_open': 'Screening alert opened',
  'screening.alert_confirm': 'Screening match confirmed',
  'screening.alert_clear_request': 'Screening alert clearance requested',
  'screening.alert_clear_approve': 'Screening alert clearance approved',
  'screening.alert_clear_reject': 'Screening alert clearance rejected',
  // Case work.
  'case.take': 'Case taken',
  'case.takeover': 'Case taken over',
  'case.release': 'Case released',
  'case.note_add': 'Note added',
  'case.assign': 'Case assigned',
  'case.escalate': 'Escalated to the MLRO',
  'case.mlro_decide': 'MLRO decision recorded',
  // Offers.
  'offer.issue': 'Offer issued',
  'offer.issue_for_approval': 'Offer sent for approval',
  'offer.approve': 'Offer approved',
  'offer.approval_reject': 'Offer not approved',
  'offer.accept': 'Offer accepted',
  'offer.downgrade': 'Tier downgraded',
  // Codes and links.
  'invite_code.generate': 'Invite code issued',
  'invite_code.redeem': 'Invite code redeemed',
  'magic_link.issue': 'Resume link issued',
  'magic_link.redeem': 'Resume link used',
  'magic_link.resend': 'Magic link sent',
  // Inboxes and exports.
  'eoi_request.update_status': 'EOI request status changed',
  'contact_message.update_status': 'Contact message status changed',
  'eoi_request.export': 'EOI requests exported',
  'contact_message.export': 'Contact messages exported',
  'audit.export': 'Audit log exported',
  // Mail.
  'email.test': 'Test e-mail sent',
  'email.retry': 'Failed e-mail retried',
  // Site and content.
  'site_setting.update': 'Site setting changed',
  'legal.update': 'Legal page changed',
  'legal.bulk_update': 'Legal pages replaced',
  'card_asset.upload': 'Card artwork uploaded',
  'card_asset.delete': 'Card artwork deleted',
  // Staff and sign-in.
  'staff.sign_in': 'Signed in',
  'staff.sign_in_failed': 'Sign-in failed',
  'staff.sign_out': 'Signed out',
  'staff.recovery_code_used': 'Recovery code used',
  'staff.mfa_enroll': 'Second factor set up',
  'staff.mfa_enroll_failed': 'Second factor set-up failed',
  'staff.mfa_reset': 'Second factor reset',
  'staff.session_revoke': 'Other sessions signed out',
  'staff.create_owner': 'Owner account created',
  'staff.invite': 'Staff member invited',
  'staff.join': 'Staff member joined',
  'staff.role_change': 'Staff role changed',
  'staff.status_change': 'Staff access changed',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_LABELS, value);
}

/** The action filter's choices, alphabetical by label. */
export const AUDIT_ACTION_OPTIONS: readonly { value: AuditAction; label: string }[] =
  AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] })).sort((a, b) =>
    a.label.localeCompare(b.label, 'en-GB'),
  );

function sentenceCase(text: string): string {
  const spaced = text.replace(/[._]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** An action's label; one the table does not know yet (an older row) is spelled out. */
export function actionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : sentenceCase(action);
}

/** What a row acted on, by its target type. */
const TARGET_LABELS: Record<string, string> = {
  application: 'Application',
  applicant_session: 'Applicant session',
  identity_check: 'Identity check',
  kyc_file: 'Identity file',
  case_note: 'Case note',
  screening_alert: 'Screening alert',
  screening_list: 'Screening list',
  offer: 'Offer',
  invite_code: 'Invite code',
  magic_link: 'Resume link',
  erasure_request: 'Erasure request',
  eoi_request: 'EOI request',
  eoi_requests: 'EOI requests',
  contact_message: 'Contact message',
  contact_messages: 'Contact messages',
  email_outbox: 'E-mail',
  site_setting: 'Site setting',
  legal_document: 'Legal page',
  card_asset: 'Card artwork',
  staff_member: 'Staff member',
  staff_token: 'Staff session',
  audit_log: 'Audit log',
};

export function targetLabel(type: string): string {
  return TARGET_LABELS[type] ?? sentenceCase(type);
}

const NAMED_TARGETS: Record<string, Record<string, string>> = {
  site_setting: { maintenance_mode: 'Maintenance mode', invite_mode: 'Invite mode' },
  legal_document: { privacy: 'Privacy notice', terms: 'Terms', cookies: 'Cookie policy' },
};

/** 'Application 6f1c…' — the id is a reference, never personal data. */
export function describeTarget(row: Pick<AuditRow, 'target_type' | 'target_id'>): string {
  const label = targetLabel(row.target_type);
  // Settings and legal pages are named by key: their names read better.
  const named = row.target_id ? NAMED_TARGETS[row.target_type]?.[row.target_id] : undefined;
  if (named) return `${label}: ${named}`;
  return row.target_id ? `${label} ${row.target_id}` : label;
}

const ACTOR_LABELS: Record<AuditRow['actor_type'], string> = {
  staff: 'Staff',
  applicant: 'Applicant',
  system: 'System',
  provider: 'Identity provider',
};

function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

export type TimelineActor = {
  /** The member's name for staff rows (as the server names legacy ones), else the kind. */
  name: string;
  /** The staff member's role when they acted. */
  role: string | null;
};

/**
 * Who acted. Staff rows name the member and their role then (CONTRACT §5: never only a
 * token); rows from before named accounts carry the server's 'Staff (before named accounts)'.
 */
export function timelineActor(
  row: Pick<AuditRow, 'actor_type' | 'actor_name' | 'actor_role'>,
): TimelineActor {
  const kind = ACTOR_LABELS[row.actor_type] ?? sentenceCase(row.actor_type);
  if (row.actor_type !== 'staff') return { name: kind, role: null };
  const role = row.actor_role
    ? isStaffRole(row.actor_role)
      ? STAFF_ROLE_LABELS[row.actor_role]
      : sentenceCase(row.actor_role)
    : null;
  return { name: row.actor_name || kind, role };
}

/** 'Ada Owner · Owner', 'Applicant', 'Staff (before named accounts)'. */
export function actorLabel(row: Pick<AuditRow, 'actor_type' | 'actor_name' | 'actor_role'>) {
  const actor = timelineActor(row);
  return actor.role ? `${actor.name} · ${actor.role}` : actor.name;
}

const FILE_TYPES: Record<string, string> = { document: 'Government ID', selfie: 'Selfie Photo' };
/** Values that are vocabulary words (pending, resubmission_requested) rather than text. */
const WORD_KEYS = new Set([
  'status',
  'decision',
  'last_event',
  'action',
  'provider',
  'veriff_status',
  'match_status',
  'check_type',
  'second_factor',
  'source',
  'via',
  'passphrase',
  'kind',
  'role',
  'event',
]);

/** Internal references (ids, hashes) mean nothing to a reader of the log. */
function isInternal(key: string): boolean {
  return (
    key === 'id' ||
    key === 'ids' ||
    key.endsWith('_id') ||
    key.endsWith('_hash') ||
    key === 'replaces' ||
    key === 'sessions' ||
    // A cleared sanctions match lists the identity checks it cleared, by id.
    key === 'checks'
  );
}

/**
 * Audit rows name the fields an action recorded, never an applicant's values (CONTRACT §6):
 * the values stay in their own tables, which an erasure empties. These read better than the
 * column names; a key missing here is spelled out ('Card tier' for card_tier).
 */
const FIELD_LABELS: Record<string, string> = {
  fields: 'Recorded',
  value: 'Value',
  assigned_to: 'Assigned to',
  full_name: 'Full name',
  name: 'Name',
  email: 'E-mail address',
  to: 'Sent to',
  annual_income: 'Annual income',
  employment_status: 'Employment status',
  pep_exposed: 'Declared PEP',
  card_tier_pref: 'Preferred tier',
  date_of_birth: 'Date of birth',
  notes: 'Notes',
  rejection_reason: 'Rejection reason',
  reason: 'Reason',
  pricing_note: 'Pricing note',
  esign_name: 'Signature name',
  card_last4: 'Card last 4 digits',
  card_shipment_tracking: 'Shipment tracking',
  mobile_access_enabled: 'Mobile access',
  email_verified: 'E-mail address confirmed',
  stage: 'Stage',
  tier: 'Tier',
  tier_assigned: 'Tier assigned',
  offer_tier: 'Offered tier',
  downgraded_from: 'Downgraded from',
  status: 'Status',
  decision: 'Decision',
  veriff_status: 'Provider status',
  code: 'Provider code',
  risk_labels: 'Risk labels',
  event: 'Event',
  provider: 'Provider',
  type: 'Type',
  pep: 'PEP match',
  sanctions: 'Sanctions match',
  check_type: 'Screening type',
  match_status: 'Screening result',
  hits: 'Matches',
  sha256: 'File fingerprint',
  html_sha256: 'Text fingerprint',
  html_length: 'Text length',
  title: 'Title',
  size: 'File size',
  file_size: 'File size',
  file_name: 'File name',
  content_type: 'File type',
  uploaded_at: 'Uploaded',
  expires_at: 'Expires',
  link_expires_at: 'Link expires',
  source: 'Started from',
  created_application: 'New application',
  via: 'Confirmed by',
  second_factor: 'Second factor',
  recovery_codes: 'Recovery codes',
  passphrase: 'Passphrase',
  role: 'Role',
  files: 'Files',
  emails: 'E-mails',
  identity_checks: 'Identity checks',
  messages: 'Inbox messages',
  table: 'Inbox',
  query_set: 'Search used',
  count: 'Codes',
  issued_to_set: 'Sent to a person',
  retried: 'E-mails retried',
  template: 'E-mail',
  kind: 'Kind',
  member: 'Member filter',
  action_filter: 'Action filter',
  from: 'From',
  to_date: 'To',
  privacy: 'Privacy notice',
  terms: 'Terms',
  cookies: 'Cookie policy',
};

export function fieldLabel(key: string): string {
  return FIELD_LABELS[key] ?? sentenceCase(key);
}

const STAGE_LABELS = new Map<string, string>(
  STAGE_FILTER_OPTIONS.map((option) => [option.value, option.label]),
);

export type FormatValueOptions = {
  /** Times with seconds and GMT/BST (the audit view and its export); else '4 Mar 2025, 14:05'. */
  seconds?: boolean;
  /** A staff member's name by id, for fields that name one (assigned_to). */
  memberName?: (id: string) => string | undefined;
};

/** A recorded value as a person reads it: stages and tiers by name, nothing as a dash. */
export function formatValue(key: string, value: unknown, options: FormatValueOptions = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (key.includes('stage') && isStage(value)) return STAGE_LABELS.get(value) ?? value;
    if ((key.includes('tier') || key === 'downgraded_from') && isTier(value)) {
      return TIER_INFO[value].name;
    }
    if (key.endsWith('_at') && !Number.isNaN(Date.parse(value))) {
      return options.seconds ? formatUkDateTimeSeconds(value) : formatUkDateTime(value);
    }
    if (key === 'type' && value in FILE_TYPES) return FILE_TYPES[value] ?? value;
    if (key === 'role' && isStaffRole(value)) return STAFF_ROLE_LABELS[value];
    if (key === 'table' || key === 'target_type') return targetLabel(value);
    if (key === 'action_filter') return actionLabel(value);
    if (key === 'list' && Object.hasOwn(SCREENING_LIST_LABELS, value)) {
      return SCREENING_LIST_LABELS[value as keyof typeof SCREENING_LIST_LABELS];
    }
    if (key === 'status' && Object.hasOwn(ALERT_STATUS_LABELS, value)) {
      return ALERT_STATUS_LABELS[value as keyof typeof ALERT_STATUS_LABELS];
    }
    if (key === 'assigned_to' || key === 'member') return options.memberName?.(value) ?? value;
    // Vocabulary words (pending, approved, resubmission_requested) read as words.
    if (WORD_KEYS.has(key)) return sentenceCase(value);
    return value;
  }
  if (typeof value === 'number') return value.toLocaleString('en-GB');
  if (key === 'fields' && Array.isArray(value)) {
    return value.length ? value.map((field) => fieldLabel(String(field))).join(', ') : '—';
  }
  if (Array.isArray(value)) return value.map((item) => formatValue(key, item, options)).join(', ');
  if (typeof value === 'object') {
    // A nested record (a legal page's title, length and fingerprint): its own fields, in words.
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([inner]) => !isInternal(inner))
      .map(([inner, v]) => `${fieldLabel(inner)}: ${formatValue(inner, v, options)}`);
    return parts.length ? parts.join(', ') : '—';
  }
  return String(value);
}

export type Change = { key: string; label: string; from: string | null; to: string | null };

function asRecord(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  return { value };
}

/**
 * The before → after of one audit row, field by field. A field only in `after` is something
 * the action recorded (from is null); one unchanged on both sides, or an internal id, is left
 * out.
 */
export function describeChange(
  before: unknown,
  after: unknown,
  options: FormatValueOptions = {},
): Change[] {
  const from = asRecord(before);
  const to = asRecord(after);
  const keys = [...new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])];
  const changes: Change[] = [];
  for (const key of keys) {
    if (isInternal(key)) continue;
    const hadBefore = from !== null && key in from;
    const hasAfter = to !== null && key in to;
    const was = hadBefore ? formatValue(key, from[key], options) : null;
    const now = hasAfter ? formatValue(key, to[key], options) : null;
    // An action that recorded no optional field (an offer without a note) says nothing of it.
    if (key === 'fields' && was === null && now === '—') continue;
    if (was !== null && now !== null && was === now) continue;
    changes.push({ key, label: fieldLabel(key), from: was, to: now });
  }
  return changes;
}

/** One line for a row's details: 'Stage: KYC → Tier Offer; Recorded: Pricing note'. */
export function describeDetails(before: unknown, after: unknown, options?: FormatValueOptions) {
  return describeChange(before, after, options)
    .map((change) =>
      change.from === null
        ? `${change.label}: ${change.to}`
        : change.to === null
          ? `${change.label}: was ${change.from}`
          : `${change.label}: ${change.from} → ${change.to}`,
    )
    .join('; ');
}
