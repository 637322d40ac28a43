import type { ComponentProps } from 'react';
import { cn } from '../../utils/cn.ts';
import { fieldClasses } from './input.tsx';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(fieldClasses, 'min-h-24 py-2', className)}
      {...props}
    />
  );
}
