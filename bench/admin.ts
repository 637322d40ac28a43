/**
 * `npm run bench` (staff panel part): every staff list, queue and search at 1,000,000 rows,
 * through the whole server over HTTP (guard, validation, JSON, compression) with 20 staff
 * calling at once from a thread of their own (admin-load.ts), then the management report
 * (`admin-report`, 90 days and a year, one member at a time), then the CSV export's rows per
 * second and memory. PostgreSQL only
 * (DATABASE_URL; skipped without it, or on the embedded PGlite with BENCH_PGLITE=1): a fresh
 * database is made for the run and dropped after it. BENCH_DB=<name> keeps (or reuses) a
 * seeded database of that name instead, for measuring again without seeding again;
 * BENCH_CALLS, BENCH_CONCURRENCY and BENCH_CASE_SECONDS change how long each query is driven;
 * BENCH_ONLY=<text>[|<text>…] measures only the queries whose call or label contains one;
 * BENCH_SKIP_EXPORT=1 leaves the export out, BENCH_SKIP_LISTS=1 the lists, BENCH_SKIP_REPORT=1
 * the report (BENCH_REPORT_CALLS: its timed calls a range, 20);
 * BENCH_PROFILE=<dir> writes a CPU profile of the server's thread for each query.
 * Prints each query's server-thread time per call beside its latencies, and the CPU each call cost the server's thread and PostgreSQL (when it runs on this machine). Fails if a list's
 * p95, the report's (1 s) or the export misses its target (`admin-me`, the guard alone, is a
 * reference).
 */
import { Secret, TOTP } from 'otpauth';
import { Worker } from 'node:worker_threads';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database, type Db } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { seedDatabase } from '#server/db/seed.ts';
import { parseEnv } from '#server/env.ts';
import { createServer } from '#server/server.ts';
import type { Case, LoadMessage, LoadOptions, Result } from './admin-load.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/**
 * Timed calls per query, made by CONCURRENCY staff at once. Enough that one pause of the machine,
 * which holds up every call in flight at once, is not the p95 by itself (decision 074).
 */
const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
/** No new call of a query is started after this long: a slow query cannot stall the run. */
const CASE_SECONDS = Number(process.env.BENCH_CASE_SECONDS ?? 30);
const LIST_P95_TARGET_MS = 50;
/** Not a list, so not held to the target: the staff guard alone, the floor every list stands on. */
const REFERENCE_CALL = 'admin-me';
/** A million-row export in ten seconds. */
const EXPORT_MIN_ROWS_PER_SECOND = 100_000;
const EXPORT_MAX_RSS_GROWTH_MB = 100;
const PASSPHRASE = 'bench passphrase, not a secret';

async function openBenchDatabase(
  dataDir: string,
): Promise<{ database: Database; seeded: boolean; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    return { database, seeded: false, drop: async () => {} };
  }
  const keep = process.env.BENCH_DB;
  if (keep && !/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error('BENCH_DB: a plain database name');
  const name = keep ?? `waj_bench_admin_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name]))
    .rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: 'memory' });
  let seeded = false;
  if (exists) {
    const marker = await queryRows(
      database.db,
      sql`select 1 from information_schema.tables where table_name = 'bench_seeded'`,
    );
    seeded = marker.length > 0;
  }
  return {
    database,
    seeded,
    async drop() {
      if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const FIRST = ['Ada', 'Grace', 'Alan', 'Mary', 'Tim', 'Edsger', 'Barbara', 'Chloé'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Somerville', 'Berners-Lee', 'Dijkstra', 'Liskov'];
/** The seeded name of row i (the same formula as the SQL below). */
const nameOf = (i: number) => `${FIRST[i % 8]} ${LAST[Math.floor(i / 8) % 7]} ${i}`;
const sqlArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);
/** Row i's phone, as an applicant might type it (the same formula as the SQL below). */
const phoneOf = (i: number) => `+44 7700 ${String(i).padStart(7, '0')}`;

/**
 * Loading a million rows into indexed tables maintains every index row by row (the trigram
 * ones are the slowest); dropping the plain indexes and building them once after is several
 * times faster. Indexes behind constraints (keys, unique) stay: the inserts rely on them.
 */
async function withoutIndexes(db: Db, tables: string[], load: () => Promise<void>) {
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where t.relname in ${tables} and t.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  await load();
  for (const index of indexes) await db.execute(sql.raw(index.definition));
}

/**
 * Applications at every stage; from kyc_in_progress on, an identity check (one in ten with
 * an older, superseded one too), with rare PEP and sanctions hits and some unknown results;
 * details from `detailed` on, one in fifty declaring a PEP; a phone each; one first name in
 * eight accented ('Chloé'); invitation codes redeemed by a third, bound for the invited; the
 * two identity files of everyone at kyc_in_progress waiting for review; one queue case in
 * twenty taken by the bench's staff member. EOI requests and contact messages spread over
 * ~2 years, and an audit log as long. All generated in SQL, a statement per table.
 */
async function seedRows(db: Db, staffId: string) {
  const name = (i: string) =>
    sql`(${sqlArray(FIRST)})[1 + ${sql.raw(i)} % 8] || ' ' || (${sqlArray(LAST)})[1 + (${sql.raw(i)} / 8) % 7] || ' ' || ${sql.raw(i)}`;
  const tables = [
    'applications',
    'application_details',
    'identity_checks',
    'invite_codes',
    'kyc_files',
    'eoi_requests',
    'contact_messages',
    'audit_log',
  ];
  // Not identity_checks: its trigger finds an application's current check by index, row by row.
  const bulk = ['applications', 'kyc_files', 'eoi_requests', 'contact_messages', 'audit_log'];
  await withoutIndexes(db, bulk, async () => {
    await db.execute(sql`
      insert into applications (full_name, email, phone, source, stage, tier_assigned,
        created_at, stage_changed_at, assigned_to, assigned_at)
      select ${name('i')}, 'member' || i || '@example' || (i % 50) || '.co.uk',
        '+44 7700 ' || lpad(i::text, 7, '0'),
        case when i % 3 = 0 then 'invite' else 'application' end,
        (array['basic','invited','code_verified','detailed','kyc_in_progress','kyc','tier_offer',
          'accepted','activated'])[1 + i % 9],
        case when i % 9 >= 6 then (array['standard','noir','titan','monarch'])[1 + i % 4] end,
        now() - (i * 10 || ' seconds')::interval, now() - (i * 5 || ' seconds')::interval,
        case when i % 20 = 0 and i % 9 in (4, 5, 7) then ${staffId}::uuid end,
        case when i % 20 = 0 and i % 9 in (4, 5, 7) then now() end
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
      from (select id, created_at, row_number() over (order by created_at) as n from applications
        where source = 'invite' and stage not in ('basic', 'invited')) as s`);
    await db.execute(sql`
      insert into invite_codes (code, issued_application_id, issued_to, issued_at)
      select 'SENT-' || lpad(n::text, 9, '0'), id, email, created_at
      from (select id, email, created_at, row_number() over () as n from applications
        where stage = 'invited') as s`);
    await db.execute(sql`
      insert into kyc_files (application_id, type, storage_key, content_type, file_size, sha256,
        status, uploaded_at)
      select a.id, t.type, 'kyc/' || a.id || '/' || t.type, 'image/jpeg', 250000,
        md5(a.id::text || t.type), 'pending', a.created_at + interval '20 minutes'
      from applications a cross join (values ('document'), ('selfie')) as t(type)
      where a.stage = 'kyc_in_progress'`);
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
    // Staff actions a tenth of them by the bench's member, the rest by the system and applicants.
    await db.execute(sql`
      insert into audit_log (at, actor_type, actor_id, actor_email, actor_role, action,
        target_type, target_id, after)
      select now() - (i * 60 || ' seconds')::interval,
        case when i % 10 = 0 then 'staff' when i % 10 < 4 then 'system' else 'applicant' end,
        case when i % 10 = 0 then ${staffId} end,
        case when i % 10 = 0 then 'admin@waj.co.uk' end,
        case when i % 10 = 0 then 'owner' end,
        (array['eoi_request.update_status','kyc_file.approve','application.stage',
          'staff.sign_in','settings.update','eoi_request.export'])[1 + i % 6],
        'application', gen_random_uuid()::text, '{"status": "reviewed"}'::jsonb
      from generate_series(1, ${ROWS}) as i`);
  });
  // As autovacuum would have by now: statistics and the visibility map.
  for (const table of tables) await db.execute(sql.raw(`vacuum analyze ${table}`));
  // Marks the database complete, so BENCH_DB reuses it rather than seeding on top.
  await db.execute(sql`create table bench_seeded (rows integer not null)`);
  await db.execute(sql`insert into bench_seeded values (${ROWS})`);
}

/**
 * What the management report (`admin-report`) reads beyond the lists' rows, added once to a
 * seeded database (marked by `bench_report_seeded`, so a reused one gets it too): the
 * activation row of every activated application, at the moment it became so; a third of those
 * still at `basic` declined, at the time they last moved; and screening alerts on one
 * application in fifty (a quarter each open, confirmed, waiting for a clearance's approval and
 * cleared), raised an hour after it started. The alerts' trigger that copies live alerts onto
 * the applications is off while they go in, so the applicant list's screening filters, measured
 * above, find what they found before.
 */
async function seedReportRows(db: Db) {
  const marked = await queryRows(
    db,
    sql`select 1 from information_schema.tables where table_name = 'bench_report_seeded'`,
  );
  if (marked.length) return false;
  await db.execute(sql`
    insert into activations (application_id, card_last4, activated_at, activated_by)
    select id, lpad((abs(hashtext(id::text)) % 10000)::text, 4, '0'), stage_changed_at, 'bench'
    from applications where stage = 'activated'
    on conflict do nothing`);
  await db.execute(sql`
    update applications set stage = 'declined', declined_at = stage_changed_at,
      decline_reason = 'Declined by the bench'
    where stage = 'basic' and abs(hashtext(id::text)) % 3 = 0`);
  // The stage trigger stamped the declines now: back to the moment each was made.
  await db.execute(
    sql`update applications set stage_changed_at = declined_at where stage = 'declined'`,
  );
  await db.execute(sql`alter table screening_alerts disable trigger screening_alerts_flag_insert`);
  await db.execute(sql`
    insert into screening_alerts (application_id, source, list, entry_id, kind, score,
      matched_name, entry, status, confirmed_at, confirm_reason, clear_requested_at,
      clear_reason, cleared_at, created_at)
    select id, 'builtin', 'uk', 'BENCH-' || n, case when n % 2 = 0 then 'pep' else 'sanctions' end,
      0.9, full_name,
      jsonb_build_object('name', full_name, 'names', jsonb_build_array(full_name),
        'dates_of_birth', '[]'::jsonb, 'nationalities', '[]'::jsonb, 'programmes', '[]'::jsonb),
      status,
      case when status = 'confirmed' then created_at + interval '2 hours' end,
      case when status = 'confirmed' then 'A true match (bench)' end,
      case when status in ('clear_requested', 'cleared') then created_at + interval '2 hours' end,
      case when status in ('clear_requested', 'cleared') then 'Not the same person (bench)' end,
      case when status = 'cleared' then created_at + interval '3 hours' end,
      created_at + interval '1 hour'
    from (select id, full_name, created_at, n,
        (array['open', 'confirmed', 'clear_requested', 'cleared'])[1 + (n / 50) % 4] as status
      from (select id, full_name, created_at, row_number() over (order by created_at) as n
        from applications) as numbered
      where n % 50 = 0) as chosen`);
  await db.execute(sql`alter table screening_alerts enable trigger screening_alerts_flag_insert`);
  for (const table of ['applications', 'activations', 'screening_alerts']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  await db.execute(sql`create table bench_report_seeded (at timestamptz not null default now())`);
  await db.execute(sql`insert into bench_report_seeded default values`);
  return true;
}

/** UK today, 'YYYY-MM-DD', and the day `days` before it: the report's ranges. */
const ukDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() - days * 86_400_000),
  );

/** The report is asked for by one member at a time: timed one call after another. */
const REPORT_CALLS = Number(process.env.BENCH_REPORT_CALLS ?? 20);
/** CONTRACT §9 (issue 36): the report answers in under a second at a million applications. */
const REPORT_P95_TARGET_MS = 1000;

type ReportResult = { label: string; calls: number; p50: number; p95: number; refused?: string };

/**
 * `admin-report` over `ranges`, each called twice untimed (the first pays for plans and
 * caches) then REPORT_CALLS times one after another, timed from send to the whole answer.
 */
async function measureReport(
  base: string,
  token: string,
  ranges: { label: string; from: string; to: string }[],
): Promise<ReportResult[]> {
  const call = (body: object) =>
    fetch(base + 'admin-report', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-pass': token },
      body: JSON.stringify(body),
    });
  const results: ReportResult[] = [];
  for (const range of ranges) {
    const body = { from: range.from, to: range.to };
    const first = await call(body);
    if (!first.ok) {
      const refused = `${first.status} ${(await first.text()).slice(0, 120)}`;
      results.push({ label: range.label, calls: 0, p50: NaN, p95: NaN, refused });
      continue;
    }
    await first.arrayBuffer();
    await (await call(body)).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < REPORT_CALLS; i++) {
      const started = performance.now();
      const res = await call(body);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`admin-report ${range.label}: ${res.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
    results.push({ label: range.label, calls: times.length, p50: at(0.5), p95: at(0.95) });
    process.stderr.write(`admin-report ${range.label}: ${Math.round(at(0.95))} ms p95\n`);
  }
  return results;
}

/** The queries measured by the staff thread (admin-load.ts), each printed as it is done. */
/**
 * CPU seconds (user + system) used so far by every PostgreSQL process this machine shows in
 * /proc: the database's share of a call when it runs beside the bench, as here. NaN elsewhere.
 */
function postgresCpuSeconds(): number {
  let ticks = 0;
  let found = false;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes(' (postgres) ')) continue;
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      found = true;
    } catch {
      // The process ended while being read.
    }
  }
  return found ? ticks / 100 : NaN;
}

async function measureInThread(base: string, token: string, cases: Case[]): Promise<Result[]> {
  const options: LoadOptions = {
    base,
    token,
    cases,
    calls: CALLS,
    concurrency: CONCURRENCY,
    caseSeconds: CASE_SECONDS,
  };
  const worker = new Worker(new URL('./admin-load.ts', import.meta.url), { workerData: options });
  const results: Result[] = [];
  // How busy the server's thread (this one) was during a query's timed calls, per call: the
  // part of the latency that 20 callers queue for, whatever PostgreSQL's share.
  let busySince = performance.eventLoopUtilization();
  // And what the calls cost in CPU: this thread's, and PostgreSQL's processes' (beside it here).
  let cpuSince = process.threadCpuUsage();
  let postgresSince = postgresCpuSeconds();
  // BENCH_PROFILE=<dir>: a CPU profile of the server's thread during each query's timed calls.
  const profileDir = process.env.BENCH_PROFILE;
  const profiler = profileDir ? new inspector.Session() : null;
  profiler?.connect();
  const post = (method: string) =>
    new Promise<unknown>((done, fail) =>
      profiler!.post(method, (error, result) => (error ? fail(error) : done(result))),
    );
  if (profiler) await post('Profiler.enable');
  return new Promise((resolve, reject) => {
    // One message at a time: the profiler's calls are awaited between them.
    let handled = Promise.resolve();
    worker.on('message', (r: LoadMessage) => {
      handled = handled.then(() => handle(r)).catch(reject);
    });
    worker.on('error', reject);
    async function handle(r: LoadMessage) {
      if (r === 'start') {
        busySince = performance.eventLoopUtilization();
        cpuSince = process.threadCpuUsage();
        postgresSince = postgresCpuSeconds();
        if (profiler) await post('Profiler.start');
        return;
      }
      if (r === null) {
        void worker.terminate();
        resolve(results);
        return;
      }
      const busy = performance.eventLoopUtilization(busySince);
      if (profiler && r.calls) {
        const { profile } = (await post('Profiler.stop')) as { profile: object };
        const file = join(
          profileDir!,
          `${r.call} ${r.label}.cpuprofile`.replace(/[^\w.,-]+/g, '-'),
        );
        writeFileSync(file, JSON.stringify(profile));
      }
      const cpu = process.threadCpuUsage(cpuSince);
      const postgres = postgresCpuSeconds() - postgresSince;
      const serverMs = r.calls ? busy.active / r.calls : NaN;
      const serverCpuMs = r.calls ? (cpu.user + cpu.system) / 1000 / r.calls : NaN;
      const postgresCpuMs = r.calls ? (postgres * 1000) / r.calls : NaN;
      results.push({ ...r, serverMs, serverCpuMs, postgresCpuMs });
      process.stderr.write(
        `${r.call} ${r.label}: ${r.refused ?? `${Math.round(r.p95)} ms p95, server ${serverMs.toFixed(2)} ms a call`}\n`,
      );
    }
  });
}

if (!process.env.DATABASE_URL && !process.env.BENCH_PGLITE) {
  process.stdout.write(
    'bench/admin.ts: skipped, it measures PostgreSQL: set DATABASE_URL (or BENCH_PGLITE=1).\n',
  );
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'waj-bench-admin-'));
const { database, seeded, drop } = await openBenchDatabase(dataDir);
let server: Awaited<ReturnType<typeof createServer>> | undefined;
let failed = false;
try {
  await migrateDatabase(database, seedDatabase);

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
  // The first owner signs in with both factors, enrolling an authenticator as staff do (each
  // run: a reused database keeps its member, whose authenticator this run does not know).
  const post = async (name: string, body: object) =>
    (await fetch(base + name, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((res) => res.json())) as Record<string, unknown>;
  if (seeded)
    await database.db.execute(
      sql`update staff_members set totp_secret = null, mfa_enabled_at = null, totp_last_step = null`,
    );
  const step = await post('admin-auth', { email: 'admin@waj.co.uk', passphrase: PASSPHRASE });
  if (typeof step.secret !== 'string') throw new Error(`sign-in: ${JSON.stringify(step)}`);
  const code = new TOTP({ secret: Secret.fromBase32(step.secret) }).generate();
  const { token } = (await post('admin-mfa-enroll', { challenge: step.challenge, code })) as {
    token: string;
  };
  const [me] = await queryRows<{ id: string }>(
    database.db,
    sql`select id from staff_members where lower(email) = 'admin@waj.co.uk'`,
  );

  let seedSeconds: number | null = null;
  if (!seeded) {
    const seedStarted = performance.now();
    process.stdout.write(`Seeding ${ROWS.toLocaleString('en-GB')} rows a table…\n`);
    await seedRows(database.db, me!.id);
    seedSeconds = (performance.now() - seedStarted) / 1000;
  }
  const reportSeeded = await seedReportRows(database.db);
  // A reused database may have new indexes or rewritten tables from migrations since it was
  // seeded: their statistics and visibility maps (which index-only scans need), as autovacuum
  // would have made them by now.
  if (seeded) await database.db.execute(sql`vacuum analyze`);
  // And the pages the seed and the vacuum dirtied written out, as a server that has run a while
  // would have: otherwise the checkpoint writing them runs during the first queries' timed calls.
  await database.db.execute(sql`checkpoint`);
  const [{ rows } = { rows: ROWS }] = seeded
    ? await queryRows<{ rows: number }>(database.db, sql`select rows from bench_seeded`)
    : [];

  const half = Math.floor(rows / 2) + 17;
  const someone = nameOf(half);
  const queue = (call: string, extra: object = {}): Case[] => [
    { call, label: 'oldest first, page 1', body: { ...extra } },
    { call, label: 'assigned to me', body: { ...extra, assigned: 'me' } },
    { call, label: 'search one name', body: { ...extra, query: nameOf(half + 4) } },
  ];
  const cases: Case[] = [
    { call: REFERENCE_CALL, label: 'guard only (reference)', body: {} },
    { call: 'admin-applicant-list', label: 'newest 20, no filter', body: {} },
    {
      call: 'admin-applicant-list',
      label: `deep page (${Math.floor(rows / 40)} of ${rows / 20})`,
      body: { page: Math.floor(rows / 40) },
    },
    {
      call: 'admin-applicant-list',
      label: `oldest page (${rows / 20} of ${rows / 20})`,
      body: { page: rows / 20 },
    },
    { call: 'admin-applicant-list', label: 'page 50', body: { page: 50 } },
    { call: 'admin-applicant-list', label: `one name ("${someone}")`, body: { query: someone } },
    { call: 'admin-applicant-list', label: 'accent-blind ("chloe")', body: { query: 'chloe' } },
    { call: 'admin-applicant-list', label: 'common name ("hopper")', body: { query: 'hopper' } },
    {
      call: 'admin-applicant-list',
      label: 'e-mail',
      body: { query: `member${half}@example${half % 50}.co.uk` },
    },
    { call: 'admin-applicant-list', label: 'phone digits', body: { query: phoneOf(half) } },
    {
      call: 'admin-applicant-list',
      label: 'invitation code',
      body: { query: `USED-${String(Math.floor(rows / 20)).padStart(9, '0')}` },
    },
    { call: 'admin-applicant-list', label: 'stage = kyc', body: { stage: 'kyc' } },
    { call: 'admin-applicant-list', label: 'PEP yes', body: { pep_filter: 'yes' } },
    { call: 'admin-applicant-list', label: 'PEP no', body: { pep_filter: 'no' } },
    { call: 'admin-applicant-list', label: 'sanctioned', body: { sanctions_filter: 'yes' } },
    {
      call: 'admin-applicant-list',
      label: 'not screened',
      body: { sanctions_filter: 'not_screened' },
    },
    {
      call: 'admin-applicant-list',
      label: 'decision = resubmit',
      body: { veriff_decision: 'resubmission_requested' },
    },
    ...queue('admin-kyc-list', { status: 'pending' }),
    ...queue('admin-offer-list'),
    ...queue('admin-activation-list'),
    { call: 'admin-audit-list', label: 'newest, no filter', body: {} },
    { call: 'admin-audit-list', label: 'page 100', body: { page: 100 } },
    { call: 'admin-audit-list', label: 'one member', body: { member: me!.id } },
    { call: 'admin-audit-list', label: 'one action', body: { action: 'kyc_file.approve' } },
    {
      call: 'admin-audit-list',
      label: 'member, action and a week',
      body: {
        member: me!.id,
        action: 'eoi_request.update_status',
        from: new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10),
        to: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
      },
    },
    ...(['admin-eoi-list', 'admin-contact-list'] as const).flatMap((list) => [
      { call: list, label: 'page 1 of 10', body: { page: 1, pageSize: 10 } },
      { call: list, label: 'page 1,000 of 10', body: { page: 1000, pageSize: 10 } },
      { call: list, label: 'search one name', body: { pageSize: 10, query: someone } },
      { call: list, label: 'search "chloe"', body: { pageSize: 10, query: 'chloe' } },
      {
        call: list,
        label: 'status = reviewed, 50 a page',
        body: { pageSize: 50, status: 'reviewed' },
      },
    ]),
  ];

  // BENCH_ONLY=<text>[|<text>…]: only the queries whose call or label contains one of them.
  const only = process.env.BENCH_ONLY?.split('|');
  const chosen = cases.filter(
    (c) => !only || only.some((text) => `${c.call} ${c.label}`.includes(text)),
  );

  // BENCH_SKIP_LISTS=1: the export alone (e.g. measured again on a quieter machine).
  const results = process.env.BENCH_SKIP_LISTS ? [] : await measureInThread(base, token, chosen);

  // The management report over the last 90 days and the last year (BENCH_ONLY matches
  // 'admin-report 90 days' or 'admin-report one year'; BENCH_SKIP_REPORT=1 leaves it out).
  // After the lists: its calls run one at a time, and the lists' 20 callers would queue behind them.
  const reportRanges = [
    { label: '90 days', from: ukDay(89), to: ukDay() },
    { label: 'one year', from: ukDay(364), to: ukDay() },
  ].filter((r) => !only || only.some((text) => `admin-report ${r.label}`.includes(text)));
  const reportResults = process.env.BENCH_SKIP_REPORT
    ? []
    : await measureReport(base, token, reportRanges);

  // The full EOI export, read as fast as the client can; memory sampled while it streams. After
  // the lists: its reader runs on the server's thread, and the 150 MB it reads left that
  // thread's heap collecting through the first lists measured after it (decision 074).
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 5);
  const exportStarted = performance.now();
  // BENCH_SKIP_EXPORT=1: the lists alone (an empty file stands in for the export).
  const exported = process.env.BENCH_SKIP_EXPORT
    ? new Response('header\n')
    : await fetch(base + 'admin-export-csv', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-pass': token },
        body: JSON.stringify({ table: 'eoi_requests' }),
      });
  if (!exported.ok || !exported.body) throw new Error(`export: ${exported.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of exported.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
  }
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  process.stderr.write(`export: ${lines - 1} rows in ${Math.round(exportSeconds * 10) / 10} s\n`);
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  // Line feeds: one a record, plus those inside the seeded values (none).
  const exportRows = lines - 1;
  const rowsPerSecond = exportRows / exportSeconds;
  const rssGrowthMb = (rssPeak - rssBefore) / (1024 * 1024);

  const round = (n: number) => (Number.isNaN(n) ? '–' : String(Math.round(n * 10) / 10));
  const round2 = (n: number | undefined) =>
    n === undefined || Number.isNaN(n) ? '–' : n.toFixed(2);
  const [{ version } = { version: '?' }] = await queryRows<{ version: string }>(
    database.db,
    sql`select current_setting('server_version') as version`,
  );
  process.stdout.write(
    `\nStaff lists and export: ${database.kind} ${version}, ${rows.toLocaleString('en-GB')} rows ` +
      `each, ${CALLS} calls per query by ${CONCURRENCY} clients at once, ` +
      `${cpus().length} cores, Node ${process.versions.node}` +
      (seedSeconds === null ? ' (database reused)' : `, seeded in ${Math.round(seedSeconds)} s`) +
      `\n\n| call | query | matches | calls | failed | p50 ms | p95 ms | server ms a call | server CPU ms | PostgreSQL CPU ms |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n`,
  );
  for (const r of results) {
    const matches = r.refused
      ? `not measured: ${r.refused}`
      : (r.total?.toLocaleString('en-GB') ?? '–');
    process.stdout.write(
      `| ${r.call} | ${r.label} | ${matches} | ${r.calls} | ${r.failed} | ${round(r.p50)} | ${round(r.p95)} | ${round(r.serverMs ?? NaN)} | ${round2(r.serverCpuMs)} | ${round2(r.postgresCpuMs)} |\n`,
    );
  }
  if (reportResults.length) {
    process.stdout.write(
      `\nadmin-report, ${REPORT_CALLS} calls a range by one member` +
        (reportSeeded ? ' (report rows added this run)' : '') +
        `:\n\n| range | from | to | calls | p50 ms | p95 ms |\n| --- | --- | --- | --- | --- | --- |\n`,
    );
    for (const [i, r] of reportResults.entries()) {
      const range = reportRanges[i]!;
      process.stdout.write(
        `| ${r.label} | ${range.from} | ${range.to} | ${r.refused ? `not measured: ${r.refused}` : r.calls} | ${round(r.p50)} | ${round(r.p95)} |\n`,
      );
    }
  }
  process.stdout.write(
    `\nadmin-export-csv, all EOI rows: ${exportRows.toLocaleString('en-GB')} rows, ` +
      `${round(bytes / 1024 / 1024)} MB in ${round(exportSeconds)} s = ` +
      `${Math.round(rowsPerSecond).toLocaleString('en-GB')} rows/s; peak RSS growth ${round(rssGrowthMb)} MB\n\n`,
  );

  const slow = results.filter(
    (r) => !r.refused && r.call !== REFERENCE_CALL && (r.p95 > LIST_P95_TARGET_MS || r.failed > 0),
  );
  if (slow.length) {
    process.stderr.write(
      `p95 over ${LIST_P95_TARGET_MS} ms: ${slow.map((r) => `${r.call} ${r.label}`).join(', ')}\n`,
    );
    failed = true;
  }
  const slowReport = reportResults.filter((r) => !r.refused && r.p95 > REPORT_P95_TARGET_MS);
  if (slowReport.length) {
    process.stderr.write(
      `admin-report p95 over ${REPORT_P95_TARGET_MS} ms: ${slowReport.map((r) => r.label).join(', ')}\n`,
    );
    failed = true;
  }
  const [eoiCount] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from eoi_requests`,
  );
  if (!process.env.BENCH_SKIP_EXPORT && exportRows !== eoiCount!.n) {
    process.stderr.write(`The export had ${exportRows} rows, not ${eoiCount!.n}.\n`);
    failed = true;
  }
  if (
    !process.env.BENCH_SKIP_EXPORT &&
    (rowsPerSecond < EXPORT_MIN_ROWS_PER_SECOND || rssGrowthMb > EXPORT_MAX_RSS_GROWTH_MB)
  ) {
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
