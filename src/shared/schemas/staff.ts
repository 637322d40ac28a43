import { z } from './zod.ts';
import { emailField, staffReasonField, text } from './fields.ts';
import { STAFF_PASSPHRASE_MIN, STAFF_ROLES, type StaffMember, type StaffRole } from '../staff.ts';
import type { Tier } from '../tiers.ts';

/** SPEC §8's gate messages, kept as the server's answers too. */
export const ENTER_PASSPHRASE = 'Enter passphrase';
export const INVALID_CREDENTIALS = 'Invalid credentials';
export const ENTER_CODE = 'Enter the 6-digit code from your authenticator app';
export const INVALID_CODE = 'That code is not right. Please try the current one.';
export const CHALLENGE_EXPIRED = 'Your sign-in has expired. Please start again.';
export const PASSPHRASE_TOO_SHORT = `Passphrase must be at least ${STAFF_PASSPHRASE_MIN} characters`;
export const JOIN_LINK_INVALID =
  'This invitation link is not valid or has expired. Please ask an owner for a new one.';
export const LAST_OWNER = 'The last active owner cannot be demoted or disabled.';
export const SELF_APPROVAL = 'An offer must be approved by an owner other than its issuer.';
export const SANCTIONS_BLOCK =
  'This applicant has a sanctions match. Compliance must clear it before an offer can be issued.';

/** `admin-auth` step one: e-mail and passphrase (SPEC §5: 'Enter passphrase'). */
export const ZAdminAuthRequest = z.object({
  email: emailField,
  passphrase: text(ENTER_PASSPHRASE).trim().min(1, ENTER_PASSPHRASE).max(1024, INVALID_CREDENTIALS),
});
export type TAdminAuthRequest = z.input<typeof ZAdminAuthRequest>;

/** What step one answers: a challenge for the code step, or for enrolment with the secret. */
export type AdminAuthResponse =
  | { ok: true; challenge: string; mfa: 'verify' }
  | { ok: true; challenge: string; mfa: 'enroll'; otpauth_url: string; secret: string };

const challengeField = text(CHALLENGE_EXPIRED)
  .min(1, CHALLENGE_EXPIRED)
  .max(200, CHALLENGE_EXPIRED);

/**
 * A TOTP code (6 digits, spaces allowed) or a recovery code (letters and digits, dashes
 * allowed): the server tells them apart.
 */
const codeField = text(ENTER_CODE).trim().min(1, ENTER_CODE).max(40, INVALID_CODE);

/** `admin-auth-verify` and `admin-mfa-enroll`. */
export const ZAdminCodeRequest = z.object({ challenge: challengeField, code: codeField });
export type TAdminCodeRequest = z.input<typeof ZAdminCodeRequest>;

/** A token, only ever after a second factor. */
export type AdminSessionResponse = {
  ok: true;
  token: string;
  expires_at: string;
  staff: StaffMember;
};
/** `admin-mfa-enroll` adds the ten recovery codes, shown once. */
export type AdminEnrollResponse = AdminSessionResponse & { recovery_codes: string[] };

/** `admin-me`: who the token belongs to. */
export type AdminMeResponse = { ok: true; staff: StaffMember };

export const staffPassphraseField = text(PASSPHRASE_TOO_SHORT)
  .min(STAFF_PASSPHRASE_MIN, PASSPHRASE_TOO_SHORT)
  .max(1024, 'Passphrase must be less than 1024 characters');

/** `admin-staff-join`: the invitation token and the member's chosen passphrase. */
export const ZStaffJoinRequest = z.object({
  token: text(JOIN_LINK_INVALID).min(1, JOIN_LINK_INVALID).max(200, JOIN_LINK_INVALID),
  passphrase: staffPassphraseField,
});
export type TStaffJoinRequest = z.input<typeof ZStaffJoinRequest>;

const roleField = z.enum(STAFF_ROLES, 'Please choose a role');
const staffNameField = text('Name must be at least 2 characters')
  .trim()
  .min(2, 'Name must be at least 2 characters')
  .max(120, 'Name must be less than 120 characters');

/** `admin-staff-invite` (owner). */
export const ZStaffInviteRequest = z.object({
  email: emailField,
  name: staffNameField,
  role: roleField,
});
export type TStaffInviteRequest = z.input<typeof ZStaffInviteRequest>;
export type StaffInviteResponse = { ok: true; id: string };

/** `admin-staff-update` (owner): a new role, a new status, or both. */
export const ZStaffUpdateRequest = z
  .object({
    id: z.uuid('Invalid staff member'),
    role: roleField.optional(),
    status: z.enum(['active', 'disabled'], 'Please choose a status').optional(),
  })
  .refine((v) => v.role !== undefined || v.status !== undefined, {
    message: 'Nothing to change',
    path: ['role'],
  });
export type TStaffUpdateRequest = z.input<typeof ZStaffUpdateRequest>;

export const ZStaffIdRequest = z.object({ id: z.uuid('Invalid staff member') });

export type StaffListRow = StaffMember & {
  status: 'invited' | 'active' | 'disabled';
  mfa_enabled: boolean;
  last_sign_in_at: string | null;
  created_at: string;
};
export type StaffListResponse = { ok: true; data: StaffListRow[] };

/** `admin-session-revoke`: one session by id, or every session of the caller. */
export const ZSessionRevokeRequest = z.union(
  [z.object({ id: z.uuid('Invalid session') }), z.object({ all: z.literal(true) })],
  'Choose a session to sign out',
);
export type TSessionRevokeRequest = z.input<typeof ZSessionRevokeRequest>;

export type SessionListRow = {
  id: string;
  created_at: string;
  expires_at: string;
  /** The last call made with it, to the minute (the server records it at most once a minute). */
  last_active_at: string;
  ip: string | null;
  user_agent: string | null;
  /** The session making this call. */
  current: boolean;
};
export type SessionListResponse = { ok: true; data: SessionListRow[] };

/** `admin-sanctions-clear` (compliance): a written reason is required. */
export const ZSanctionsClearRequest = z.object({
  basic_id: z.uuid('Invalid application id'),
  reason: staffReasonField('Please give a reason of at least 10 characters', {
    min: 10,
    max: 1000,
  }),
});
export type TSanctionsClearRequest = z.input<typeof ZSanctionsClearRequest>;

/** `admin-offer-issue` answers whether the offer went out or waits for a second owner. */
export type OfferIssueResponse = { ok: true; status: 'issued' | 'pending_approval' };

/** An offer waiting for a second owner (four eyes), as the Offers tab shows it. */
export type PendingOffer = {
  tier: Tier;
  pricing_note: string | null;
  issued_at: string;
  issued_by: { id: string | null; name: string; email: string | null };
};

/** A sanctions match on the current identity check, and its clearance when there is one. */
export type SanctionsState = {
  match: boolean;
  cleared: { reason: string; by: string; at: string } | null;
};

export type { StaffMember, StaffRole };
