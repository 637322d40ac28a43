import type { ComponentProps } from 'react';
import { cn } from '../../utils/cn.ts';

/** The page's horizontal frame: centred, max 72rem, comfortable side padding. */
export function Container({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mx-auto w-full max-w-6xl px-5 sm:px-8', className)} {...props} />;
}
