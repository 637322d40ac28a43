import { useSyncExternalStore } from 'react';

/**
 * Founding-member flag (SPEC §3, §4, §9). A visitor flag, not an account role:
 * - the `founding_member=true` cookie (180 days, SameSite Lax, path /) marks a founding member;
 * - localStorage `waj_founder_override` records the visitor's own choice from the footer switch
 *   ('true' = on, 'false' = switched off) and wins over the cookie.
 * `?founder=1` on any page turns it on (see use-founder-query-param.ts).
 */
export const FOUNDER_COOKIE = 'founding_member';
export const FOUNDER_OVERRIDE_KEY = 'waj_founder_override';
/** SPEC §9: 180 days. */
export const FOUNDER_COOKIE_MAX_AGE = 15_552_000;

export type FounderState = {
  /** Founding-member perks are shown. */
  active: boolean;
  /** The visitor has been marked a founding member (cookie or saved choice): show the switch. */
  known: boolean;
};

function readCookie(): boolean {
  return document.cookie.split('; ').some((part) => part === `${FOUNDER_COOKIE}=true`);
}

function readOverride(): 'true' | 'false' | null {
  try {
    const value = window.localStorage.getItem(FOUNDER_OVERRIDE_KEY);
    return value === 'true' || value === 'false' ? value : null;
  } catch {
    return null;
  }
}

function writeOverride(value: 'true' | 'false'): void {
  try {
    window.localStorage.setItem(FOUNDER_OVERRIDE_KEY, value);
  } catch {
    // Storage unavailable: the cookie alone carries the flag.
  }
}

function secureAttribute(): string {
  return window.location.protocol === 'https:' ? '; Secure' : '';
}

function read(): FounderState {
  const cookie = readCookie();
  const override = readOverride();
  const active = override === null ? cookie : override === 'true';
  return { active, known: cookie || override !== null };
}

let state: FounderState = { active: false, known: false };
const listeners = new Set<() => void>();

function refresh(): void {
  const next = read();
  if (next.active !== state.active || next.known !== state.known) {
    state = next;
    for (const listener of listeners) listener();
  }
}

export function setFounder(active: boolean): void {
  if (active) {
    document.cookie = `${FOUNDER_COOKIE}=true; Max-Age=${FOUNDER_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secureAttribute()}`;
  } else {
    document.cookie = `${FOUNDER_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secureAttribute()}`;
  }
  writeOverride(active ? 'true' : 'false');
  refresh();
}

function onStorage(event: StorageEvent): void {
  if (event.key === FOUNDER_OVERRIDE_KEY || event.key === null) refresh();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    state = read();
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function getSnapshot(): FounderState {
  return state;
}

const SERVER_STATE: FounderState = { active: false, known: false };

if (typeof document !== 'undefined') state = read();

/** The founding-member flag, re-rendering on change (also from other tabs). */
export function useFounder(): FounderState {
  return useSyncExternalStore(subscribe, getSnapshot, () => SERVER_STATE);
}
