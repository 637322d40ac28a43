import { APPLY_SESSION_COOKIE } from '#shared/api.ts';

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

let signingOut = false;
let signedOutHere = false;

/** The sign-out of this tab: asked for, done (the server ended the session) or failed. */
export function noteSignOut(state: 'asked' | 'done' | 'failed'): void {
  signingOut = state === 'asked';
  if (state === 'done') signedOutHere = true;
}

/**
 * This tab is signing out, or signed out and still leaving the screen: a read of the session
 * would be refused with a 401, so none is sent. A new session (its cookie back) ends this. A
 * session ended elsewhere (another tab, expiry) is not this: its reads are refused and the
 * screen goes to /apply as before.
 */
export function applicantSessionEnding(): boolean {
  if (signingOut) return true;
  if (signedOutHere && hasApplicantSession()) signedOutHere = false;
  return signedOutHere;
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
