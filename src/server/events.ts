import { inArray, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from './db/client.ts';
import { lostConnectionCode } from './db/lost-connection.ts';
import { siteSettings } from './db/schema.ts';

/**
 * Live changes pushed to browsers over `GET /api/events` (CONTRACT §2). Events travel through
 * PostgreSQL NOTIFY, so every instance hears them, and only once the change has committed.
 */
export type LiveEvent =
  | { type: 'site-setting'; key: 'maintenance_mode' | 'invite_mode'; value: unknown }
  | { type: 'stage'; applicationId: string; stage: string }
  /** A staff token or member changed as the staff guard reads it (migration 0023's triggers). */
  | { type: 'staff-access' };

const CHANNEL = 'waj_events';

/** Queues an event inside the caller's transaction: sent on commit, dropped on rollback. */
export async function publishEvent(db: Db | Tx, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}

export interface EventHub {
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /**
   * Whether events are being heard now, and each change of it: while the connection is lost,
   * events are missed, so whatever relies on hearing them must not rely on what it kept.
   */
  listening(): boolean;
  onListening(listener: (listening: boolean) => void): () => void;
  close(): Promise<void>;
}

/** What the hub says about its connection; the app's logger once it exists. */
export interface EventHubLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/** The switches every open page follows: re-sent after an outage in which changes were missed. */
const SWITCHES = ['maintenance_mode', 'invite_mode'] as const;

export async function startEventHub(
  database: Database,
  options: { log?: () => EventHubLog | undefined } = {},
): Promise<EventHub> {
  const listeners = new Set<(event: LiveEvent) => void>();
  const statusListeners = new Set<(listening: boolean) => void>();
  let listening = true;
  const setListening = (value: boolean) => {
    listening = value;
    for (const listener of statusListeners) listener(value);
  };
  const dispatch = (event: LiveEvent) => {
    for (const listener of listeners) listener(event);
  };
  /**
   * A switch flipped while the connection was down was never heard: send every open page the
   * switches as they are now. Sent to this instance's pages only; the others heard it, or catch
   * up themselves.
   */
  const resendSwitches = async () => {
    const rows = await database.db
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .where(inArray(siteSettings.key, [...SWITCHES]));
    for (const row of rows) {
      dispatch({
        type: 'site-setting',
        key: row.key as (typeof SWITCHES)[number],
        value: row.value,
      });
    }
  };
  const stop = await database.listen(
    CHANNEL,
    (payload) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(payload) as LiveEvent;
      } catch {
        return;
      }
      dispatch(event);
    },
    (status) => {
      const log = options.log?.();
      setListening(status.state === 'restored');
      if (status.state === 'lost') {
        log?.warn(
          { code: status.code },
          'live events: database LISTEN connection lost, reconnecting',
        );
        return;
      }
      log?.info('live events: database LISTEN connection back, switches re-sent');
      resendSwitches().catch((error: unknown) => {
        log?.warn(
          { code: lostConnectionCode(error) },
          'live events: could not re-read the switches after reconnecting',
        );
      });
    },
  );
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listening: () => listening,
    onListening(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    close: stop,
  };
}
