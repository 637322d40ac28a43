import { useMutation } from '@tanstack/react-query';
import {
  INVALID_CREDENTIALS,
  type AdminAuthResponse,
  type TAdminAuthRequest,
} from '#shared/schemas/staff.ts';
import { callApi } from '#client/lib/api-client.ts';

/**
 * `admin-auth`, step one of signing in (CONTRACT §5): e-mail and passphrase for a challenge,
 * never a token. No header: nobody is signed in yet, and a 401 here is no expired session.
 */
export async function signIn(input: TAdminAuthRequest): Promise<AdminAuthResponse> {
  const body = await callApi('admin-auth', input);
  // SPEC §8: the answer is checked, not trusted: one that carries nothing to go on with fails.
  if (typeof body?.challenge !== 'string' || body.challenge === '') {
    throw new Error(INVALID_CREDENTIALS);
  }
  return body;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
