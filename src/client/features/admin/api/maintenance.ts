import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceToggleResponse } from '../../../../shared/schemas/site.ts';
import { fetchSwitchSetting, siteSettingKey } from '../../../lib/site-settings.ts';
import { staffApi } from './staff-api.ts';

/** The same cache entry the public site reads; the events stream keeps it live. */
const maintenanceQuery = queryOptions({
  queryKey: siteSettingKey('maintenance_mode'),
  queryFn: () => fetchSwitchSetting('maintenance_mode'),
  staleTime: Infinity,
  retry: false,
});

export function useMaintenanceState() {
  return useQuery(maintenanceQuery);
}

/** `admin-maintenance-toggle`. */
export function useToggleMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      staffApi.post<MaintenanceToggleResponse>('/admin-maintenance-toggle', { enabled }),
    onSuccess: ({ enabled }) => {
      queryClient.setQueryData(siteSettingKey('maintenance_mode'), enabled);
    },
  });
}
