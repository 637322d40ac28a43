import type { AdminSessionResponse } from '#shared/schemas/staff.ts';
import { verifyChallenge, type SignInRequest } from '../auth/staff-sign-in.ts';

/** `admin-auth-verify`: a TOTP code or a recovery code turns the challenge into a token. */
export function adminAuthVerify(
  request: SignInRequest,
  input: { challenge: string; code: string },
): Promise<AdminSessionResponse> {
  return verifyChallenge(request, input);
}
