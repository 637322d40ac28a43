import { toast } from 'sonner';
import { SettingSwitchCard } from '../setting-switch-card.tsx';
import { useInviteModeState, useToggleInviteMode } from '../../api/invites.ts';

/**
 * SPEC §2 'Invites': the invite mode toggle. On, the site asks visitors for an invitation code;
 * off, it invites them to apply. Every open page follows it over the events stream.
 */
export function InviteModeSwitch() {
  const state = useInviteModeState();
  const toggle = useToggleInviteMode();
  const enabled = state.data === true;

  const onChange = (next: boolean) => {
    toggle.mutate(next, {
      onSuccess: ({ enabled: now }) =>
        toast.success(now ? 'Invite mode enabled' : 'Invite mode disabled'),
    });
  };

  return (
    <SettingSwitchCard
      label="Invite Mode"
      description={
        enabled
          ? 'Invite-only: applicants need an invitation code'
          : 'Open: visitors are invited to apply'
      }
      checked={enabled}
      disabled={state.isPending || toggle.isPending}
      onCheckedChange={onChange}
    />
  );
}
