import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchSwitchSetting, siteSettingKey } from '../../../lib/site-settings.ts';

/**
 * Maintenance mode (SPEC §4). Read once, then kept live by the events stream; no retries, so
 * a failing read shows the site at once rather than a blank page for seconds.
 */
export const maintenanceModeQueryOptions = () =>
  queryOptions({
    queryKey: siteSettingKey('maintenance_mode'),
    queryFn: () => fetchSwitchSetting('maintenance_mode'),
    staleTime: Infinity,
    retry: false,
  });

export function useMaintenanceMode() {
  return useQuery(maintenanceModeQueryOptions());
}
