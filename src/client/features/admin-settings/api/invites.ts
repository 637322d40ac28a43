import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setSwitchSetting, useSwitchSetting } from '#client/lib/site-settings.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { staffCallQuery } from '#client/lib/staff/api/staff-queries.ts';
import { staffMeta } from '#client/lib/react-query.ts';

const invitesKey = ['admin', 'invites'] as const;

/** `admin-invite-list`: every code, newest first. */
export const inviteListQuery = queryOptions({
  ...staffCallQuery(invitesKey, 'admin-invite-list', {}),
  // SPEC §8: an admin failure is logged and toasted, never retried.
  retry: false,
});

export function useInviteList() {
  return useQuery(inviteListQuery);
}

/** `admin-invite-generate`: `count` new codes, optionally e-mailed to `issued_to`. */
export function useGenerateInvites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { count: number; issued_to: string | null }) =>
      staffApi.call('admin-invite-generate', input),
    meta: staffMeta('admin-invite-generate', 'Failed to generate codes'),
    // The list is read again at once, so the new codes show without a reload.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}

/** Invite mode: the same store entry the public site reads; the events stream keeps it live. */
export function useInviteModeState() {
  return useSwitchSetting('invite_mode');
}

/** `admin-invite-toggle`. */
export function useToggleInviteMode() {
  return useMutation({
    mutationFn: (enabled: boolean) => staffApi.call('admin-invite-toggle', { enabled }),
    meta: staffMeta('admin-invite-toggle', 'Failed to toggle invite mode', {
      errorDescription: false,
    }),
    onSuccess: ({ enabled }) => setSwitchSetting('invite_mode', enabled),
  });
}
