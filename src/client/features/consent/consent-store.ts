import { useSyncExternalStore } from 'react';
import { storageListeners } from '#client/lib/storage-store.ts';

/**
 * Cookie consent (SPEC §3, §4): localStorage `waj_consent` holds
 * `{ essential: true, analytics: boolean, timestamp: ISO string }`. No record means the visitor
 * has not chosen yet; a record that does not parse or has the wrong shape is discarded.
 */
export const CONSENT_STORAGE_KEY = 'waj_consent';

export type ConsentRecord = { essential: true; analytics: boolean; timestamp: string };

function isConsentRecord(value: unknown): value is ConsentRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.essential === true &&
    typeof record.analytics === 'boolean' &&
    typeof record.timestamp === 'string' &&
    !Number.isNaN(Date.parse(record.timestamp))
  );
}

/** The stored record; an unparseable or malformed one is removed so the visitor is asked again. */
function readStored(): ConsentRecord | null {
  try {
    const raw = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    if (raw === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      value = null;
    }
    if (isConsentRecord(value)) {
      return { essential: true, analytics: value.analytics, timestamp: value.timestamp };
    }
    window.localStorage.removeItem(CONSENT_STORAGE_KEY);
    return null;
  } catch {
    // Storage unavailable: treat as no choice yet.
    return null;
  }
}

let current: ConsentRecord | null = typeof window === 'undefined' ? null : readStored();
const { emit, subscribe } = storageListeners(onStorage);

export function getConsent(): ConsentRecord | null {
  return current;
}

/**
 * Saves the visitor's choice. Turning analytics off after it was on reloads the page: a
 * loaded analytics script cannot be unloaded, only left out of the next page.
 */
export function saveConsent(analytics: boolean): void {
  const previous = current;
  current = { essential: true, analytics, timestamp: new Date().toISOString() };
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
  emit();
  if (previous?.analytics && !analytics) window.location.reload();
}

/** Forgets the choice (the footer's 'Cookie settings'); the caller reloads the page. */
export function clearConsent(): void {
  current = null;
  try {
    window.localStorage.removeItem(CONSENT_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing stored.
  }
  emit();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== CONSENT_STORAGE_KEY && event.key !== null) return;
  current = readStored();
  emit();
}

export function useConsent(): ConsentRecord | null {
  return useSyncExternalStore(subscribe, getConsent, () => null);
}
