/**
 * `npm run bench:search`: staff search and filters at a million applications. Fills a fresh
 * database (PostgreSQL at DATABASE_URL, else embedded PGlite with BENCH_ROWS rows), then times
 * the applicant list's queries: substring search on name or e-mail ignoring case and accents
 * (the trigram indexes of the search columns, migration 0019, built by the product's own
 * nameOrEmailMatches), a stage filter, and the newest page. Fails if any median passes the
 * target.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { applications } from '#server/db/schema.ts';
import { nameOrEmailMatches } from '#server/lib/staff-search.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? (process.env.DATABASE_URL ? 1_000_000 : 200_000));
const TARGET_MS = 100;
const REPEAT = 7;

async function openFresh(): Promise<{ database: Database; cleanup(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'waj-bench-search-'));
    const database = await openDatabase({ dataDir: dir });
    return {
      database,
      async cleanup() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `waj_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: 'memory' });
  return {
    database,
    async cleanup() {
      await database.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

const { database, cleanup } = await openFresh();
try {
  await migrateDatabase(database);
  const { db } = database;
  const started = performance.now();
  // Names from a small vocabulary with a unique number, so some searches match many rows
  // and some match one.
  await db.execute(sql`
    insert into applications (full_name, email, source, stage, created_at)
    select
      (array['Ada','Grace','Alan','Mary','Tim','Edsger','Barbara','Chloé'])[1 + i % 8] || ' ' ||
      (array['Lovelace','Hopper','Turing','Somerville','Berners-Lee','Dijkstra','Liskov','Thompson'])[1 + (i / 8) % 8] ||
      ' ' || i,
      'member' || i || '@example' || (i % 50) || '.co.uk',
      'application',
      (array['basic','invited','code_verified','detailed','kyc_in_progress','kyc','tier_offer','accepted','activated'])[1 + i % 9],
      now() - (i || ' seconds')::interval
    from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`analyze applications`);
  const loadMs = performance.now() - started;

  const page = (where: SQL) => sql`
    select id, full_name, email, stage from applications where erased_at is null and ${where}
    order by created_at desc, id desc limit 20`;
  // The condition admin-applicant-list searches names and e-mails with.
  const search = (q: string) => nameOrEmailMatches(db, 'applications', applications, q);
  const cases: [string, SQL][] = [
    ['search: one person (name)', page(await search(`Turing ${Math.floor(ROWS / 2)}`))],
    ['search: one person (e-mail)', page(await search(`member${ROWS - 7}@`))],
    ['search: common word, newest 20', page(await search('hopper'))],
    ['search: without its accent, newest 20', page(await search('chloe turing'))],
    ['count: common word', sql`select count(*) from applications where ${await search('hopper')}`],
    ['filter: stage = kyc, newest 20', page(sql`stage = 'kyc'`)],
    ['list: newest 20', page(sql`true`)],
  ];

  const results: Record<string, number> = {};
  for (const [label, query] of cases) {
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const t = performance.now();
      await queryRows(db, query);
      times.push(performance.now() - t);
    }
    results[label] = Math.round([...times].sort((a, b) => a - b)[REPEAT >> 1]! * 10) / 10;
  }
  const report = {
    database: database.kind,
    rows: ROWS,
    loadSeconds: Math.round(loadMs / 1000),
    medianMs: results,
    targetMs: TARGET_MS,
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  const slow = Object.entries(results).filter(
    ([label, ms]) => !label.startsWith('count') && ms > TARGET_MS,
  );
  if (slow.length) {
    process.stderr.write(`Slower than ${TARGET_MS} ms: ${slow.map(([l]) => l).join(', ')}\n`);
    process.exitCode = 1;
  }
} finally {
  await cleanup();
}
