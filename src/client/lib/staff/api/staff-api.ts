import type { FileCallName, PostCallName, StaffCall, UploadCallName } from '#shared/calls.ts';
import {
  downloadApi,
  isApiError,
  postCall,
  uploadApi,
  type CallArgs,
  type CallOptions,
  type FileRequest,
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
export type StaffCallOptions = CallOptions & { background?: boolean };

function withStaffToken({ background, ...options }: StaffCallOptions = {}): CallOptions {
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

/** The staff calls made with a JSON body (every staff call but the uploads and downloads). */
export type StaffPostCall = StaffCall & PostCallName;

/**
 * The staff panel's calls, by name (src/shared/calls.ts): the stored token in `x-admin-pass`,
 * and a refused token signs the panel out. Failures are the api-client's `ApiError`s, so
 * callers toast `error.message` only where the spec has no fixed message.
 */
export const staffApi = {
  /** A JSON call: `staffApi.call('admin-kyc-list', params, { signal })`. */
  call: <N extends StaffPostCall>(name: N, ...[body, options]: CallArgs<N, StaffCallOptions>) =>
    postCall(name, body, withStaffToken(options)).catch(onStaffError),
  /** A multipart upload: `staffApi.upload('admin-asset-upload', form)`. */
  upload: <N extends StaffCall & UploadCallName>(
    name: N,
    form: FormData,
    options?: StaffCallOptions,
  ) => uploadApi(name, form, withStaffToken(options)).catch(onStaffError),
  /**
   * A file (a CSV export, a staff-only file) as the raw Response:
   * `staffApi.download('admin-kyc-file', { param: id }, { signal })`.
   */
  download: <N extends StaffCall & FileCallName>(
    name: N,
    request: FileRequest<N>,
    options?: StaffCallOptions,
  ) => downloadApi(name, request, withStaffToken(options)).catch(onStaffError),
};
