import { useState, type ComponentProps, type MouseEvent } from 'react';
import { cn } from '../../utils/cn.ts';

type SwitchProps = Omit<ComponentProps<'button'>, 'value' | 'onChange'> & {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  value?: string;
};

/**
 * An on/off switch: a button with role="switch" and aria-checked, Space or Enter toggles it
 * (as Radix's Switch, with the same `data-state` hooks, without its code on public pages).
 */
export function Switch({
  className,
  checked: checkedProp,
  defaultChecked = false,
  onCheckedChange,
  onClick,
  disabled,
  value = 'on',
  ...props
}: SwitchProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultChecked);
  const checked = checkedProp ?? uncontrolled;
  const state = checked ? 'checked' : 'unchecked';
  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (checkedProp === undefined) setUncontrolled(!checked);
    onCheckedChange?.(!checked);
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      value={value}
      data-slot="switch"
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        className,
      )}
      onClick={toggle}
      {...props}
    >
      <span
        data-slot="switch-thumb"
        data-state={state}
        data-disabled={disabled ? '' : undefined}
        className={cn(
          'pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform motion-reduce:transition-none',
          'data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0',
        )}
      />
    </button>
  );
}
