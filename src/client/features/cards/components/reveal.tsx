import type { ComponentProps } from 'react';
import { cn } from '#client/utils/cn.ts';

/**
 * Lifts a section into place as it scrolls into view (SPEC §9: from 10% visibility). Done with
 * a CSS scroll-driven animation (`.reveal` in styles.css) that moves but never hides: content
 * is there for printing, full-page captures and browsers without scroll timelines, and reduced
 * motion turns the movement off.
 */
export function Reveal({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('reveal', className)} {...props} />;
}
