import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_LEVELS } from '#shared/service-levels.ts';
import type { Db } from '../db/client.ts';
import { cachedServiceLevels } from './admin-service-levels.ts';

/** A database that counts its statements, answering `rows` or failing when told to. */
function countingDb(behaviour: { fail?: boolean } = {}) {
  const db = {
    statements: 0,
    execute: () => {
      db.statements += 1;
      if (behaviour.fail) return Promise.reject(new Error('database unavailable'));
      return Promise.resolve({
        rows: [{ queue: 'offer', open: 5, breached: 2, oldest: '2026-11-01T00:00:00Z' }],
      });
    },
  };
  return db;
}

describe('cachedServiceLevels', () => {
  it('reads the counts once per period, however many panels ask', async () => {
    const db = countingDb();
    const read = cachedServiceLevels({
      db: db as unknown as Db,
      levels: DEFAULT_SERVICE_LEVELS,
      ttlMs: 60_000,
    });
    const [first] = await Promise.all([read(), read(), read()]);
    await read();
    expect(db.statements).toBe(1);
    expect(first!.find((row) => row.queue === 'offer')).toEqual({
      queue: 'offer',
      target_hours: 48,
      open: 5,
      breached: 2,
      oldest_since: '2026-11-01T00:00:00.000Z',
    });
    // A queue with nothing open reads as zero, not missing.
    expect(first!.find((row) => row.queue === 'activation')).toMatchObject({ open: 0 });
  });

  it('reads afresh every time with no period, and never keeps a failure', async () => {
    const db = countingDb();
    const read = cachedServiceLevels({
      db: db as unknown as Db,
      levels: DEFAULT_SERVICE_LEVELS,
      ttlMs: 0,
    });
    await read();
    await read();
    expect(db.statements).toBe(2);

    const failing = countingDb({ fail: true });
    const flaky = cachedServiceLevels({
      db: failing as unknown as Db,
      levels: DEFAULT_SERVICE_LEVELS,
      ttlMs: 60_000,
    });
    await expect(flaky()).rejects.toThrow('database unavailable');
    await expect(flaky()).rejects.toThrow('database unavailable');
    expect(failing.statements).toBe(2);
  });
});
