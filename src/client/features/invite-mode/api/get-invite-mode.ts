import { queryOptions, useQuery } from '@tanstack/react-query';
import { isEnabled, type SiteSettingResponse } from '../../../../shared/schemas/site.ts';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/site-settings/invite_mode` → whether invite mode is on (SPEC §4). */
export async function getInviteMode({ signal }: { signal?: AbortSignal } = {}): Promise<boolean> {
  const setting = await api.get<SiteSettingResponse<unknown>>('/site-settings/invite_mode', {
    signal,
  });
  return isEnabled(setting.value);
}

export const inviteModeQueryOptions = () =>
  queryOptions({
    queryKey: ['site-settings', 'invite_mode'],
    queryFn: ({ signal }) => getInviteMode({ signal }),
    // SPEC §4: a failed read means off, so there is nothing worth waiting for on retries.
    retry: false,
  });

export type InviteModeState = 'loading' | 'on' | 'off';

export function useInviteMode(): InviteModeState {
  const { data, isPending } = useQuery(inviteModeQueryOptions());
  if (isPending) return 'loading';
  return data === true ? 'on' : 'off';
}
