import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InviteGenerateResponse,
  InviteListResponse,
  InviteToggleResponse,
} from '#shared/schemas/admin.ts';
import { setSwitchSetting, useSwitchSetting } from '#client/lib/site-settings.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';

const invitesKey = ['admin', 'invites'] as const;

/** `admin-invite-list`: every code, newest first. */
export const inviteListQuery = queryOptions({
  queryKey: invitesKey,
  queryFn: ({ signal }) => staffApi.post<InviteListResponse>('/admin-invite-list', {}, { signal }),
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
      staffApi.post<InviteGenerateResponse>('/admin-invite-generate', input),
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
    mutationFn: (enabled: boolean) =>
      staffApi.post<InviteToggleResponse>('/admin-invite-toggle', { enabled }),
    onSuccess: ({ enabled }) => setSwitchSetting('invite_mode', enabled),
  });
}
