import type { AdminEnrollResponse } from '#shared/schemas/staff.ts';
import { newRecoveryCodes } from '../auth/mfa.ts';
import { enrollChallenge, type SignInRequest } from '../auth/staff-sign-in.ts';

/**
 * `admin-mfa-enroll`: the first code from the new secret confirms it; the answer carries the
 * ten recovery codes, the only time they are ever shown.
 */
export async function adminMfaEnroll(
  request: SignInRequest,
  input: { challenge: string; code: string },
): Promise<AdminEnrollResponse> {
  const codes = newRecoveryCodes();
  const session = await enrollChallenge(request, input, { codes });
  return { ...session, recovery_codes: codes };
}
