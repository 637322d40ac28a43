import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '#client/lib/api-client.ts';
import { noteSignOut } from '../utils/session.ts';

/**
 * `POST /api/apply-signout`: the server revokes the session and clears both cookies (the token's
 * is HttpOnly, so only the server can). What was cached belonged to that session.
 */
export function useApplicantSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('apply-signout'),
    // From the moment it is asked for, the screen's own polling stops asking (get-status.ts).
    onMutate: () => noteSignOut('asked'),
    onSuccess: () => {
      noteSignOut('done');
      queryClient.removeQueries({ queryKey: ['apply'] });
    },
    onError: () => noteSignOut('failed'),
  });
}
