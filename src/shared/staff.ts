/**
 * Named staff (CONTRACT §5): the roles and what each may call. The server's guard reads
 * STAFF_CALLS for every staff route; the panel reads the same table to hide what a role cannot
 * use, so the two can never disagree.
 */

export const STAFF_ROLES = ['owner', 'compliance', 'operations'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  compliance: 'Compliance',
  operations: 'Operations',
};

export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const NO_PERMISSION = 'You do not have permission to do this.';

/** Every signed-in member, whatever their role. */
const EVERYONE: readonly StaffRole[] = STAFF_ROLES;
const OWNER: readonly StaffRole[] = ['owner'];
const COMPLIANCE: readonly StaffRole[] = ['owner', 'compliance'];
const OPERATIONS: readonly StaffRole[] = ['owner', 'operations'];
/** Applicant reads both teams need. */
const CASEWORK: readonly StaffRole[] = ['owner', 'compliance', 'operations'];

/**
 * Who may make each staff call, by route name. The owner may do everything; the rest follows
 * CONTRACT §5's table. A staff route missing here fails the server's start-up check.
 */
export const STAFF_CALLS = {
  // Own session and account.
  'admin-me': EVERYONE,
  'admin-signout': EVERYONE,
  'admin-session-list': EVERYONE,
  'admin-session-revoke': EVERYONE,
  // Applicants.
  'admin-applicant-list': CASEWORK,
  'admin-applicant-resend-link': OPERATIONS,
  'admin-applicant-invite': OPERATIONS,
  'admin-applicant-override-tier': COMPLIANCE,
  'admin-audit-list': COMPLIANCE,
  'admin-audit-export': COMPLIANCE,
  // The case screen and taking a case: both teams work cases.
  'admin-applicant-case': CASEWORK,
  'admin-case-assign': CASEWORK,
  // Data protection (CONTRACT §6).
  'admin-applicant-decline': COMPLIANCE,
  'admin-applicant-export': COMPLIANCE,
  'admin-applicant-erase': COMPLIANCE,
  'admin-applicant-erase-approve': COMPLIANCE,
  'admin-data-protection': COMPLIANCE,
  // KYC, screening and offers.
  'admin-kyc-list': COMPLIANCE,
  'admin-kyc-action': COMPLIANCE,
  'admin-kyc-file': COMPLIANCE,
  'admin-sanctions-clear': COMPLIANCE,
  // Staff's decision after a Veriff decline (the other half is admin-applicant-decline).
  'admin-identity-approve': COMPLIANCE,
  'admin-offer-list': COMPLIANCE,
  'admin-offer-issue': COMPLIANCE,
  'admin-offer-approve': OWNER,
  // Inboxes.
  'admin-eoi-list': OPERATIONS,
  'admin-eoi-update': OPERATIONS,
  'admin-contact-list': OPERATIONS,
  'admin-contact-update': OPERATIONS,
  'admin-bulk-update': OPERATIONS,
  'admin-export-csv': OPERATIONS,
  // Activations, invitations, assets, mail.
  'admin-activation-list': OPERATIONS,
  'admin-activation': OPERATIONS,
  'admin-invite-generate': OPERATIONS,
  'admin-invite-list': OPERATIONS,
  'admin-asset-list': OPERATIONS,
  'admin-asset-upload': OPERATIONS,
  'admin-asset-delete': OPERATIONS,
  'admin-email-test': OPERATIONS,
  'admin-email-failed-list': OPERATIONS,
  'admin-email-retry': OPERATIONS,
  // Site-wide switches and copy.
  'admin-maintenance-toggle': OWNER,
  'admin-invite-toggle': OWNER,
  'admin-legal-update': OWNER,
  'one-time-legal-update': OWNER,
  // Staff management.
  'admin-staff-list': OWNER,
  'admin-staff-invite': OWNER,
  'admin-staff-update': OWNER,
  'admin-staff-reset-mfa': OWNER,
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffCall = keyof typeof STAFF_CALLS;

export function mayCall(role: StaffRole, call: StaffCall): boolean {
  return (STAFF_CALLS[call] as readonly StaffRole[]).includes(role);
}

/** Staff calls open to anyone: the steps of signing in and joining. */
export const STAFF_SIGN_IN_CALLS = [
  'admin-auth',
  'admin-auth-verify',
  'admin-mfa-enroll',
  'admin-staff-join',
] as const;

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
} as const satisfies Record<string, StaffCall>;

/** A member as the panel and the audit trail name them. */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

/** How the timeline names rows written before named accounts (a token id only). */
export const LEGACY_STAFF_LABEL = 'Staff (before named accounts)';

/** Passphrases of named members: at least 12 characters (CONTRACT §5). */
export const STAFF_PASSPHRASE_MIN = 12;

/**
 * A staff session ends after 30 minutes without a call of the member's own (besides the 8-hour
 * cap on every token). The server refuses the token; the panel warns a minute before.
 */
export const STAFF_IDLE_MS = 30 * 60 * 1000;

/** The panel's warning shows this long before the idle end. */
export const STAFF_IDLE_WARNING_MS = 60 * 1000;

/**
 * The server records a token's last activity at most once a minute (one conditional UPDATE,
 * not one per call), so its idea of the last call can lag this much; the panel counts the same.
 */
export const STAFF_ACTIVITY_STEP_MS = 60 * 1000;

/**
 * A call the panel makes by itself (polling, refreshes nobody asked for) sends this header with
 * the value '1': it is checked like any other but does not count as activity (decision 034).
 */
export const STAFF_BACKGROUND_HEADER = 'x-staff-background';

/** The 401 of a token idle too long; the sign-in screen shows it. */
export const SESSION_IDLE_MESSAGE =
  'Your session has ended after 30 minutes without activity. Please sign in again.';
