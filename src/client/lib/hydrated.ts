import { useSyncExternalStore } from 'react';

const noChange = () => () => {};

/**
 * False while the page is drawn on the server and while the browser hydrates that drawing, true
 * from the next render on. For what only the browser can draw (lazily loaded code, things read
 * from the visitor's device), so the first render in the browser matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
