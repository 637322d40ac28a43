import { useSyncExternalStore } from 'react';

/**
 * How many pages' code is on its way (app/router.tsx loads it), for the layouts' progress bar.
 * Changes are told after the render that started them: a store must not change while React
 * renders another component.
 */
let pending = 0;
const listeners = new Set<() => void>();

export function pageLoadStarted(): void {
  queueMicrotask(() => change(1));
}

export function pageLoadSettled(): void {
  queueMicrotask(() => change(-1));
}

function change(by: number) {
  pending += by;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a page's code is on its way. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
