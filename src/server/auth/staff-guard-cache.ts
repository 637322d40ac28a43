import type { StaffMember } from '#shared/staff.ts';
import type { EventHub } from '../events.ts';

/** What the staff guard reads for a token: its member, and what decides whether it still holds. */
export interface GuardRow extends StaffMember {
  tokenId: string;
  expiresAt: Date;
  lastActiveAt: Date;
}

/**
 * How long an answer is kept at most. Changes are heard at once (decision 067); this bounds
 * what a change missed some other way could cost.
 */
export const GUARD_CACHE_MS = 30_000;
/** Staff are few; past this many tokens the cache starts over rather than grow. */
const MAX_ENTRIES = 1_000;

export interface StaffGuardCache {
  /** The answer kept for a token, or nothing when there is none or it may be out of date. */
  get(tokenHash: string, now: number): GuardRow | undefined;
  /**
   * The moment a read of the database starts: its answer may be kept only if nothing changed
   * (and nothing was missed) after that moment.
   */
  mark(): number;
  set(tokenHash: string, row: GuardRow, since: number, now: number): void;
  /** Forgets every answer: after this instance changed someone's access itself. */
  forget(): void;
  close(): void;
}

/**
 * The staff guard's answers, kept per instance (decision 067). Every staff call read the token
 * and its member from PostgreSQL: at twenty staff calls at once that one round trip was a
 * sixth of a list call's CPU. Migration 0023 announces every change to the columns the guard
 * reads on the live-events channel, whoever makes it, and every instance forgets all its
 * answers on hearing it. While that channel is lost nothing is kept or used, since a change
 * could be missed; an answer read before a change it has not yet heard of is never kept.
 */
export function staffGuardCache(events: EventHub, ttlMs = GUARD_CACHE_MS): StaffGuardCache {
  const entries = new Map<string, { row: GuardRow; until: number }>();
  // Moves on with every change heard and every outage: reads started before it are stale.
  let generation = 0;
  const forget = () => {
    generation += 1;
    entries.clear();
  };
  const unsubscribe = events.subscribe((event) => {
    if (event.type === 'staff-access') forget();
  });
  const unwatch = events.onListening(forget);
  return {
    get(tokenHash, now) {
      if (!events.listening()) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until > now && entry.row.expiresAt.getTime() > now) return entry.row;
      entries.delete(tokenHash);
      return undefined;
    },
    mark: () => generation,
    set(tokenHash, row, since, now) {
      if (since !== generation || !events.listening()) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(tokenHash, { row, until: now + ttlMs });
    },
    forget,
    close() {
      unsubscribe();
      unwatch();
      forget();
    },
  };
}
