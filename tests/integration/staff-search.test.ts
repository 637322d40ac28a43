import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, eoiRequests } from '#server/db/schema.ts';
import { commonNameWords, narrowingWords } from '#server/lib/staff-search.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * A name of common and rare words is searched through its rare words, then tested whole
 * (decision 066): the same rows must be found as by the whole query.
 */
let t: TestApp;
let token: string;
const BASE = Date.parse('2026-03-01T12:00:00Z');

// Most applicants share two words, as 'grace' and 'hopper' are shared at a million rows.
const COMMON = Array.from({ length: 120 }, (_, i) => `Grace Hopper ${1000 + i}`);
const OTHERS = [
  'Grâce Hopper 7331',
  'Ada Grace Hopper 73315',
  'Hopper Grace 73310',
  'Grace Hopper 73',
  'Chloé Liskov',
  'Grace Turing Hopper 9090',
  'Grace Hopper Xturing 19090',
];

beforeAll(async () => {
  // An app of its own: the common words are read once and kept for minutes per database.
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  token = await t.staffToken();
  const names = [...COMMON, ...OTHERS];
  await t.ctx.db.insert(applications).values(
    names.map((fullName, i) => ({
      source: 'application' as const,
      stage: 'basic' as const,
      fullName,
      email: `applicant${i}@example.com`,
      createdAt: new Date(BASE + i * 60_000),
    })),
  );
  await t.ctx.db.insert(eoiRequests).values(
    names.map((fullName, i) => ({
      fullName,
      email: `eoi${i}@example.com`,
      createdAt: new Date(BASE + i * 60_000),
    })),
  );
  // A small table's statistics list every word it holds; at the coarsest target they keep only
  // the common ones, as a large table's do (words in more than about one name in 500).
  for (const table of ['applications', 'eoi_requests']) {
    await t.ctx.db.execute(sql.raw(`alter statistics ${table}_name_words set statistics 1`));
    await t.ctx.db.execute(sql.raw(`analyze ${table}`));
  }
});
afterAll(async () => {
  await t?.close();
});

type EoiName = { full_name: string };

async function names(call: 'admin-applicant-list' | 'admin-eoi-list', query: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${call}`,
    headers: { 'x-admin-pass': token },
    payload: call === 'admin-eoi-list' ? { page: 1, pageSize: 50, query } : { query },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { total: number; data: { full_name: string }[] };
  expect(body.total).toBe(body.data.length);
  return body.data.map((row) => row.full_name).sort();
}

describe('staff search of a name of several words', () => {
  it("reads the table's common name words from PostgreSQL's statistics", async () => {
    expect(await commonNameWords(t.ctx.db, 'applications')).toEqual(['grace', 'hopper']);
    expect(await commonNameWords(t.ctx.db, 'eoi_requests')).toEqual(['grace', 'hopper']);
  });

  it.each(['admin-applicant-list', 'admin-eoi-list'] as const)(
    '%s finds exactly what the whole query matches, whatever the case and accents',
    async (call) => {
      const common = await commonNameWords(t.ctx.db, 'applications');
      // Each of these reaches the index through its rare words only.
      for (const query of ['Grace Hopper 7331', 'ace hopper 733', 'Hopper Grace 7331']) {
        expect(narrowingWords(query, common), query).not.toBeNull();
      }
      const both = ['Ada Grace Hopper 73315', 'Grâce Hopper 7331'].sort();
      expect(await names(call, 'Grace Hopper 7331')).toEqual(both);
      expect(await names(call, 'grâce HOPPER 7331')).toEqual(both);
      // The query's first and last words may be parts of words.
      expect(await names(call, 'ace hopper 733')).toEqual(both);
      expect(await names(call, 'ace hopper 73')).toEqual([...both, 'Grace Hopper 73'].sort());
      // Every word present, not in that order: not a match.
      expect(await names(call, 'hopper grace 73315')).toEqual([]);
      expect(await names(call, 'Hopper Grace 7331')).toEqual(['Hopper Grace 73310']);
      expect(await names(call, 'chloe liskov')).toEqual(['Chloé Liskov']);
      // Two rare words, both given to the index.
      expect(narrowingWords('Turing Hopper 909', common)).toEqual(['Turing', '909']);
      expect(await names(call, 'Turing Hopper 909')).toEqual(['Grace Turing Hopper 9090']);
      // Only common words and a short one: the whole query goes to the index, as before.
      expect(narrowingWords('grace hopper 11', common)).toBeNull();
      expect(await names(call, 'grace hopper 11')).toEqual(
        COMMON.filter((name) => name.includes(' 11')).sort(),
      );
    },
  );
  it('exports the same rows an inbox search lists (COPY on PostgreSQL, pages on PGlite)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin-export-csv',
      headers: { 'x-admin-pass': token },
      payload: { table: 'eoi_requests', query: 'Turing Hopper 909' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const exported = OTHERS.concat(COMMON).filter((name) => res.body.includes(name));
    expect(exported).toEqual(['Grace Turing Hopper 9090']);
  });

  it('walks a search past the count cap newest first, in the inbox as in the applicant list', async () => {
    // 200 more: 'hopper' now matches more names than are counted (COUNT_CAP).
    await t.ctx.db.insert(eoiRequests).values(
      Array.from({ length: 200 }, (_, i) => ({
        fullName: `Grace Hopper ${5000 + i}`,
        email: `many${i}@example.com`,
        createdAt: new Date(BASE + (1000 + i) * 60_000),
      })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin-eoi-list',
      headers: { 'x-admin-pass': token },
      payload: { page: 2, pageSize: 10, query: 'hopper' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { total: number; total_capped?: boolean; data: EoiName[] };
    expect(body).toMatchObject({ total: 200, total_capped: true });
    expect(body.data.map((row) => row.full_name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Grace Hopper ${5189 - i}`),
    );
  });
});
