import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '#client/components/staff/confirm-dialog.tsx';
import { SettingSwitchCard } from './setting-switch-card.tsx';
import { useMaintenanceState, useToggleMaintenance } from '../api/maintenance.ts';

/**
 * SPEC §2: the Maintenance Mode switch; every open page follows it over the events stream.
 * Taking the site down is asked first (every visitor loses the site at once); bringing it back
 * is not.
 */
export function MaintenanceSwitch() {
  const state = useMaintenanceState();
  const toggle = useToggleMaintenance();
  const [confirming, setConfirming] = useState(false);
  const enabled = state.data === true;

  const change = (next: boolean) => {
    toggle.mutate(next, {
      onSuccess: ({ enabled: now }) =>
        toast.success(now ? 'Maintenance mode enabled' : 'Maintenance mode disabled'),
    });
  };

  return (
    <>
      <SettingSwitchCard
        label="Maintenance Mode"
        description={enabled ? 'Site is in maintenance' : 'Site is operational'}
        checked={enabled}
        disabled={state.isPending || toggle.isPending}
        onCheckedChange={(next) => (next ? setConfirming(true) : change(false))}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Take the site offline?"
        description="Every public page, open ones included, shows the maintenance page at once: visitors and applicants cannot apply, continue an application or send a message until you turn maintenance off. The staff panel stays available."
        confirmLabel="Take offline"
        onConfirm={() => {
          setConfirming(false);
          change(true);
        }}
      />
    </>
  );
}
