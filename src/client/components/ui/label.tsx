import type { ComponentProps } from 'react';
import { cn } from '../../utils/cn.ts';

/** A form label; like Radix's Label, a double click on it does not select its text. */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    <label
      data-slot="label"
      className={cn(
        'text-sm leading-none font-medium select-none',
        'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        className,
      )}
      onMouseDown={(event) => {
        // Clicks on a control inside the label keep their own behaviour.
        if ((event.target as HTMLElement).closest('button, input, select, textarea')) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
