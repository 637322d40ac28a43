import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplySignoutResponse } from '../../../../shared/schemas/journey.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /api/apply-signout`: the server revokes the session and clears both cookies (the token's
 * is HttpOnly, so only the server can). What was cached belonged to that session.
 */
export function useApplicantSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ApplySignoutResponse>('/apply-signout'),
    onSuccess: () => queryClient.removeQueries({ queryKey: ['apply'] }),
  });
}
