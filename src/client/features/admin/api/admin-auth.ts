import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clearStaffToken, getStaffToken, setStaffToken } from '../../../lib/staff-token.ts';

type AdminAuthResponse = { ok: true; token: string };

/** `admin-auth`: the passphrase for a staff token (no header; SPEC §7). */
export async function signIn(passphrase: string): Promise<string> {
  const body = await api.post<Partial<AdminAuthResponse>>('/admin-auth', { passphrase });
  if (typeof body.token !== 'string' || body.token === '') {
    // SPEC §8: not ok or no token.
    throw new Error('Invalid credentials');
  }
  setStaffToken(body.token);
  return body.token;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

/** `admin-signout`: revokes the token on the server, then forgets it here whatever happens. */
export async function signOut(): Promise<void> {
  try {
    const token = getStaffToken();
    // Not staffApi: a refused token here is no "session expired" news, we are leaving anyway.
    if (token) await api.post('/admin-signout', {}, { headers: { 'x-admin-pass': token } });
  } catch (error) {
    console.warn('Sign-out could not reach the server; the token is forgotten here.', error);
  } finally {
    clearStaffToken();
  }
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
