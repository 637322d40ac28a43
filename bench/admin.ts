/**
 * `npm run bench` (staff panel part): the staff lists and the CSV export at 100,000 rows each,
 * through the whole server over HTTP (guard, validation, JSON, compression), on a fresh
 * PostgreSQL database made for the run and dropped after it (DATABASE_URL; skipped without
 * it, or on the embedded PGlite with BENCH_PGLITE=1). Reports p50/p95 of ~50 calls per list query, and the export's rows per
 * second and peak memory growth. Fails if a p95 or the export misses its target.
 */
import { Secret, TOTP } from 'otpauth';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { seedDatabase } from '../src/server/db/seed.ts';
import { parseEnv } from '../src/server/env.ts';
import { createServer } from '../src/server/server.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const LIST_P95_TARGET_MS = 250;
/** A million-row export in under two minutes. */
const EXPORT_MIN_ROWS_PER_SECOND = 10_000;
const EXPORT_MAX_RSS_GROWTH_MB = 100;
const PASSPHRASE = 'bench passphrase, not a secret';

async function openFresh(dataDir: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    return { database, drop: async () => {} };
  }
  const name = `waj_bench_admin_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: 'memory' });
  return {
    database,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const FIRST = ['Ada', 'Grace', 'Alan', 'Mary', 'Tim', 'Edsger', 'Barbara', 'Ken'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Somerville', 'Berners-Lee', 'Dijkstra', 'Liskov'];
/** The seeded name of row i (the same formula as the SQL below). */
const nameOf = (i: number) => `${FIRST[i % 8]} ${LAST[Math.floor(i / 8) % 7]} ${i}`;
const sqlArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/**
 * Applications at every stage; from kyc_in_progress on, an identity check (one in ten with
 * an older, superseded one too), with rare PEP and sanctions hits and some unknown results;
 * details from `detailed` on; invitation codes redeemed by a third, bound for the invited.
 * EOI requests and contact messages spread over ~70 days, a tenth of them this week.
 */
async function seedRows(database: Database) {
  const { db } = database;
  const name = (i: string) =>
    sql`(${sqlArray(FIRST)})[1 + ${sql.raw(i)} % 8] || ' ' || (${sqlArray(LAST)})[1 + (${sql.raw(i)} / 8) % 7] || ' ' || ${sql.raw(i)}`;
  await db.execute(sql`
    insert into applications (full_name, email, source, stage, tier_assigned, created_at)
    select ${name('i')}, 'member' || i || '@example' || (i % 50) || '.co.uk',
      case when i % 3 = 0 then 'invite' else 'application' end,
      (array['basic','invited','code_verified','detailed','kyc_in_progress','kyc','tier_offer',
        'accepted','activated'])[1 + i % 9],
      case when i % 9 >= 6 then (array['standard','noir','titan','monarch'])[1 + i % 4] end,
      now() - (i || ' seconds')::interval
    from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`
    insert into application_details (application_id, annual_income, employment_status, pep_exposed)
    select id, 30000 + (row_number() over ()) * 7 % 600000, 'employed', (row_number() over ()) % 50 = 0
    from applications where stage not in ('basic', 'invited', 'code_verified')`);
  const checked = sql`stage in ('kyc_in_progress','kyc','tier_offer','accepted','activated')`;
  // Older checks first: the trigger makes the last one inserted the current one.
  await db.execute(sql`
    insert into identity_checks (application_id, provider, provider_session_id, status,
      decision, pep, sanctions, country, last_event, last_event_at, created_at)
    select id, 'veriff', gen_random_uuid()::text, 'declined', 'resubmission_requested', false,
      false, 'GB', 'declined', created_at + interval '5 minutes', created_at + interval '1 minute'
    from applications where ${checked} and (extract(epoch from created_at)::bigint % 10) = 0`);
  await db.execute(sql`
    insert into identity_checks (application_id, provider, provider_session_id, status,
      decision, pep, sanctions, country, last_event, last_event_at, created_at)
    select id,
      case when n % 2 = 0 then 'veriff' else 'builtin' end,
      case when n % 2 = 0 then gen_random_uuid()::text end,
      (array['approved','approved','approved','approved','approved','approved','submitted',
        'submitted','started','created','declined'])[1 + n % 11],
      case n % 11 when 10 then 'declined' when 6 then case when n % 7 = 0
        then 'resubmission_requested' end else case when n % 11 < 6 then 'approved' end end,
      case when n % 100 = 3 then true when n % 100 < 10 then null else false end,
      case when n % 200 = 5 then true when n % 100 < 10 then null else false end,
      (array['GB','GB','GB','IE','FR','DE'])[1 + n % 6],
      'submitted', created_at + interval '1 hour', created_at + interval '10 minutes'
    from (select id, created_at, row_number() over (order by created_at) as n
      from applications where ${checked}) as s`);
  await db.execute(sql`
    insert into invite_codes (code, used_by_application_id, used_at, issued_at)
    select 'USED-' || lpad(n::text, 9, '0'), id, created_at, created_at - interval '1 day'
    from (select id, created_at, row_number() over () as n from applications
      where source = 'invite' and stage not in ('basic', 'invited')) as s`);
  await db.execute(sql`
    insert into invite_codes (code, issued_application_id, issued_to, issued_at)
    select 'SENT-' || lpad(n::text, 9, '0'), id, email, created_at
    from (select id, email, created_at, row_number() over () as n from applications
      where stage = 'invited') as s`);
  const inboxStatus = sql.raw(
    `(array['new','new','new','new','new','new','reviewed','reviewed','reviewed','archived'])[1 + i % 10]`,
  );
  await db.execute(sql`
    insert into eoi_requests (full_name, email, phone, reason, status, created_at)
    select ${name('i')}, 'eoi' || i || '@example.com',
      case when i % 3 = 0 then '+44 20 7946 ' || lpad((i % 10000)::text, 4, '0') end,
      case when i % 2 = 0 then 'I would like a card with higher limits for travel, reference ' || i end,
      ${inboxStatus}, now() - (i * 60 || ' seconds')::interval
    from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`
    insert into contact_messages (name, email, message, status, created_at)
    select ${name('i')}, 'contact' || i || '@example.com',
      'Hello, I have a question about membership number ' || i || ', "quoted", and a comma.',
      ${inboxStatus}, now() - (i * 60 || ' seconds')::interval
    from generate_series(1, ${ROWS}) as i`);
  // As autovacuum would have by now: statistics and the visibility map.
  for (const table of [
    'applications',
    'application_details',
    'identity_checks',
    'invite_codes',
    'eoi_requests',
    'contact_messages',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type Case = { call: string; label: string; body: object };

if (!process.env.DATABASE_URL && !process.env.BENCH_PGLITE) {
  process.stdout.write(
    'bench/admin.ts: skipped, it measures PostgreSQL: set DATABASE_URL (or BENCH_PGLITE=1).\n',
  );
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'waj-bench-admin-'));
const { database, drop } = await openFresh(dataDir);
let server: Awaited<ReturnType<typeof createServer>> | undefined;
let failed = false;
try {
  const seedStarted = performance.now();
  await migrateDatabase(database, seedDatabase);
  await seedRows(database);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ADMIN_PASSPHRASE: PASSPHRASE,
    SESSION_SECRET: 'bench session secret, not a secret at all',
    MFA_SECRET_KEY: 'bench mfa key, not a secret at all either',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '0',
  });
  server = await createServer(env, { database, logger: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/`;
  // The first owner signs in with both factors, enrolling an authenticator as staff do.
  const post = async (name: string, body: object) =>
    (await fetch(base + name, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((res) => res.json())) as Record<string, unknown>;
  const step = await post('admin-auth', { email: 'admin@waj.co.uk', passphrase: PASSPHRASE });
  const code = new TOTP({ secret: Secret.fromBase32(String(step.secret)) }).generate();
  const { token } = (await post('admin-mfa-enroll', { challenge: step.challenge, code })) as {
    token: string;
  };
  const call = (name: string, body: object) =>
    fetch(base + name, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-pass': token },
      body: JSON.stringify(body),
    });

  const someone = nameOf(Math.floor(ROWS / 2) + 17);
  const cases: Case[] = [
    { call: 'admin-applicant-list', label: 'newest 20, no filter', body: {} },
    {
      call: 'admin-applicant-list',
      label: `deep page (${Math.floor(ROWS / 40)} of ${ROWS / 20})`,
      body: { page: Math.floor(ROWS / 40) },
    },
    {
      call: 'admin-applicant-list',
      label: `search one name ("${someone}")`,
      body: { query: someone },
    },
    {
      call: 'admin-applicant-list',
      label: 'search a common name ("hopper")',
      body: { query: 'hopper' },
    },
    { call: 'admin-applicant-list', label: 'stage = kyc', body: { stage: 'kyc' } },
    {
      call: 'admin-applicant-list',
      label: 'status = declined',
      body: { veriff_status: 'declined' },
    },
    {
      call: 'admin-applicant-list',
      label: 'decision = approved',
      body: { veriff_decision: 'approved' },
    },
    {
      call: 'admin-applicant-list',
      label: 'decision = resubmit',
      body: { veriff_decision: 'resubmission_requested' },
    },
    { call: 'admin-applicant-list', label: 'PEP yes', body: { pep_filter: 'yes' } },
    { call: 'admin-applicant-list', label: 'PEP no', body: { pep_filter: 'no' } },
    { call: 'admin-applicant-list', label: 'sanctioned', body: { sanctions_filter: 'yes' } },
    { call: 'admin-applicant-list', label: 'not sanctioned', body: { sanctions_filter: 'no' } },
    {
      call: 'admin-applicant-list',
      label: 'stage basic + declined (no match)',
      body: { stage: 'basic', veriff_status: 'declined' },
    },
    ...(['admin-eoi-list', 'admin-contact-list'] as const).flatMap((list) => [
      { call: list, label: 'page 1 of 10', body: { page: 1, pageSize: 10 } },
      { call: list, label: 'search one name', body: { pageSize: 10, query: someone } },
      {
        call: list,
        label: 'status = reviewed, 50 a page',
        body: { pageSize: 50, status: 'reviewed' },
      },
    ]),
  ];

  const results: { call: string; label: string; total: number; p50: number; p95: number }[] = [];
  for (const c of cases) {
    const first = await call(c.call, c.body);
    if (!first.ok) throw new Error(`${c.call} ${c.label}: ${first.status} ${await first.text()}`);
    const { total } = (await first.json()) as { total: number };
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      const res = await call(c.call, c.body);
      await res.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({ ...c, total, p50: percentile(times, 50), p95: percentile(times, 95) });
  }

  // The full EOI export, read as fast as the client can; memory sampled while it streams.
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 5);
  const exportStarted = performance.now();
  const exported = await call('admin-export-csv', { table: 'eoi_requests' });
  if (!exported.ok || !exported.body) throw new Error(`export: ${exported.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of exported.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  const exportRows = lines - 1;
  const rowsPerSecond = exportRows / exportSeconds;
  const rssGrowthMb = (rssPeak - rssBefore) / (1024 * 1024);

  const round = (n: number) => Math.round(n * 10) / 10;
  process.stdout.write(
    `\nStaff lists and export: ${database.kind}, ${ROWS.toLocaleString('en-GB')} rows each, ` +
      `${CALLS} calls per query, seeded in ${Math.round(seedSeconds)} s\n\n` +
      `| call | query | matches | p50 ms | p95 ms |\n| --- | --- | --- | --- | --- |\n`,
  );
  for (const r of results) {
    process.stdout.write(
      `| ${r.call} | ${r.label} | ${r.total.toLocaleString('en-GB')} | ${round(r.p50)} | ${round(r.p95)} |\n`,
    );
  }
  process.stdout.write(
    `\nadmin-export-csv, all EOI rows: ${exportRows.toLocaleString('en-GB')} rows, ` +
      `${round(bytes / 1024 / 1024)} MB in ${round(exportSeconds)} s = ` +
      `${Math.round(rowsPerSecond).toLocaleString('en-GB')} rows/s; peak RSS growth ${round(rssGrowthMb)} MB\n\n`,
  );

  const slow = results.filter((r) => r.p95 > LIST_P95_TARGET_MS);
  if (slow.length) {
    process.stderr.write(
      `p95 over ${LIST_P95_TARGET_MS} ms: ${slow.map((r) => `${r.call} ${r.label}`).join(', ')}\n`,
    );
    failed = true;
  }
  if (exportRows !== ROWS) {
    process.stderr.write(`The export had ${exportRows} rows, not ${ROWS}.\n`);
    failed = true;
  }
  if (rowsPerSecond < EXPORT_MIN_ROWS_PER_SECOND || rssGrowthMb > EXPORT_MAX_RSS_GROWTH_MB) {
    process.stderr.write(
      `Export below target (${EXPORT_MIN_ROWS_PER_SECOND} rows/s, ` +
        `${EXPORT_MAX_RSS_GROWTH_MB} MB growth at most).\n`,
    );
    failed = true;
  }
} finally {
  await server?.close();
  await database.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
