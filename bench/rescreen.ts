/**
 * `npm run bench` (screening part 2): ongoing monitoring at scale. Every live applicant and
 * member screened again against every list (UN, OFAC with its alternate names, OpenSanctions'
 * PEPs, about 20,000 names) after a list changes, as the re-screening job does it, on
 * PostgreSQL (DATABASE_URL; skipped without it). Target: 1,000,000 people in 15 minutes on this
 * 2-core machine. BENCH_RESCREEN_ROWS changes the count; BENCH_RESCREEN_INSTANCES the number of
 * instances sharing the work (worker threads, each its own index and connections, as separate
 * servers would). A fresh database is made and dropped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { seedDatabase } from '#server/db/seed.ts';
import { parseEnv } from '#server/env.ts';
import { runRescreening } from '#server/screening/job.ts';
import { importListFiles } from '#server/screening/lists.ts';
import { createScreening } from '#server/screening/screener.ts';

const ROWS = Number(process.env.BENCH_RESCREEN_ROWS ?? 1_000_000);
const INSTANCES = Number(process.env.BENCH_RESCREEN_INSTANCES ?? 2);
const TARGET_SECONDS = 15 * 60 * (ROWS / 1_000_000);
const say = (line: string) => process.stdout.write(`${line}\n`);
const LISTS = join(import.meta.dirname, '..', '..', 'shared', 'data', 'screening');

/** One instance: its own index and pool, screening until nobody is due. */
async function instance(url: string) {
  const database = await openDatabase({ url, dataDir: 'memory' });
  const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const screening = createScreening(env, database.db);
  const started = performance.now();
  const counts = await runRescreening({ db: database.db, screening });
  await database.close();
  return { ...counts, seconds: (performance.now() - started) / 1000 };
}

if (!isMainThread) {
  parentPort!.postMessage(await instance(workerData as string));
} else {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    say('bench/rescreen: skipped (needs DATABASE_URL)');
    process.exit(0);
  }
  const name = `waj_bench_rescreen_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString(), dataDir: 'memory' });
    await migrateDatabase(database, seedDatabase);
    const db = database.db;
    let t = performance.now();
    // Ordinary British names and adult dates of birth; a few hundred listed names among them.
    await db.execute(sql`
      insert into applications (full_name, email, source, stage, created_at)
      select (array['Oliver','Amelia','George','Isla','Harry','Ava','Noah','Mia','Jack','Ivy',
          'Mohammed','Fatima','Arjun','Priya','Chloé','Siobhan','Dafydd','Aisha','Kwame','Zofia'])[1 + i % 20]
        || ' ' || (array['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies',
          'Khan','Patel','Ali','Hussain','Evans','Thomas','Roberts','Walker','Wright','Hughes',
          'Okafor','Nowak','Murphy','Kelly','Begum','Singh','Ahmed','Clarke'])[1 + (i / 20) % 26],
        'member' || i || '@example.co.uk', 'application',
        (array['detailed','kyc','tier_offer','accepted','activated'])[1 + i % 5],
        now() - (i || ' seconds')::interval
      from generate_series(1, ${ROWS}) as i`);
    await db.execute(sql`
      insert into application_details (application_id, annual_income, employment_status,
        pep_exposed, date_of_birth)
      select id, 60000, 'employed', false,
        (date '1950-01-01' + ((row_number() over ()) * 37 % 18000)::int)
      from applications`);
    await db.execute(sql`vacuum analyze applications`);
    await db.execute(sql`vacuum analyze application_details`);
    say(
      `seeded ${ROWS.toLocaleString('en-GB')} people in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );

    t = performance.now();
    const read = (file: string) => ({ name: file, bytes: readFileSync(join(LISTS, file)) });
    const loads = [
      [read('un-consolidated.xml')],
      [read('ofac-sdn.csv'), read('ofac-alt.csv')],
      [read('opensanctions-us-congress.senzing.json')],
    ];
    for (const files of loads) {
      const started = performance.now();
      const loaded = await importListFiles(db, files, { source: files[0]!.name, loadedBy: null });
      say(
        `loaded ${loaded.list} v${loaded.version}: ${loaded.entries} entries in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    await database.close();

    t = performance.now();
    const results = await Promise.all(
      Array.from(
        { length: INSTANCES },
        () =>
          new Promise<{ screened: number; alerts: number; seconds: number }>((resolve, reject) => {
            const worker = new Worker(new URL(import.meta.url), { workerData: url.toString() });
            worker.once('message', resolve);
            worker.once('error', reject);
          }),
      ),
    );
    const seconds = (performance.now() - t) / 1000;
    const screened = results.reduce((sum, r) => sum + (r.screened ?? 0), 0);
    const alerts = results.reduce((sum, r) => sum + (r.alerts ?? 0), 0);
    const check = await openDatabase({ url: url.toString(), dataDir: 'memory' });
    const [left] = await queryRows<{ n: number }>(
      check.db,
      sql`select count(*)::int as n from applications where screened_at is null`,
    );
    await check.close();
    say(
      `re-screened ${screened.toLocaleString('en-GB')} people on ${INSTANCES} instances in ${seconds.toFixed(0)} s ` +
        `(${Math.round(screened / seconds).toLocaleString('en-GB')}/s; per instance ${results.map((r) => r.screened).join(' + ')}), ` +
        `${alerts} alerts, ${left!.n} left unscreened; target ${TARGET_SECONDS.toFixed(0)} s`,
    );
    if (screened !== ROWS || Number(left!.n) !== 0)
      throw new Error('not everyone was screened exactly once');
    if (seconds > TARGET_SECONDS) process.exitCode = 1;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
