import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent } from '../../../../../components/ui/card.tsx';
import { Switch } from '../../../../../components/ui/switch.tsx';
import { isApiError } from '../../../../../lib/api-client.ts';
import { useInviteModeState, useToggleInviteMode } from '../../../api/invites.ts';

/**
 * SPEC §2 'Invites': the invite mode toggle. On, the site asks visitors for an invitation code;
 * off, it invites them to apply. Every open page follows it over the events stream.
 */
export function InviteModeSwitch() {
  const labelId = useId();
  const descriptionId = useId();
  const state = useInviteModeState();
  const toggle = useToggleInviteMode();
  const enabled = state.data === true;

  const onChange = (next: boolean) => {
    toggle.mutate(next, {
      onSuccess: ({ enabled: now }) =>
        toast.success(now ? 'Invite mode enabled' : 'Invite mode disabled'),
      onError: (error) => {
        console.error('admin-invite-toggle failed', error);
        if (isApiError(error) && error.status === 401) return;
        toast.error('Failed to toggle invite mode');
      },
    });
  };

  return (
    <Card className="py-4">
      <CardContent className="flex items-center justify-between gap-4">
        <div className="grid gap-0.5">
          <p id={labelId} className="font-medium">
            Invite Mode
          </p>
          <p id={descriptionId} className="text-sm text-muted-foreground" aria-live="polite">
            {enabled
              ? 'Invite-only: applicants need an invitation code'
              : 'Open: visitors are invited to apply'}
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
