import { useMutation } from '@tanstack/react-query';
import {
  INVALID_CREDENTIALS,
  type AdminAuthResponse,
  type TAdminAuthRequest,
} from '#shared/schemas/staff.ts';
import { api } from '#client/lib/api-client.ts';

/**
 * `admin-auth`, step one of signing in (CONTRACT §5): e-mail and passphrase for a challenge,
 * never a token. No header: nobody is signed in yet, and a 401 here is no expired session.
 */
export async function signIn(input: TAdminAuthRequest): Promise<AdminAuthResponse> {
  const body = await api.post<Partial<AdminAuthResponse>>('/admin-auth', input);
  if (typeof body.challenge !== 'string' || body.challenge === '') {
    // SPEC §8: an answer that is not ok, or carries nothing to go on with.
    throw new Error(INVALID_CREDENTIALS);
  }
  return body as AdminAuthResponse;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
