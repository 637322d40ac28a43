import { useSwitchSetting } from '#client/lib/site-settings.ts';

/**
 * Maintenance mode (SPEC §4): from the page the server wrote, else read once, then kept live by
 * the events stream; no retries, so a failing read shows the site at once rather than a blank
 * page for seconds.
 */
export function useMaintenanceMode() {
  return useSwitchSetting('maintenance_mode');
}
