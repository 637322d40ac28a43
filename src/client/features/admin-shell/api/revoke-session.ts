import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSessionRevokeRequest } from '#shared/schemas/staff.ts';
import { sessionsKey } from './get-sessions.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { staffMeta } from '#client/lib/react-query.ts';

/** `admin-session-revoke`: one of the member's own sessions by id, or `{all: true}`. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSessionRevokeRequest) => staffApi.call('admin-session-revoke', input),
    meta: staffMeta('admin-session-revoke', 'Failed to sign out'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
