import { useSyncExternalStore } from 'react';

/**
 * The height the cookie sheet takes at the foot of the screen while it shows (0 when it does
 * not), for the few elements that must sit above it (the /cards invitation bar). A store rather
 * than a CSS variable on <html>: changing an inherited variable there restyles every element
 * of the page, a long task on a phone just after the page has become interactive.
 */
let height = 0;
const listeners = new Set<() => void>();

export function setBottomSheetSpace(px: number): void {
  if (px === height) return;
  height = px;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => height;
const readOnServer = () => 0;

export function useBottomSheetSpace(): number {
  return useSyncExternalStore(subscribe, read, readOnServer);
}
