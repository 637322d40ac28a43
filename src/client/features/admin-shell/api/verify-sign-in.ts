import { useMutation } from '@tanstack/react-query';
import type { AdminSessionResponse, TAdminCodeRequest } from '#shared/schemas/staff.ts';
import { callApi } from '#client/lib/api-client.ts';

/** `admin-auth-verify`: the challenge and a TOTP or recovery code for a staff token. */
export function verifySignIn(input: TAdminCodeRequest): Promise<AdminSessionResponse> {
  // Plain api, not staffApi: there is no token yet, so a 401 is a wrong code, not an expiry.
  return callApi('admin-auth-verify', input);
}

export function useVerifySignIn() {
  return useMutation({ mutationFn: verifySignIn });
}
