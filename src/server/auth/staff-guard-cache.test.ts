import { describe, expect, it } from 'vitest';
import type { EventHub, LiveEvent } from '../events.ts';
import { staffGuardCache, type GuardRow } from './staff-guard-cache.ts';

/** A hub whose events and connection the test drives. */
function fakeHub() {
  const listeners = new Set<(event: LiveEvent) => void>();
  const watchers = new Set<(listening: boolean) => void>();
  let listening = true;
  const hub: EventHub = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listening: () => listening,
    onListening(listener) {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
    close: async () => {},
  };
  return {
    hub,
    emit: (event: LiveEvent) => listeners.forEach((listener) => listener(event)),
    setListening(value: boolean) {
      listening = value;
      watchers.forEach((watcher) => watcher(value));
    },
    listenerCount: () => listeners.size + watchers.size,
  };
}

const NOW = Date.parse('2026-11-28T10:00:00Z');
const row = (overrides: Partial<GuardRow> = {}): GuardRow => ({
  tokenId: 'token-1',
  id: 'member-1',
  email: 'ops@staff.test',
  name: 'Olive Ops',
  role: 'operations',
  expiresAt: new Date(NOW + 3_600_000),
  lastActiveAt: new Date(NOW),
  ...overrides,
});

describe('the staff guard cache', () => {
  it('keeps an answer until its time is up or its token expires', () => {
    const { hub } = fakeHub();
    const cache = staffGuardCache(hub, 30_000);
    cache.set('a', row(), cache.mark(), NOW);
    expect(cache.get('a', NOW + 29_999)?.name).toBe('Olive Ops');
    expect(cache.get('a', NOW + 30_000)).toBeUndefined();

    cache.set('b', row({ expiresAt: new Date(NOW + 1_000) }), cache.mark(), NOW);
    expect(cache.get('b', NOW + 999)).toBeDefined();
    expect(cache.get('b', NOW + 1_000)).toBeUndefined();
  });

  it('forgets every answer when a staff access change is heard, and no other event', () => {
    const { hub, emit } = fakeHub();
    const cache = staffGuardCache(hub);
    cache.set('a', row(), cache.mark(), NOW);
    emit({ type: 'site-setting', key: 'maintenance_mode', value: { enabled: true } });
    emit({ type: 'stage', applicationId: 'x', stage: 'kyc' });
    expect(cache.get('a', NOW)).toBeDefined();
    emit({ type: 'staff-access' });
    expect(cache.get('a', NOW)).toBeUndefined();
  });

  it('does not keep an answer read before a change it had not heard of yet', () => {
    const { hub, emit } = fakeHub();
    const cache = staffGuardCache(hub);
    const since = cache.mark();
    // The read is in flight when the change is heard; its answer may predate the change.
    emit({ type: 'staff-access' });
    cache.set('a', row(), since, NOW);
    expect(cache.get('a', NOW)).toBeUndefined();
    // A read started after it is kept.
    cache.set('a', row(), cache.mark(), NOW);
    expect(cache.get('a', NOW)).toBeDefined();
  });

  it('neither keeps nor uses anything while events cannot be heard, nor what it kept before', () => {
    const { hub, setListening } = fakeHub();
    const cache = staffGuardCache(hub);
    cache.set('a', row(), cache.mark(), NOW);
    setListening(false);
    expect(cache.get('a', NOW)).toBeUndefined();
    cache.set('b', row(), cache.mark(), NOW);
    setListening(true);
    // Changes made during the outage were missed: what was kept before it is gone too.
    expect(cache.get('a', NOW)).toBeUndefined();
    expect(cache.get('b', NOW)).toBeUndefined();
    cache.set('a', row(), cache.mark(), NOW);
    expect(cache.get('a', NOW)).toBeDefined();
  });

  it('forgets on demand, and stops listening when closed', () => {
    const fake = fakeHub();
    const cache = staffGuardCache(fake.hub);
    cache.set('a', row(), cache.mark(), NOW);
    cache.forget();
    expect(cache.get('a', NOW)).toBeUndefined();
    expect(fake.listenerCount()).toBe(2);
    cache.close();
    expect(fake.listenerCount()).toBe(0);
  });
});
