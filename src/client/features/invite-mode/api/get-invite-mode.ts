import { useSwitchSetting } from '#client/lib/site-settings.ts';

/**
 * Invite mode (SPEC §4): from the page the server wrote, else `GET /api/site-settings/invite_mode`
 * once, then kept live by the events stream (lib/site-settings.ts). A failed read is logged and
 * counts as off, so there is nothing worth waiting for on retries.
 */
export type InviteModeState = 'loading' | 'on' | 'off';

export function useInviteMode(): InviteModeState {
  const { data, isPending } = useSwitchSetting('invite_mode');
  if (isPending) return 'loading';
  return data === true ? 'on' : 'off';
}
