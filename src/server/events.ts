import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from './db/client.ts';

/**
 * Live changes pushed to browsers over `GET /api/events` (CONTRACT §2). Events travel through
 * PostgreSQL NOTIFY, so every instance hears them, and only once the change has committed.
 */
export type LiveEvent =
  | { type: 'site-setting'; key: 'maintenance_mode' | 'invite_mode'; value: unknown }
  | { type: 'stage'; applicationId: string; stage: string };

const CHANNEL = 'waj_events';

/** Queues an event inside the caller's transaction: sent on commit, dropped on rollback. */
export async function publishEvent(db: Db | Tx, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}

export interface EventHub {
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

export async function startEventHub(database: Database): Promise<EventHub> {
  const listeners = new Set<(event: LiveEvent) => void>();
  const stop = await database.listen(CHANNEL, (payload) => {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  });
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: stop,
  };
}
