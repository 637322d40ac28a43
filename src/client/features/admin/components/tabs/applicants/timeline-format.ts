import type { AuditRow } from '../../../../../../shared/schemas/admin-lists.ts';
import { STAGE_FILTER_OPTIONS } from '../../../../../../shared/schemas/admin-lists.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../../../../shared/staff.ts';
import { isStage } from '../../../../../../shared/stages.ts';
import { isTier, TIER_INFO } from '../../../../../../shared/tiers.ts';
import { formatStaffDateTime } from '../../../utils/format-date.ts';

/** What each audit action means to a reader of the timeline; unknown ones are spelled out. */
const ACTION_LABELS: Record<string, string> = {
  'application.create': 'Application created',
  'application.verify_code': 'Invite code verified',
  'application.details': 'Details saved',
  'application.invite': 'Invited',
  'application.kyc_start': 'Verification started',
  'application.kyc_complete': 'Verification complete',
  'application.kyc_resubmit': 'Asked to upload again',
  'application.override_tier': 'Tier overridden',
  'application.activate': 'Account activated',
  'application.email_set': 'E-mail address given (unconfirmed)',
  'application.email_verified': 'E-mail address confirmed',
  'application.duplicate': 'Applied again with the same e-mail',
  'application.decline': 'Application declined',
  'application.erase_request': 'Erasure requested',
  'application.erase_approve': 'Erasure approved',
  'application.erase': 'Personal data erased',
  'application.export': 'Data exported',
  'applicant.sign_out': 'Signed out',
  'identity_check.create': 'Identity check created',
  'identity_check.decision': 'Identity check decision',
  'identity_check.event': 'Identity check event',
  'identity_check.resume': 'Identity check resumed',
  'identity_check.watchlist': 'Watchlist screening',
  'invite_code.generate': 'Invite code issued',
  'invite_code.redeem': 'Invite code redeemed',
  'kyc_file.upload': 'Identity file uploaded',
  'kyc_file.approve': 'Identity file approved',
  'kyc_file.reject': 'Identity file rejected',
  'magic_link.issue': 'Resume link issued',
  'magic_link.redeem': 'Resume link used',
  'magic_link.resend': 'Magic link sent',
  'offer.issue': 'Offer issued',
  'offer.issue_for_approval': 'Offer sent for approval',
  'offer.approve': 'Offer approved',
  'sanctions.clear': 'Sanctions match cleared',
  'kyc_file.viewed': 'Identity file viewed',
  'offer.accept': 'Offer accepted',
  'offer.downgrade': 'Tier downgraded',
};

function sentenceCase(text: string): string {
  const spaced = text.replace(/[._]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? sentenceCase(action);
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
const WORD_KEYS = new Set(['status', 'decision', 'last_event', 'action', 'provider']);

/** Internal references (ids, hashes) mean nothing to a reader of the timeline. */
function isInternal(key: string): boolean {
  return (
    key === 'id' ||
    key.endsWith('_id') ||
    key.endsWith('_hash') ||
    key === 'replaces' ||
    // A cleared sanctions match lists the identity checks it cleared, by id.
    key === 'checks'
  );
}

/**
 * Audit rows name the fields an action recorded, never their values (CONTRACT §6): the values
 * stay in their own tables, which an erasure empties. These read better than the column names.
 */
const FIELD_LABELS: Record<string, string> = {
  fields: 'Recorded',
  full_name: 'Full name',
  email: 'E-mail address',
  annual_income: 'Annual income',
  employment_status: 'Employment status',
  pep_exposed: 'PEP exposure',
  card_tier_pref: 'Preferred tier',
  notes: 'Notes',
  rejection_reason: 'Rejection reason',
  reason: 'Reason',
  pricing_note: 'Pricing note',
  esign_name: 'Signature name',
  card_last4: 'Card last 4 digits',
  card_shipment_tracking: 'Shipment tracking',
  email_verified: 'E-mail address confirmed',
};

const STAGE_LABELS = new Map<string, string>(
  STAGE_FILTER_OPTIONS.map((option) => [option.value, option.label]),
);

/** A recorded value as a person reads it: stages and tiers by name, nothing as a dash. */
export function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (key.includes('stage') && isStage(value)) return STAGE_LABELS.get(value) ?? value;
    if (key.includes('tier') && isTier(value)) return TIER_INFO[value].name;
    if (key.endsWith('_at') && !Number.isNaN(Date.parse(value))) return formatStaffDateTime(value);
    if (key === 'type' && value in FILE_TYPES) return FILE_TYPES[value] ?? value;
    // Vocabulary words (pending, approved, resubmission_requested) read as words.
    if (WORD_KEYS.has(key)) return sentenceCase(value);
    return value;
  }
  if (typeof value === 'number') return String(value);
  if (key === 'fields' && Array.isArray(value)) {
    return value.length ? value.map((field) => fieldLabel(String(field))).join(', ') : '—';
  }
  if (Array.isArray(value)) return value.map((item) => formatValue(key, item)).join(', ');
  return JSON.stringify(value);
}

export function fieldLabel(key: string): string {
  return FIELD_LABELS[key] ?? sentenceCase(key);
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
export function describeChange(before: unknown, after: unknown): Change[] {
  const from = asRecord(before);
  const to = asRecord(after);
  const keys = [...new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])];
  const changes: Change[] = [];
  for (const key of keys) {
    if (isInternal(key)) continue;
    const hadBefore = from !== null && key in from;
    const hasAfter = to !== null && key in to;
    const was = hadBefore ? formatValue(key, from[key]) : null;
    const now = hasAfter ? formatValue(key, to[key]) : null;
    // An action that recorded no optional field (an offer without a note) says nothing of it.
    if (key === 'fields' && was === null && now === '—') continue;
    if (was !== null && now !== null && was === now) continue;
    changes.push({ key, label: fieldLabel(key), from: was, to: now });
  }
  return changes;
}
