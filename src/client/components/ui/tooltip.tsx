import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { useSyncExternalStore, type ComponentProps } from 'react';
import { cn } from '../../utils/cn.ts';

/** SPEC §9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay. */
const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

// Each tooltip brings its own Radix provider, so the app's root carries no tooltip code (the
// public entry stays small); the skip-delay window is shared here instead, across all of them.
let skipping = false;
let skipTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setSkipping(next: boolean): void {
  if (skipping === next) return;
  skipping = next;
  for (const listener of listeners) listener();
}

function onTooltipClosed(): void {
  clearTimeout(skipTimer);
  setSkipping(true);
  skipTimer = setTimeout(() => setSkipping(false), SKIP_DELAY_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Kept for callers that wrap a subtree; every tooltip already has the SPEC's timing. */
export function TooltipProvider({
  delayDuration = DELAY_MS,
  skipDelayDuration = SKIP_DELAY_MS,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={delayDuration}
      skipDelayDuration={skipDelayDuration}
      {...props}
    />
  );
}

export function Tooltip({
  delayDuration,
  onOpenChange,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Root>) {
  const skip = useSyncExternalStore(
    subscribe,
    () => skipping,
    () => false,
  );
  return (
    <TooltipPrimitive.Provider delayDuration={DELAY_MS} skipDelayDuration={SKIP_DELAY_MS}>
      <TooltipPrimitive.Root
        delayDuration={skip ? 0 : delayDuration}
        onOpenChange={(open) => {
          if (!open) onTooltipClosed();
          onOpenChange?.(open);
        }}
        {...props}
      />
    </TooltipPrimitive.Provider>
  );
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs rounded-md bg-primary px-3 py-1.5 text-xs text-primary-foreground shadow-md',
          'data-[state=delayed-open]:animate-fade-in data-[state=instant-open]:animate-fade-in motion-reduce:animate-none!',
          className,
        )}
        {...props}
      >
        {children}
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
