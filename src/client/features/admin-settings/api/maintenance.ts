import { useMutation } from '@tanstack/react-query';
import type { MaintenanceToggleResponse } from '#shared/schemas/site.ts';
import { setSwitchSetting, useSwitchSetting } from '#client/lib/site-settings.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';

/** The same store entry the public site reads; the events stream keeps it live. */
export function useMaintenanceState() {
  return useSwitchSetting('maintenance_mode');
}

/** `admin-maintenance-toggle`. */
export function useToggleMaintenance() {
  return useMutation({
    mutationFn: (enabled: boolean) =>
      staffApi.post<MaintenanceToggleResponse>('/admin-maintenance-toggle', { enabled }),
    onSuccess: ({ enabled }) => setSwitchSetting('maintenance_mode', enabled),
  });
}
