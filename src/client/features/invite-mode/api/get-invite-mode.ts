import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchSwitchSetting, siteSettingKey } from '../../../lib/site-settings.ts';

/**
 * Invite mode (SPEC §4) from `GET /api/site-settings/invite_mode`: read once, then kept live by
 * the events stream (lib/site-settings.ts). A failed read is logged and counts as off, so there
 * is nothing worth waiting for on retries.
 */
export const inviteModeQueryOptions = () =>
  queryOptions({
    queryKey: siteSettingKey('invite_mode'),
    queryFn: () => fetchSwitchSetting('invite_mode'),
    staleTime: Infinity,
    retry: false,
  });

export type InviteModeState = 'loading' | 'on' | 'off';

export function useInviteMode(): InviteModeState {
  const { data, isPending } = useQuery(inviteModeQueryOptions());
  if (isPending) return 'loading';
  return data === true ? 'on' : 'off';
}
