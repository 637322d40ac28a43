import { APPLY_SESSION_COOKIE } from '../../../../shared/api.ts';

/**
 * The application id from the readable `apply_session` cookie (SPEC §9). The session token
 * itself is HttpOnly and never visible here; this cookie only tells the screens whether asking
 * the server is worth it, so a visitor without an application sends no doomed request.
 */
export function readBasicId(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === APPLY_SESSION_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return value === '' ? null : value;
    }
  }
  return null;
}

export function hasApplicantSession(): boolean {
  return readBasicId() !== null;
}

/** SPEC §3: the applicant-entered code, once validated, is kept for this tab. */
export const VALIDATED_INVITE_KEY = 'waj_validated_invite_code';

export function rememberValidatedInvite(code: string): void {
  try {
    window.sessionStorage.setItem(VALIDATED_INVITE_KEY, code);
  } catch {
    // Storage can be disabled (private mode); the code is only a convenience.
  }
}
