import { useSyncExternalStore } from 'react';

/**
 * The staff token from `admin-auth` (SPEC §3: kept in session storage, so it ends with the
 * tab). The staff panel writes it; the legal editor and /update-legal read it. Components
 * subscribe through `useStaffToken()`, so clearing it after a 401 updates every reader.
 */
export const STAFF_TOKEN_KEY = 'waj_admin_token';

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getStaffToken(): string | null {
  try {
    const token = window.sessionStorage.getItem(STAFF_TOKEN_KEY);
    return token && token.trim() !== '' ? token : null;
  } catch {
    // Storage blocked (privacy settings): behave as signed out.
    return null;
  }
}

export function setStaffToken(token: string): void {
  try {
    window.sessionStorage.setItem(STAFF_TOKEN_KEY, token);
  } catch {
    // Storage blocked: the token lives only as long as the caller keeps it.
  }
  emit();
}

export function clearStaffToken(): void {
  try {
    window.sessionStorage.removeItem(STAFF_TOKEN_KEY);
  } catch {
    // Nothing stored to clear.
  }
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another document of this tab (same session storage) may change it too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STAFF_TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current staff token, or null when none is stored. */
export function useStaffToken(): string | null {
  return useSyncExternalStore(subscribe, getStaffToken, () => null);
}
