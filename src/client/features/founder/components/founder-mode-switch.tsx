import { useId } from 'react';
import { toast } from '#client/lib/toast.ts';
import { Label } from '#client/components/ui/label.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { setFounder, useFounder } from '../founder-store.ts';

/** SPEC §2: the footer's Founder Mode switch, shown to founding members only. */
export function FounderModeSwitch() {
  const { active, known } = useFounder();
  const id = useId();
  if (!known) return null;
  const onChange = (next: boolean) => {
    setFounder(next);
    if (!next) toast('Founder cookie cleared');
  };
  return (
    <div className="flex items-center gap-3" data-testid="founder-mode">
      <Switch id={id} checked={active} onCheckedChange={onChange} />
      <Label htmlFor={id} className="cursor-pointer font-normal text-muted-foreground">
        Founder Mode
      </Label>
    </div>
  );
}
