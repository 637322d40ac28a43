import type { ComponentProps } from 'react';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { cn } from '#client/utils/cn.ts';

/**
 * A row or select-all checkbox. 'indeterminate' (some rows chosen) reads as "mixed" to screen
 * readers and shows a dash instead of the tick.
 */
export function SelectionCheckbox({ className, ...props }: ComponentProps<typeof Checkbox>) {
  return (
    <Checkbox
      className={cn(
        'relative inline-flex items-center justify-center align-middle',
        'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
        'data-[state=indeterminate]:[&_svg]:hidden',
        "data-[state=indeterminate]:after:h-0.5 data-[state=indeterminate]:after:w-2.5 data-[state=indeterminate]:after:rounded-full data-[state=indeterminate]:after:bg-current data-[state=indeterminate]:after:content-['']",
        className,
      )}
      {...props}
    />
  );
}
