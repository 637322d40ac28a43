import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useMaintenanceState, useToggleMaintenance } from '../api/maintenance.ts';

/** SPEC §2: the Maintenance Mode switch; every open page follows it over the events stream. */
export function MaintenanceSwitch() {
  const labelId = useId();
  const descriptionId = useId();
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
    <Card className="py-4">
      <CardContent className="flex items-center justify-between gap-4">
        <div className="grid gap-0.5">
          <p id={labelId} className="font-medium">
            Maintenance Mode
          </p>
          <p id={descriptionId} className="text-sm text-muted-foreground" aria-live="polite">
            {enabled ? 'Site is in maintenance' : 'Site is operational'}
          </p>
        </div>
        <Switch
          checked={enabled}
          onCheckedChange={onChange}
          disabled={state.isPending || toggle.isPending}
          aria-labelledby={labelId}
          aria-describedby={descriptionId}
        />
      </CardContent>
    </Card>
  );
}
