/**
 * The listeners of a value kept in local storage (the theme, cookie consent), for
 * useSyncExternalStore: `emit` tells this tab's readers, and another tab's change arrives as a
 * `storage` event, listened to only while someone reads.
 */
export function storageListeners(onStorage: (event: StorageEvent) => void) {
  const listeners = new Set<() => void>();
  return {
    emit(): void {
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void): () => void {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}
