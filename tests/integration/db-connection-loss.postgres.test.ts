// Runs in the PostgreSQL integration project only (see vitest.config.ts).
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { publishEvent, type LiveEvent } from '#server/events.ts';
import { contactMessages, eoiRequests } from '#server/db/schema.ts';
import { DATABASE_UNAVAILABLE, GENERIC_ERROR } from '#server/errors.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * A database restart or failover ends the server's connections while requests run. The
 * process must survive it, answer each affected request in the contract's shape, keep every
 * write it acknowledged and serve again as soon as the database does.
 */
const logLines: string[] = [];
let t: TestApp;
let admin: pg.Client;
let databaseName: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' }, { logLines });
  [{ name: databaseName }] = (await queryRows<{ name: string }>(
    t.ctx.db,
    sql`select current_database() as name`,
  )) as [{ name: string }];
  // A connection of its own, to another database, so it is never among those it ends.
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await t?.close();
});

/** Ends every connection the server has open, as `pg_terminate_backend` during a failover. */
async function terminateServerConnections(): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
     where datname = $1 and pid <> pg_backend_pid()`,
    [databaseName],
  );
  return rows.filter((row) => row.ended).length;
}

/** An answer, or a failure naming the request that never got one. */
function answered<T>(request: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    request,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} got no answer in 15 s`)), 15_000).unref(),
    ),
  ]);
}

describe('losing database connections under load', () => {
  it('keeps serving, answers in the contract shape and loses no acknowledged write', async () => {
    let stop = false;
    let ended = 0;
    const killer = (async () => {
      while (!stop) {
        ended += await terminateServerConnections();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const results: {
      kind: 'contact' | 'eoi';
      status: number;
      body: Record<string, unknown>;
      retryAfter: unknown;
    }[] = [];
    // Eight clients keep writing until at least 80 answers are in, the loss has hit a request
    // in flight (on a fast machine most requests finish between two terminations), and a write
    // went through despite it (on a slow one the first 80 can all be cut off), for at most 20 s.
    const deadline = Date.now() + 20_000;
    let sent = 0;
    const done = () =>
      Date.now() > deadline ||
      (results.length >= 80 &&
        results.some((r) => r.status === 503) &&
        results.some((r) => r.status === 200));
    const requests = Array.from({ length: 8 }, async () => {
      while (!done()) {
        const i = sent++;
        const kind = i % 2 ? 'eoi' : 'contact';
        const payload =
          kind === 'contact'
            ? {
                name: `Ada Load ${i}`,
                email: `ada${i}@example.com`,
                message: 'Hello.',
                website: '',
              }
            : { fullName: `Alan Load ${i}`, email: `alan${i}@example.com`, website: '' };
        const res = await answered(
          t.app.inject({ method: 'POST', url: `/api/${kind}`, payload }),
          `request ${i}`,
        );
        results.push({
          kind,
          status: res.statusCode,
          body: res.json(),
          retryAfter: res.headers['retry-after'],
        });
      }
    });
    try {
      await Promise.all(requests);
    } finally {
      stop = true;
      await killer;
    }

    // The loss really happened, to requests in flight.
    expect(ended).toBeGreaterThan(0);
    const failed = results.filter((r) => r.status !== 200);
    expect(failed.length).toBeGreaterThan(0);
    for (const r of failed) {
      if (r.status === 503) {
        expect(r.body).toEqual({ ok: false, error: DATABASE_UNAVAILABLE });
        expect(Number(r.retryAfter)).toBeGreaterThan(0);
      } else {
        expect(r).toMatchObject({ status: 500, body: { ok: false, error: GENERIC_ERROR } });
      }
    }
    expect(failed.filter((r) => r.status === 503).length).toBeGreaterThan(0);

    // The server recovers by itself once the database stops ending its connections.
    await expect
      .poll(async () => (await t.app.inject('/healthz')).statusCode, { timeout: 5000 })
      .toBe(200);

    // Every write that was acknowledged is kept.
    const acknowledged = (kind: 'contact' | 'eoi') =>
      results.filter((r) => r.kind === kind && r.status === 200).map((r) => r.body.id as string);
    const contactIds = acknowledged('contact');
    const eoiIds = acknowledged('eoi');
    expect(contactIds.length + eoiIds.length).toBeGreaterThan(0);
    if (contactIds.length) {
      const kept = await t.ctx.db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(inArray(contactMessages.id, contactIds));
      expect(kept.map((row) => row.id).sort()).toEqual([...contactIds].sort());
    }
    if (eoiIds.length) {
      const kept = await t.ctx.db
        .select({ id: eoiRequests.id })
        .from(eoiRequests)
        .where(inArray(eoiRequests.id, eoiIds));
      expect(kept.map((row) => row.id).sort()).toEqual([...eoiIds].sort());
    }

    // Live events flow again: the LISTEN connection was opened anew.
    const heard: LiveEvent[] = [];
    const unsubscribe = t.ctx.events.subscribe((event) => heard.push(event));
    const event: LiveEvent = { type: 'site-setting', key: 'invite_mode', value: true };
    await expect
      .poll(
        async () => {
          await publishEvent(t.ctx.db, event);
          return heard.length;
        },
        { timeout: 8000, interval: 250 },
      )
      .toBeGreaterThan(0);
    unsubscribe();

    // And it takes new writes again.
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada After', email: 'ada@example.com', message: 'Back?', website: '' },
    });
    expect(after.statusCode).toBe(200);

    // The lost connections are logged by their codes, never with what people sent.
    const lost = logLines.filter((line) => line.includes('database connection lost'));
    expect(lost.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toMatch(/example\.com|Ada Load|Alan Load/);
  });
});
