import { toast } from 'sonner';
import { SettingSwitchCard } from './common/setting-switch-card.tsx';
import { useMaintenanceState, useToggleMaintenance } from '../api/maintenance.ts';

/** SPEC §2: the Maintenance Mode switch; every open page follows it over the events stream. */
export function MaintenanceSwitch() {
  const state = useMaintenanceState();
  const toggle = useToggleMaintenance();
  const enabled = state.data === true;

  const onChange = (next: boolean) => {
    toggle.mutate(next, {
      onSuccess: ({ enabled: now }) =>
        toast.success(now ? 'Maintenance mode enabled' : 'Maintenance mode disabled'),
      onError: (error) => {
        console.error('admin-maintenance-toggle failed', error);
        toast.error('Failed to toggle maintenance mode');
      },
    });
  };

  return (
    <SettingSwitchCard
      label="Maintenance Mode"
      description={enabled ? 'Site is in maintenance' : 'Site is operational'}
      checked={enabled}
      disabled={state.isPending || toggle.isPending}
      onCheckedChange={onChange}
    />
  );
}
