import {
  apiFetch,
  apiRequest,
  isApiError,
  type ApiPath,
  type ApiRequestOptions,
} from '#client/lib/api-client.ts';
import { clearStaffToken, getStaffToken } from '#client/lib/staff-token.ts';
import { SESSION_IDLE_MESSAGE, STAFF_BACKGROUND_HEADER } from '#shared/staff.ts';
import { clearStaffActivity, noteStaffCall } from '#client/lib/staff-activity.ts';

/** Shown on the gate after the server refused a stored token (expired or revoked). */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

const SIGNED_OUT_NOTICE_KEY = 'waj_admin_notice';

/** The notice the gate shows once after a forced sign-out; reading it clears it. */
export function takeSignedOutNotice(): string | null {
  try {
    const notice = window.sessionStorage.getItem(SIGNED_OUT_NOTICE_KEY);
    window.sessionStorage.removeItem(SIGNED_OUT_NOTICE_KEY);
    return notice;
  } catch {
    return null;
  }
}

/** Ends the panel's session here: the gate comes back showing `notice` once. */
export function signOutExpired(notice: string = SESSION_EXPIRED_MESSAGE): void {
  try {
    window.sessionStorage.setItem(SIGNED_OUT_NOTICE_KEY, notice);
  } catch {
    // Storage blocked: the gate just shows no notice.
  }
  clearStaffActivity();
  // Every reader of the token (the panel) re-renders and shows the gate.
  clearStaffToken();
}

/** `background`: a call the panel makes by itself, which must not keep an idle session alive. */
type StaffRequestOptions = ApiRequestOptions & { background?: boolean };

function withStaffToken({ background, ...options }: StaffRequestOptions): ApiRequestOptions {
  const token = getStaffToken();
  if (token && !background) noteStaffCall();
  return {
    ...options,
    // SPEC §6 / CONTRACT §2: staff calls send the token as x-admin-pass.
    headers: {
      ...options.headers,
      ...(token ? { 'x-admin-pass': token } : {}),
      ...(background ? { [STAFF_BACKGROUND_HEADER]: '1' } : {}),
    },
  };
}

/** A 401 from any staff call means the token is gone: back to the gate, with a message. */
function onStaffError(error: unknown): never {
  if (isApiError(error) && error.status === 401) {
    signOutExpired(
      error.message === SESSION_IDLE_MESSAGE ? SESSION_IDLE_MESSAGE : SESSION_EXPIRED_MESSAGE,
    );
  }
  throw error;
}

/**
 * The staff panel's calls: the stored token in `x-admin-pass`, and a refused token signs the
 * panel out. Failures are the api-client's `ApiError`s, so callers toast `error.message` only
 * where the spec has no fixed message.
 */
export const staffApi = {
  post: <T>(path: ApiPath, body: unknown = {}, options: Omit<StaffRequestOptions, 'body'> = {}) =>
    apiFetch<T>(path, withStaffToken({ ...options, method: 'POST', body })).catch(onStaffError),
  /** For non-JSON answers (CSV export, staff-only file reads). */
  request: (path: ApiPath, options: StaffRequestOptions = {}) =>
    apiRequest(path, withStaffToken(options)).catch(onStaffError),
};
