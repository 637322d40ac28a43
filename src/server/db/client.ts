import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lostConnectionCode } from './lost-connection.ts';
import { loadTemplate, PGLITE_EXTENSIONS } from './pglite-template.ts';
import { schema } from './schema.ts';
import { planOnceOn } from './prepared.ts';

/** Both drivers give the same query builder; services only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same surface as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` holding a session-level advisory lock on one connection, so two instances
   * starting together never run migrations or first-start seeding at the same time.
   */
  withLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` for each NOTIFY on `channel`, from any instance, once its transaction
   * commits. Resolves to a function that stops listening. `onStatus` hears once when the
   * connection is lost and once when listening again: what was sent in between was missed.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onStatus?: (status: ListenStatus) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** `lost` carries the error's code (never its message: it can name hosts and users). */
export type ListenStatus = { state: 'lost'; code: string | undefined } | { state: 'restored' };

export interface DatabaseOptions {
  /** A PostgreSQL URL; without one the embedded PGlite is used. */
  url?: string | undefined;
  /** Directory for PGlite's files, or 'memory' for a throwaway database (tests). */
  dataDir: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  let location = 'memory://';
  let fresh = true;
  if (dataDir !== 'memory') {
    location = join(dataDir, 'pglite');
    fresh = !existsSync(join(location, 'PG_VERSION'));
    mkdirSync(location, { recursive: true, mode: 0o700 });
  }
  const template = fresh ? loadTemplate(dataDir === 'memory') : undefined;
  const client = await PGlite.create(location, {
    extensions: PGLITE_EXTENSIONS,
    ...(template ? { loadDataDir: template } : {}),
    // A throwaway database lives in memory already, so PostgreSQL's own 128 MB page cache only
    // doubles it, and setting that up was about half of opening one (0.9 → 0.5 s a test file).
    ...(dataDir === 'memory'
      ? { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] }
      : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is one connection in this process: the lock is taken on it like on a server.
    async withLock(key, fn) {
      await db.execute(sql`select pg_advisory_lock(${key})`);
      try {
        return await fn(db);
      } finally {
        await db.execute(sql`select pg_advisory_unlock(${key})`);
      }
    },
    // In this process: its connection cannot drop, so there is no status to report.
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

/**
 * A pool of connections to `url`, with `settings` for every session. A connection that drops
 * never crashes the process: pg-pool removes an idle one, and one that is checked out (a
 * transaction, withLock) fails its holder's query with the same error (answered 503, see
 * errors.ts); on release pg-pool drops it, as it no longer takes queries. (pg-pool only listens
 * for errors on idle clients, and an 'error' event with no listener ends the process.)
 */
function newPool(url: string, settings: Record<string, string>): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 10_000,
    options: Object.entries(settings)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
  });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * No parallel workers for the app's queries (decision 040): its queries read a page or a few
 * rows, and starting workers cost each of them 10–15 ms, more than the query itself, while many
 * staff and applicants share two cores anyway.
 */
const SESSION_SETTINGS = { max_parallel_workers_per_gather: '0' };

async function openPostgres(url: string): Promise<Database> {
  const pool = newPool(url, SESSION_SETTINGS);
  // Statements prepared by name run on connections that plan each of them once (decision 068):
  // left to choose, PostgreSQL planned a page's statement afresh on every call, because a
  // LIMIT or OFFSET it cannot see makes the one plan for all values look dearer than a plan
  // for the values at hand. That planning was two thirds of PostgreSQL's time for a list call.
  const plannedOncePool = newPool(url, {
    ...SESSION_SETTINGS,
    plan_cache_mode: 'force_generic_plan',
  });
  /**
   * Runs `fn` on a client of its own and always gives it back; one whose connection was lost
   * is handed back with the error, so pg-pool ends it instead of lending it to the next caller.
   */
  const onClient = new WeakMap<pg.PoolClient, Db>();
  async function withClient<T>(fn: (db: Db, client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) {
        clientDb = drizzlePg({ client, schema }) as unknown as Db;
        onClient.set(client, clientDb);
      }
      return await fn(clientDb, client);
    } catch (error) {
      if (lostConnectionCode(error)) lost = error as Error;
      throw error;
    } finally {
      client.release(lost);
    }
  }

  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  planOnceOn(db, drizzlePg({ client: plannedOncePool, schema }) as unknown as Db);
  // Drizzle's own pooled transaction sends BEGIN before the try/finally that releases its
  // client (drizzle-orm#6241): a connection lost at that moment leaks the client, and a few
  // such leaks starve the pool for good. So transactions take their client here instead.
  db.transaction = ((transaction, config) =>
    withClient((clientDb) => clientDb.transaction(transaction, config))) as Db['transaction'];
  return {
    db,
    kind: 'postgres',
    withLock: (key, fn) =>
      withClient(async (clientDb, client) => {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn(clientDb);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      }),
    listen: (channel, onPayload, onStatus) => listenPostgres(url, channel, onPayload, onStatus),
    close: async () => {
      await Promise.all([pool.end(), plannedOncePool.end()]);
    },
  };
}

/** Back-off of the LISTEN reconnection: doubling from the first to the last, reset once back. */
export const LISTEN_RETRY_MS = { first: 500, max: 30_000 } as const;

/**
 * LISTEN needs a connection of its own for as long as we listen. If it drops or cannot be
 * opened, it is opened again with back-off until it succeeds (a database restarting or failing
 * over refuses the first tries); notifications sent meanwhile are missed, which `onStatus`
 * reports so the caller can catch up, and why screens also poll.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onStatus?: (status: ListenStatus) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let lost = false;
  let retry: NodeJS.Timeout | undefined;
  let delay: number = LISTEN_RETRY_MS.first;

  const retryLater = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(() => {
        delay = LISTEN_RETRY_MS.first;
        if (lost && !stopped) {
          lost = false;
          onStatus?.({ state: 'restored' });
        }
      }, retryLater);
    }, delay).unref();
    delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
  };

  /** The listening connection ended ('error', or 'end' without one): report once, reconnect. */
  const dropped = (from: pg.Client, error?: unknown) => {
    // Only the current listener counts: a client that never got that far is retried by connect.
    if (client !== from) return;
    client = null;
    from.end().catch(() => {});
    if (stopped) return;
    if (!lost) {
      lost = true;
      onStatus?.({ state: 'lost', code: lostConnectionCode(error) ?? errorCode(error) });
    }
    retryLater();
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    next.on('error', (error) => dropped(next, error));
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (stopped) await next.end().catch(() => {});
    else client = next;
  };

  try {
    await connect();
  } catch (error) {
    stopped = true;
    clearTimeout(retry);
    throw error;
  }
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
