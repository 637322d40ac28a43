import { useSyncExternalStore } from 'react';
import { STAFF_ACTIVITY_STEP_MS } from '#shared/staff.ts';

/**
 * When the server last recorded a call of this tab's staff session, as the panel counts it
 * (the idle warning runs from here). The server records a call only when its record is over a
 * minute old (STAFF_ACTIVITY_STEP_MS); counting the same way keeps the panel's idea of the idle
 * end on, or a little before, the server's. Kept in session storage beside the token, so a
 * reload does not restart the count.
 */
const ACTIVITY_KEY = 'waj_admin_active';

const listeners = new Set<() => void>();

export function getStaffActivity(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(ACTIVITY_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function store(at: number | null): void {
  try {
    if (at === null) window.sessionStorage.removeItem(ACTIVITY_KEY);
    else window.sessionStorage.setItem(ACTIVITY_KEY, String(at));
  } catch {
    // Storage blocked: no count here, and no warning; the server still ends idle sessions.
  }
  for (const listener of listeners) listener();
}

/** A call the member's own action made (not a background one): the server counts it too. */
export function noteStaffCall(): void {
  const now = Date.now();
  const last = getStaffActivity();
  if (last === null || now - last > STAFF_ACTIVITY_STEP_MS) store(now);
}

/** A new session starts its count now (the server's record starts at sign-in too). */
export function startStaffActivity(): void {
  store(Date.now());
}

export function clearStaffActivity(): void {
  store(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStaffActivity(): number | null {
  return useSyncExternalStore(subscribe, getStaffActivity, () => null);
}
