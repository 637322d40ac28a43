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

/**
 * Sent by the product's own client with every file upload. A page on another origin cannot add
 * a custom header to a request without the server's consent (CORS), so an upload that lacks it
 * was not sent by our pages (see the server's request-origin checks).
 */
export const UPLOAD_HEADER = 'x-requested-with';
export const UPLOAD_HEADER_VALUE = 'waj';
