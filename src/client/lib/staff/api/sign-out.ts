import { useMutation } from '@tanstack/react-query';
import { callApi } from '#client/lib/api-client.ts';
import { clearStaffToken, getStaffToken } from '#client/lib/staff-token.ts';

/** `admin-signout`: revokes the token on the server, then forgets it here whatever happens. */
export async function signOut(): Promise<void> {
  try {
    const token = getStaffToken();
    // Not staffApi: a refused token here is no "session expired" news, we are leaving anyway.
    if (token) await callApi('admin-signout', {}, { headers: { 'x-admin-pass': token } });
  } catch (error) {
    console.warn('Sign-out could not reach the server; the token is forgotten here.', error);
  } finally {
    clearStaffToken();
  }
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
