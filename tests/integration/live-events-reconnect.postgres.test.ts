// Runs in the PostgreSQL integration project only (see vitest.config.ts).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openEventStream } from '../helpers/sse.ts';

/**
 * A database restart or failover ends the connection the server LISTENs on. Live events must
 * come back by themselves, without restarting the app, and pages must not keep a switch that
 * was flipped while nobody was listening.
 */
const logLines: string[] = [];
let t: TestApp;
let admin: pg.Client;
let databaseName: string;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' }, { logLines });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  [{ name: databaseName }] = (await queryRows<{ name: string }>(
    t.ctx.db,
    sql`select current_database() as name`,
  )) as [{ name: string }];
  // A connection of its own, to another database, so it is never the one it ends.
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await t?.close();
});

/** Ends the server's LISTEN connection only, as a failover would (its last query is LISTEN). */
async function terminateListener(): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
     where datname = $1 and pid <> pg_backend_pid() and query ilike 'listen %'`,
    [databaseName],
  );
  return rows.filter((row) => row.ended).length;
}

const toggle = async (enabled: boolean) => {
  const res = await fetch(`${base}/api/admin-maintenance-toggle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-pass': await t.staffToken() },
    body: JSON.stringify({ enabled }),
  });
  expect(res.status).toBe(200);
};

const entries = () => logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
const lostLines = () => entries().filter((e) => e.msg.includes('LISTEN connection lost'));
const backLines = () => entries().filter((e) => e.msg.includes('LISTEN connection back'));

const maintenanceEvent = (enabled: boolean) =>
  `event: site-setting\ndata: {"type":"site-setting","key":"maintenance_mode","value":{"enabled":${enabled}}}`;

/** Reads the stream until `wanted` arrives (other messages are skipped), or null. */
async function until(stream: Awaited<ReturnType<typeof openEventStream>>, wanted: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const message = await stream.next(deadline - Date.now());
    if (message === null) return null;
    if (message === wanted) return message;
  }
  return null;
}

describe('live events after the LISTEN connection is lost', () => {
  it('reconnects by itself, logs the drop and the recovery once each, and pages hear switches again', async () => {
    const stream = await openEventStream(`${base}/api/events`);
    try {
      expect(await stream.next()).toBe('retry: 5000');

      expect(await terminateListener()).toBe(1);
      await expect.poll(() => backLines().length, { timeout: 10_000 }).toBe(1);
      expect(lostLines()).toEqual([expect.objectContaining({ level: 40 })]);
      expect(backLines()).toEqual([expect.objectContaining({ level: 30 })]);
      // Once back, the switches as they are now reach the open page (nothing was missed here).
      expect(await until(stream, maintenanceEvent(false))).not.toBeNull();

      // A switch made afterwards reaches the page live, from the new connection.
      await toggle(true);
      expect(await until(stream, maintenanceEvent(true))).not.toBeNull();

      // A switch made while the connection is down (its NOTIFY goes to nobody) still reaches
      // the page: the switches are re-read and re-sent once it is back.
      expect(await terminateListener()).toBe(1);
      await toggle(false);
      expect(await until(stream, maintenanceEvent(false))).not.toBeNull();
      await expect.poll(() => backLines().length, { timeout: 10_000 }).toBe(2);
      expect(lostLines()).toHaveLength(2);

      // No error-level lines: a lost LISTEN connection is a warning, its recovery is info.
      expect(entries().filter((e) => e.level >= 50)).toEqual([]);
    } finally {
      stream.close();
    }
  });
});
