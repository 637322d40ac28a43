import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type Db } from '#server/db/client.ts';
import { eoiRequests } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { parseCsv } from '../helpers/csv.ts';

// The export streams with PostgreSQL's COPY through the pool (decision 037): these tests need a
// real server, so they run in the PostgreSQL project only (*.postgres.test.ts).
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  token = await t.staffToken();
});
afterAll(async () => {
  await t?.close();
});

/** The app's database without its pool: the export then takes its PGlite (keyset) path. */
const withoutPool = (db: Db): Db =>
  new Proxy(db, {
    get: (target, prop) =>
      prop === '$client'
        ? undefined
        : typeof Reflect.get(target, prop) === 'function'
          ? (Reflect.get(target, prop) as (...a: unknown[]) => unknown).bind(target)
          : Reflect.get(target, prop),
  });

describe('admin-export-csv on PostgreSQL (COPY)', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const download = (body: object, init: RequestInit = {}) =>
    fetch(`${base}/api/admin-export-csv`, {
      method: 'POST',
      headers: {
        'x-admin-pass': token,
        'content-type': 'application/json',
        'accept-encoding': 'identity',
      },
      body: JSON.stringify(body),
      ...init,
    });
  const bytes = async (body: object) => {
    const res = await download(body);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  /** The COPY backend of a running export, if any. */
  const copyBackends = () =>
    queryRows<{ pid: number }>(
      t.ctx.db,
      sql`select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'copy (%'
          and state = 'active'`,
    );

  it('writes the same bytes as the keyset path, tricky values included', async () => {
    await t.ctx.db.insert(eoiRequests).values([
      {
        fullName: 'Chloé Brontë 🦄',
        email: 'chloe@example.com',
        phone: '',
        reason: 'Café, "quoted"\nnext line\rcarriage ☕',
        createdAt: new Date('2024-07-01T11:59:59.123Z'),
      },
      {
        fullName: '=HYPERLINK("http://x")',
        email: '@home',
        phone: '-5',
        reason: '+ plus, then \t tab',
        createdAt: new Date('2024-01-15T09:00:00.5Z'),
      },
      {
        fullName: ' leading space',
        email: 'quote"@example.com',
        reason: '"',
        status: 'archived',
        createdAt: new Date('2024-10-27T01:30:00Z'),
      },
    ]);
    await t.ctx.db.execute(sql`insert into contact_messages (name, email, message, created_at)
      values ('Zoë', 'zoe@example.com', e'\r=SUM(A1)\n"x",', '2024-03-31 00:59:59.999999+00'),
        ('Ünal', 'u@example.com', 'ends with a line break' || chr(10), '2024-03-31 01:00:00+00')`);
    const real = t.ctx.db;
    const cases = [
      { table: 'eoi_requests' },
      { table: 'eoi_requests', query: 'chlo' },
      { table: 'eoi_requests', query: "o'brien%_\\" },
      { table: 'eoi_requests', status: 'archived' },
      { table: 'contact_messages' },
    ];
    for (const body of cases) {
      const copied = await bytes(body);
      t.ctx.db = withoutPool(real);
      try {
        const batched = await bytes(body);
        expect(copied.equals(batched), JSON.stringify(body)).toBe(true);
      } finally {
        t.ctx.db = real;
      }
    }
    const records = parseCsv(
      new TextDecoder('utf-8', { ignoreBOM: true }).decode(
        await bytes({ table: 'eoi_requests', query: 'chlo' }),
      ),
    );
    expect(records[1]).toEqual([
      '2024-07-01T12:59:59.123+01:00',
      'Chloé Brontë 🦄',
      'chloe@example.com',
      '',
      'Café, "quoted"\nnext line\rcarriage ☕',
      'new',
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ]);
    const contact = parseCsv(
      new TextDecoder('utf-8', { ignoreBOM: true }).decode(
        await bytes({ table: 'contact_messages', query: 'zoe' }),
      ),
    );
    expect(contact[1]!.slice(0, 4)).toEqual([
      '2024-03-31T00:59:59.999+00:00',
      'Zoë',
      'zoe@example.com',
      '\'\r=SUM(A1)\n"x",',
    ]);
  });

  describe('with 100,000 rows', () => {
    beforeAll(async () => {
      await t.ctx.db.execute(sql`insert into eoi_requests (full_name, email, reason, created_at)
        select 'Many ' || i, 'many' || i || '@example.com', repeat('x', 80),
          timestamptz '2023-01-01' + i * interval '1 second'
        from generate_series(1, 100000) as i`);
    });

    it('gives the connection back whenever the client leaves mid-download', async () => {
      const pool = (t.ctx.db as unknown as { $client: pg.Pool }).$client;
      // More than the pool holds: a connection kept by an abandoned COPY would starve the rest.
      for (let i = 0; i < pool.options.max! + 2; i++) {
        const abort = new AbortController();
        const res = await download({ table: 'eoi_requests' }, { signal: abort.signal });
        const reader = res.body!.getReader();
        expect((await reader.read()).done).toBe(false);
        abort.abort();
      }
      await expect.poll(copyBackends, { timeout: 20_000 }).toEqual([]);
      expect(pool.waitingCount).toBe(0);
      const complete = await bytes({ table: 'eoi_requests' });
      const lines = complete.toString('utf8').split('\r\n').length - 2;
      expect(lines).toBeGreaterThanOrEqual(100_000);
    });

    it('breaks the download, and logs, when the database connection is lost mid-stream', async () => {
      const logged = vi.spyOn(t.app.log, 'error');
      const res = await download({ table: 'eoi_requests' });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      // Not read further, so the COPY waits on the client; then its connection is lost.
      const [backend] = await copyBackends();
      expect(backend).toBeDefined();
      await t.ctx.db.execute(sql`select pg_terminate_backend(${backend!.pid})`);
      await expect(
        (async () => {
          for (;;) if ((await reader.read()).done) return;
        })(),
      ).rejects.toThrow();
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ table: 'eoi_requests' }),
        'CSV export failed',
      );
      // The server carries on.
      expect((await bytes({ table: 'contact_messages' })).length).toBeGreaterThan(0);
    });
  });
});
