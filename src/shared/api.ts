/** The contract's response shapes (CONTRACT §2). */
export interface ApiFailure {
  ok: false;
  error: string;
  details?: Record<string, string>;
}

export type ApiSuccess<T extends object = object> = { ok: true } & T;

/** Staff token header and the applicant session header (CONTRACT §2). */
export const ADMIN_TOKEN_HEADER = 'x-admin-pass';
export const SESSION_TOKEN_HEADER = 'x-session-token';
export const SESSION_COOKIE = 'waj_session';
export const APPLY_SESSION_COOKIE = 'apply_session';
