import { useMutation } from '@tanstack/react-query';
import { setSwitchSetting, useSwitchSetting } from '#client/lib/site-settings.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { staffMeta } from '#client/lib/react-query.ts';

/** The same store entry the public site reads; the events stream keeps it live. */
export function useMaintenanceState() {
  return useSwitchSetting('maintenance_mode');
}

/** `admin-maintenance-toggle`. */
export function useToggleMaintenance() {
  return useMutation({
    mutationFn: (enabled: boolean) => staffApi.call('admin-maintenance-toggle', { enabled }),
    meta: staffMeta('admin-maintenance-toggle', 'Failed to toggle maintenance mode', {
      errorDescription: false,
    }),
    onSuccess: ({ enabled }) => setSwitchSetting('maintenance_mode', enabled),
  });
}
