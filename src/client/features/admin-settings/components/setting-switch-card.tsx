import { useId } from 'react';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Switch } from '#client/components/ui/switch.tsx';

type SettingSwitchCardProps = {
  label: string;
  /** What the current state means, read out when it changes. */
  description: string;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (next: boolean) => void;
};

/** A site-wide on/off setting (maintenance mode, invite mode): its name, its state, the switch. */
export function SettingSwitchCard({
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
}: SettingSwitchCardProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <Card className="py-4">
      <CardContent className="flex items-center justify-between gap-4">
        <div className="grid gap-0.5">
          <p id={labelId} className="font-medium">
            {label}
          </p>
          <p id={descriptionId} className="text-sm text-muted-foreground" aria-live="polite">
            {description}
          </p>
        </div>
        <Switch
          checked={checked}
          onCheckedChange={onCheckedChange}
          disabled={disabled}
          aria-labelledby={labelId}
          aria-describedby={descriptionId}
        />
      </CardContent>
    </Card>
  );
}
