/**
 * Named staff (CONTRACT §5): the roles, statuses and session rules. What each role may call is
 * in the call registry (calls.ts: STAFF_CALLS, mayCall, TAB_CALLS), which the server's guard and
 * the panel both read, so the two can never disagree. This module must not import calls.ts
 * (calls.ts imports STAFF_ROLES from here).
 */

export const STAFF_ROLES = ['owner', 'compliance', 'operations', 'mlro'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  compliance: 'Compliance',
  operations: 'Operations',
  mlro: 'MLRO',
};

export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const NO_PERMISSION = 'You do not have permission to do this.';

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
