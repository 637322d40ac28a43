import type { ComponentProps } from 'react';
import { cn } from '../../utils/cn.ts';

/** The "W" monogram (same drawing as /favicon.svg). Decorative: pair it with the brand name. */
export function Monogram({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className={cn('size-8 shrink-0', className)}
      {...props}
    >
      <rect width="64" height="64" rx="14" className="fill-[#14161b]" />
      <rect
        x="3.5"
        y="3.5"
        width="57"
        height="57"
        rx="11"
        fill="none"
        className="stroke-[#c9a45c]"
        strokeOpacity="0.4"
      />
      <g fill="none" className="stroke-[#c9a45c]" strokeLinecap="round" strokeLinejoin="round">
        <path d="M15 19l9 27M32 24l9 22" strokeWidth="5" />
        <path d="M24 46l8-22M41 46l8-27" strokeWidth="2" />
        <path d="M11 19h8M45 19h8" strokeWidth="2" />
      </g>
    </svg>
  );
}
