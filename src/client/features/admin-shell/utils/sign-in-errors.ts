import {
  CHALLENGE_EXPIRED,
  INVALID_CODE,
  INVALID_CREDENTIALS,
  JOIN_LINK_INVALID,
} from '#shared/schemas/staff.ts';
import { GENERIC_ERROR_MESSAGE, isApiError } from '#client/lib/api-client.ts';

/** SPEC §8 'Admin': a call that failed for any other reason. */
export const AUTHENTICATION_FAILED = 'Authentication failed';

/** Step one (e-mail and passphrase): which message a failure shows. */
export function signInMessage(error: unknown): string {
  if (isApiError(error)) {
    // The same answer whether or not the address exists (CONTRACT §5).
    if (error.status === 401) return INVALID_CREDENTIALS;
    // Too many attempts: the server's message says when to try again.
    if (error.status === 429) return error.message;
    return AUTHENTICATION_FAILED;
  }
  if (error instanceof Error && error.message === INVALID_CREDENTIALS) return error.message;
  return AUTHENTICATION_FAILED;
}

/** What a refused code means for the screen showing it. */
export type CodeFailure =
  /** The challenge is spent or older than 5 minutes: start again from step one. */
  | { kind: 'expired'; message: string }
  /** Wrong code, too many tries, or no answer: stay, show the message, try again. */
  | { kind: 'retry'; message: string };

/** The code step (`admin-auth-verify`, `admin-mfa-enroll`): which failure this is. */
export function codeFailure(error: unknown): CodeFailure {
  if (!isApiError(error) || error.status === 0) {
    return { kind: 'retry', message: AUTHENTICATION_FAILED };
  }
  if (error.message === CHALLENGE_EXPIRED || error.details?.challenge) {
    return { kind: 'expired', message: CHALLENGE_EXPIRED };
  }
  if (error.status === 429) return { kind: 'retry', message: error.message };
  const field = error.details?.code;
  if (field) return { kind: 'retry', message: field };
  if (error.status === 401) {
    return {
      kind: 'retry',
      message: error.message === GENERIC_ERROR_MESSAGE ? INVALID_CODE : error.message,
    };
  }
  return { kind: 'retry', message: AUTHENTICATION_FAILED };
}

/**
 * Says a failed code step out loud (a toast) and sends an expired challenge back to step one.
 * Returns the message for the field when the member may try again, or null when they may not.
 */
export function reportCodeFailure(
  error: unknown,
  onExpired: (message: string) => void,
  toastError: (message: string) => void,
): string | null {
  const failure = codeFailure(error);
  toastError(failure.message);
  if (failure.kind === 'expired') {
    onExpired(failure.message);
    return null;
  }
  return failure.message;
}

/** `admin-staff-join`: a refused link, or another failure with the message to show. */
export function joinFailure(
  error: unknown,
): { kind: 'invalid' } | { kind: 'retry'; message: string } {
  if (!isApiError(error) || error.status === 0) {
    return { kind: 'retry', message: AUTHENTICATION_FAILED };
  }
  if (error.message === JOIN_LINK_INVALID || error.details?.token) return { kind: 'invalid' };
  if (error.status === 401 || error.status === 404 || error.status === 410) {
    return { kind: 'invalid' };
  }
  if (error.status === 429 || error.status === 400) {
    return {
      kind: 'retry',
      message: error.details?.passphrase ?? error.message,
    };
  }
  return { kind: 'retry', message: AUTHENTICATION_FAILED };
}
