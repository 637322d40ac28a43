import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { nameWordStats, readNameWordStats, surelyOverCap } from '#server/lib/staff-search.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * A search for a word PostgreSQL's statistics show in thousands of names is not counted: the
 * list says 200+ and walks to its page (staff-search.ts surelyOverCap). The rows must be the
 * same as a count would have led to; a rarer word is still counted exactly.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  token = await t.staffToken();
  // 2,530 applicants and as many EOI requests, one a minute: 29 named Rare, the rest Chloé.
  for (const [table, name] of [
    ['applications', 'full_name'],
    ['eoi_requests', 'full_name'],
  ] as const) {
    // The insert's statistics are flushed before ANALYZE (a backend otherwise sends them up to
    // a second later, and they would then count as changes made since it).
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(`insert into ${table} (${table === 'applications' ? 'source, stage, ' : ''}${name}, email, created_at)
        select ${table === 'applications' ? `'application', 'basic', ` : ''}
          case when i % 85 = 0 then 'Rare Person ' || i else 'Chloé Many ' || i end,
          'person' || i || '@example.com',
          timestamptz '2026-03-01T00:00:00Z' + i * interval '1 minute'
        from generate_series(1, 2530) as i`),
      );
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });
    await t.ctx.db.execute(sql.raw(`analyze ${table}`));
  }
});
afterAll(async () => {
  await t?.close();
});

async function list(call: string, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${call}`,
    headers: { 'x-admin-pass': token },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    total: number;
    total_capped?: boolean;
    data: { id: string; full_name: string }[];
  };
}

/** The names a search should list, newest first, counted by PostgreSQL. */
const expected = (table: string, like: string) =>
  queryRows<{ full_name: string }>(
    t.ctx.db,
    sql.raw(`select full_name from ${table} where full_name like '${like}'
      order by created_at desc, id desc`),
  ).then((rows) => rows.map((row) => row.full_name));

describe('a search for a word in thousands of names', () => {
  it.each([
    ['admin-applicant-list', 'applications', 'applications'],
    ['admin-eoi-list', 'eoi_requests', 'eoi_requests'],
  ] as const)('%s says 200+ and lists the same rows a count would', async (call, table, stats) => {
    expect(surelyOverCap('chloe', await nameWordStats(t.ctx.db, stats))).toBe(true);
    const chloes = await expected(table, 'Chloé Many %');
    const pages = await Promise.all(
      [1, 2, 9].map((page) => list(call, { query: 'chloe', page, pageSize: 25 })),
    );
    for (const page of pages) expect(page).toMatchObject({ total: 200, total_capped: true });
    expect(pages.map((page) => page.data.map((row) => row.full_name))).toEqual([
      chloes.slice(0, 25),
      chloes.slice(25, 50),
      chloes.slice(200, 225),
    ]);

    // A word in 29 names is counted, exactly.
    expect(surelyOverCap('rare', await nameWordStats(t.ctx.db, stats))).toBe(false);
    const rare = await list(call, { query: 'rare', page: 1, pageSize: 50 });
    const rares = await expected(table, 'Rare Person %');
    expect(rares).toHaveLength(29);
    expect(rare).toMatchObject({ total: 29 });
    expect(rare.total_capped).toBeUndefined();
    expect(rare.data.map((row) => row.full_name)).toEqual(rares);
  });

  it('counts again once enough rows changed since the statistics were gathered', async () => {
    const before = await readNameWordStats(t.ctx.db, 'eoi_requests');
    expect(surelyOverCap('chloe', before)).toBe(true);
    // 600 Chloés go, and nothing analyses the table: 1,900 are left, and the statistics can no
    // longer promise 2,000.
    await t.ctx.db.execute(sql`delete from eoi_requests
      where id in (select id from eoi_requests where full_name like 'Chloé Many %' limit 600)`);
    await t.ctx.db.execute(sql`select pg_stat_force_next_flush()`);
    const after = await readNameWordStats(t.ctx.db, 'eoi_requests');
    expect(after?.modifiedSince).toBeGreaterThanOrEqual(600);
    expect(surelyOverCap('chloe', after)).toBe(false);
  });

  it('lists the same rows with another filter beside the word', async () => {
    const chloes = await expected('applications', 'Chloé Many %');
    const staged = await list('admin-applicant-list', { query: 'chloe', stage: 'basic' });
    expect(staged).toMatchObject({ total: 200, total_capped: true });
    expect(staged.data.map((row) => row.full_name)).toEqual(chloes.slice(0, 20));
  });
});
