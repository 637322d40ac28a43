import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, jobRuns, screeningEntries, screeningListVersions } from '#server/db/schema.ts';
import { queryRows } from '#server/db/client.ts';
import { OFAC_ALTERNATES_FIRST, ONE_LIST_AT_A_TIME } from '#server/screening/lists.ts';
import { refreshScreeningSources, SOURCES_JOB } from '#server/screening/sources.ts';
import {
  SCREENING_FILE_MISSING,
  SCREENING_FORMAT_UNKNOWN,
  SCREENING_UPLOAD_MAX_BYTES,
  type ScreeningListVersion,
} from '#shared/schemas/screening.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createEmptyPostgresDatabase, TEST_DB_KIND } from '../helpers/db.ts';
import { onCleanup, tempDir, undoLifecycle } from '../helpers/lifecycle.ts';

/**
 * Loading sanctions and PEP lists (CONTRACT §8): the upload call, the CLI and the scheduled
 * sources, over the real published files in shared/data/screening and small fixtures of the
 * formats not kept there (tests/fixtures/screening).
 */

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'tests', 'fixtures', 'screening');
const DATA = process.env.SCREENING_DATA_DIR ?? join(ROOT, '..', 'shared', 'data', 'screening');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const UK = fixture('uk-sanctions-list.csv');
const OS_CSV = fixture('opensanctions-targets.simple.csv');

/** A small OFAC pair in the published shape (no header, `-0- ` for empty, a trailing ^Z). */
const SDN_SMALL = Buffer.from(
  [
    '306,"BANCO NACIONAL DE CUBA",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"a.k.a. \'BNC\'."',
    '2674,"ABBAS, Abu","individual","SDGT","Director of PLF",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 10 Dec 1948; Director of PLF."',
    '2686,"NASRALLAH, Hasan","individual","SDGT] [SYRIA","Secretary General",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 31 Aug 1960; alt. DOB 1953 to 1955; POB Al Basuriyah, Lebanon; nationality Lebanon."',
    '9340,"WONG, Moon Chi","individual","SDNTK",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB circa 1961; citizen China; alt. citizen Cambodia."',
    '\x1a',
  ].join('\r\n'),
);
const ALT_SMALL = Buffer.from(
  [
    '306,220,"aka","NATIONAL BANK OF CUBA",-0- ',
    '2686,22740,"aka","NASRALLAH, Hasan Abd-al-Karim",-0- ',
    '2686,22741,"aka","NASRALLAH, Hasan",-0- ',
    '9340,9999,"fka","WONG, Moon-chi",-0- ',
  ].join('\r\n'),
);

let t: TestApp;
let owner: string;
let compliance: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  owner = await t.staffToken('owner');
  compliance = await t.staffToken('compliance');
});
afterAll(async () => {
  await t?.close();
});
afterEach(undoLifecycle);

type Part = { name: string; data: Buffer };

async function upload(files: Part[], token = compliance, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/admin-screening-list-upload',
    headers: {
      'content-type': request.headers.get('content-type')!,
      'x-requested-with': 'waj',
      'x-admin-pass': token,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

async function lists(): Promise<ScreeningListVersion[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin-screening-lists',
    headers: { 'x-admin-pass': compliance },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return res.json().lists;
}

async function entryOf(list: string, entryId: string) {
  const [row] = await t.ctx.db
    .select({ entry: screeningEntries })
    .from(screeningEntries)
    .innerJoin(screeningListVersions, eq(screeningListVersions.id, screeningEntries.versionId))
    .where(
      and(
        eq(screeningListVersions.list, list as 'uk'),
        eq(screeningListVersions.isCurrent, true),
        eq(screeningEntries.entryId, entryId),
      ),
    );
  return row?.entry;
}

const loads = () =>
  t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'screening.list_load'));

/** The upload is refused with 400 and `error`, and no list, version or audit row changes. */
async function expectRefused(files: Part[], error: string | RegExp) {
  const before = { lists: await lists(), loads: (await loads()).length };
  const res = await upload(files);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.ok).toBe(false);
  if (typeof error === 'string') expect(body.error).toBe(error);
  else expect(body.error).toMatch(error);
  expect({ lists: await lists(), loads: (await loads()).length }).toEqual(before);
}

describe('admin-screening-list-upload', () => {
  // First, while no OFAC list is loaded.
  it('refuses bad files with the line and the reason, and changes nothing', async () => {
    await expectRefused([{ name: 'alt.csv', data: ALT_SMALL }], OFAC_ALTERNATES_FIRST);
    await expectRefused([{ name: 'empty.csv', data: Buffer.alloc(0) }], 'The file is empty.');
    await expectRefused(
      [{ name: 'notes.txt', data: Buffer.from('Dear compliance team,\nplease screen.\n') }],
      SCREENING_FORMAT_UNKNOWN,
    );
    await expectRefused(
      [{ name: 'picture.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) }],
      SCREENING_FORMAT_UNKNOWN,
    );
    // Cut short, as an interrupted download is.
    const xml = readFileSync(join(DATA, 'un-consolidated.xml'), 'utf8').slice(0, 60_000);
    await expectRefused(
      [{ name: 'un.xml', data: Buffer.from(xml) }],
      /^Line \d+: the XML is not well formed \(.+\)$/,
    );
    // A header that is not the list's.
    const renamed = UK.toString('utf8').replace(',Group ID\r\n', ',Group\r\n');
    await expectRefused(
      [{ name: 'uk.csv', data: Buffer.from(renamed) }],
      "Line 2: the header is not the UK Sanctions List's: 'Group ID' missing.",
    );
    const osHeader = OS_CSV.toString('utf8').replace('birth_date', 'born');
    await expectRefused(
      [{ name: 'targets.simple.csv', data: Buffer.from(osHeader) }],
      "Line 1: the header is not OpenSanctions' targets.simple.csv: 'birth_date' missing.",
    );
    // Malformed rows: a column short, no Group ID, an unclosed quote, a line that is not JSON.
    const short = SDN_SMALL.toString('utf8').replace(',-0- ,"DOB 10 Dec', ',"DOB 10 Dec');
    await expectRefused(
      [{ name: 'sdn.csv', data: Buffer.from(short) }],
      'Line 2: the row has 11 columns where the file has 12.',
    );
    const lines = UK.toString('utf8').split('\r\n');
    lines[5] = lines[5]!.replace(/,8763$/, ',');
    await expectRefused(
      [{ name: 'uk.csv', data: Buffer.from(lines.join('\r\n')) }],
      // Row 5 of the array is line 7: the record before it spans two lines.
      'Line 7: the row has no Group ID.',
    );
    // Cut off inside a quoted value.
    const unclosed = `${ALT_SMALL.toString('utf8')}\r\n540,471,"aka","COIB`;
    await expectRefused(
      [{ name: 'alt.csv', data: Buffer.from(unclosed) }],
      'Line 5: a quoted value is never closed.',
    );
    const senzing = readFileSync(join(DATA, 'opensanctions-us-congress.senzing.json'), 'utf8')
      .split('\n')
      .slice(0, 3);
    senzing[1] = senzing[1]!.slice(0, 80);
    await expectRefused(
      [{ name: 'peps.json', data: Buffer.from(senzing.join('\n')) }],
      'Line 2: the line is not a JSON record.',
    );
    // Files of two lists at once; the files of one upload are named when one is bad.
    await expectRefused(
      [
        { name: 'uk.csv', data: UK },
        { name: 'targets.simple.csv', data: OS_CSV },
      ],
      ONE_LIST_AT_A_TIME,
    );
    await expectRefused(
      [
        { name: 'sdn.csv', data: SDN_SMALL },
        { name: 'alt.csv', data: Buffer.from('') },
      ],
      'alt.csv: The file is empty.',
    );
    expect(await lists()).toEqual([]);
  });

  it('asks for a file (400) and refuses one over the limit (413)', async () => {
    const none = await upload([], compliance, { note: 'no file here' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      ok: false,
      error: SCREENING_FILE_MISSING,
      details: { file: SCREENING_FILE_MISSING },
    });
    // Declared over the limit: refused before a byte is read.
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/admin-screening-list-upload',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(SCREENING_UPLOAD_MAX_BYTES + 1024 * 1024),
        'x-requested-with': 'waj',
        'x-admin-pass': compliance,
      },
      payload: '--x--\r\n',
    });
    expect(big.statusCode).toBe(413);
    expect(await lists()).toEqual([]);
  });

  it('is for compliance and the owner: operations is refused (403)', async () => {
    const res = await upload([{ name: 'uk.csv', data: UK }], await t.staffToken('operations'));
    expect(res.statusCode).toBe(403);
    expect(await lists()).toEqual([]);
  });

  it('loads the real UN, OFAC and OpenSanctions files', { timeout: 120_000 }, async () => {
    const real = (name: string) => ({ name, data: readFileSync(join(DATA, name)) });
    const un = await upload([real('un-consolidated.xml')]);
    expect(un.json()).toEqual({ ok: true, list: 'un', version: 1, entries: 730 });
    // The SDN list with its alternate names, as one version.
    const ofac = await upload([real('ofac-sdn.csv'), real('ofac-alt.csv')], owner);
    expect(ofac.json()).toEqual({ ok: true, list: 'ofac', version: 1, entries: 4620 });
    const senzing = await upload([real('opensanctions-us-congress.senzing.json')]);
    expect(senzing.json()).toEqual({
      ok: true,
      list: 'opensanctions',
      version: 1,
      entries: 1317,
    });

    expect(await entryOf('un', '6907994')).toMatchObject({
      kind: 'sanctions',
      name: 'FRANK KAKOLELE BWAMBALE',
      names: [
        'FRANK KAKOLELE BWAMBALE',
        'FRANK KAKORERE',
        'FRANK KAKORERE BWAMBALE',
        'AIGLE BLANC',
      ],
      nationalities: ['cd'],
      programmes: ['DRC'],
    });
    expect(await entryOf('ofac', '2686')).toMatchObject({
      name: 'Hasan NASRALLAH',
      names: ['Hasan NASRALLAH', 'Hasan Abd-al-Karim NASRALLAH'],
      datesOfBirth: ['1960-08-31', '1953-08-31', '1955-08-31', '1958-08-31'],
      programmes: ['SDGT', 'SYRIA'],
    });
    expect(await entryOf('opensanctions', 'NK-AQ4HymsADSK2D63MkyTqfC')).toMatchObject({
      kind: 'pep',
      name: 'Jennifer L. McClellan',
      datesOfBirth: ['1972'],
      nationalities: ['us'],
      programmes: ['role.pep'],
    });
    const [audit] = await loads();
    const [unVersion] = await t.ctx.db
      .select()
      .from(screeningListVersions)
      .where(eq(screeningListVersions.list, 'un'));
    expect(audit).toMatchObject({
      actorType: 'staff',
      targetType: 'screening_list',
      targetId: unVersion!.id,
      after: { list: 'un', version: 1, entries: 730 },
    });
    expect(unVersion).toMatchObject({ source: 'un-consolidated.xml', isCurrent: true });
    expect(unVersion!.loadedBy).toBe(await t.staffTokenId(compliance));
  });

  it('loads the UK list and targets.simple.csv; the same bytes again make no version', async () => {
    const uk = await upload([{ name: 'uk-sanctions-list.csv', data: UK }]);
    expect(uk.json()).toEqual({ ok: true, list: 'uk', version: 1, entries: 10 });
    expect(await entryOf('uk', '7184')).toMatchObject({
      kind: 'sanctions',
      name: 'Hani al-Sayyid al-Sebai YUSIF',
      names: ['Hani al-Sayyid al-Sebai YUSIF', 'Hani Yousef AL-SEBAI', 'Abu AKRAM'],
      datesOfBirth: ['1961-03-01', '1960-06-16'],
      nationalities: ['eg'],
      programmes: ["ISIL (Da'esh) and Al-Qaida"],
    });
    expect(await entryOf('uk', '16101')).toMatchObject({ datesOfBirth: ['1970-05'] });
    // The entity's rows are not people.
    expect(await entryOf('uk', '16102')).toBeUndefined();

    const os = await upload([{ name: 'targets.simple.csv', data: OS_CSV }]);
    expect(os.json()).toEqual({ ok: true, list: 'opensanctions', version: 2, entries: 7 });
    expect(await entryOf('opensanctions', 'Q98765432')).toMatchObject({ kind: 'pep' });
    expect(await entryOf('opensanctions', 'Q76543210')).toMatchObject({ kind: 'sanctions' });

    const count = (await loads()).length;
    const again = await upload([{ name: 'renamed.csv', data: UK }], owner);
    expect(again.json()).toEqual({ ok: true, list: 'uk', version: 1, entries: 10 });
    expect((await loads()).length).toBe(count);

    // New content: the next version, in use; the last one kept, not current.
    const fewer = UK.toString('utf8').replace(/^.*,14702\r\n/gm, '');
    const next = await upload([{ name: 'uk.csv', data: Buffer.from(fewer) }]);
    expect(next.json()).toEqual({ ok: true, list: 'uk', version: 2, entries: 9 });
    const versions = await t.ctx.db
      .select()
      .from(screeningListVersions)
      .where(eq(screeningListVersions.list, 'uk'))
      .orderBy(asc(screeningListVersions.version));
    expect(versions.map((v) => [v.version, v.isCurrent, v.entries])).toEqual([
      [1, false, 10],
      [2, true, 9],
    ]);
    expect((await lists()).map((l) => [l.list, l.version, l.entries])).toEqual([
      ['ofac', 1, 4620],
      ['opensanctions', 2, 7],
      ['uk', 2, 9],
      ['un', 1, 730],
    ]);
  });

  it('adds alternate names uploaded later to the OFAC list in use', async () => {
    const sdn = await upload([{ name: 'sdn.csv', data: SDN_SMALL }]);
    expect(sdn.json()).toEqual({ ok: true, list: 'ofac', version: 2, entries: 3 });
    expect(await entryOf('ofac', '2686')).toMatchObject({
      names: ['Hasan NASRALLAH'],
      datesOfBirth: ['1960-08-31', '1953', '1954', '1955'],
      nationalities: ['lb'],
    });
    expect(await entryOf('ofac', '9340')).toMatchObject({
      datesOfBirth: ['1961'],
      nationalities: ['cn', 'kh'],
    });
    const alt = await upload([{ name: 'alt.csv', data: ALT_SMALL }]);
    expect(alt.json()).toEqual({ ok: true, list: 'ofac', version: 3, entries: 3 });
    expect(await entryOf('ofac', '2686')).toMatchObject({
      names: ['Hasan NASRALLAH', 'Hasan Abd-al-Karim NASRALLAH'],
      programmes: ['SDGT', 'SYRIA'],
    });
    expect(await entryOf('ofac', '9340')).toMatchObject({
      names: ['Moon Chi WONG', 'Moon-chi WONG'],
    });
    expect(await entryOf('ofac', '306')).toBeUndefined();
  });

  it('gives two loads of one list at once two versions, one of them current', async () => {
    const a = UK.toString('utf8').replace('Last Updated,20/02/2026', 'Last Updated,21/02/2026');
    const b = UK.toString('utf8').replace('Last Updated,20/02/2026', 'Last Updated,22/02/2026');
    const answers = await Promise.all([
      upload([{ name: 'a.csv', data: Buffer.from(a) }]),
      upload([{ name: 'b.csv', data: Buffer.from(b) }]),
    ]);
    expect(answers.map((res) => res.json().version).sort()).toEqual([3, 4]);
    const current = await t.ctx.db
      .select()
      .from(screeningListVersions)
      .where(and(eq(screeningListVersions.list, 'uk'), eq(screeningListVersions.isCurrent, true)));
    expect(current.map((v) => v.version)).toEqual([4]);
  });

  it("keeps the people of the last three versions of a list, and every version's record", async () => {
    const dated = (day: number) =>
      Buffer.from(
        UK.toString('utf8').replace('Last Updated,20/02/2026', `Last Updated,${day}/03/2026`),
      );
    for (const day of [10, 11, 12]) {
      const res = await upload([{ name: `uk-${day}.csv`, data: dated(day) }]);
      expect(res.statusCode, res.body).toBe(200);
    }
    const versions = await queryRows<{ version: number; entries: number; kept: number }>(
      t.ctx.db,
      sql`select v.version, v.entries,
          (select count(*)::int from screening_entries e where e.version_id = v.id) as kept
        from screening_list_versions v where v.list = 'uk' order by v.version`,
    );
    const latest = versions.at(-1)!.version;
    for (const row of versions) {
      expect(row.entries, `version ${row.version}`).toBeGreaterThan(0);
      expect(row.kept, `version ${row.version}`).toBe(row.version > latest - 3 ? row.entries : 0);
    }
  });
});

describe('npm run screening -- import', () => {
  const CLI = join(ROOT, 'src', 'server', 'screening', 'cli.ts');

  function cli(args: string[], env: Record<string, string>) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(process.execPath, [CLI, ...args], {
          cwd: ROOT,
          // Not the test runner's environment: its DATABASE_URL must not leak into a PGlite run.
          env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      },
    );
  }

  it('loads files into the database of DATA_DIR, and says why a bad one is not loaded', async () => {
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: tempDir(),
      ADMIN_PASSPHRASE: 'screening cli test passphrase',
    };
    if (TEST_DB_KIND === 'postgres') {
      const database = await createEmptyPostgresDatabase();
      onCleanup(() => database.drop());
      env.DATABASE_URL = database.url;
    }
    const usage = await cli(['load'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run screening -- import <file>');

    const file = join(env.DATA_DIR!, 'uk.csv');
    writeFileSync(file, UK);
    const first = await cli(['import', file], env);
    expect(first).toMatchObject({ code: 0, stdout: 'uk: version 1, 10 entries\n' });
    const again = await cli(['import', file], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^uk: version 1, 10 entries \(unchanged/);

    const bad = join(env.DATA_DIR!, 'bad.csv');
    writeFileSync(bad, UK.toString('utf8').replace(',Group ID\r\n', ',Group\r\n'));
    const refused = await cli(['import', bad], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      "Not loaded: Line 2: the header is not the UK Sanctions List's: 'Group ID' missing.\n",
    );
  });
});

describe('SCREENING_SOURCES', () => {
  let s: TestApp;
  let server: Server;
  let base: string;
  const served: Record<string, { status: number; body: Buffer }> = {};

  beforeAll(async () => {
    s = await createTestApp();
    server = createServer((req, res) => {
      const file = served[(req.url ?? '').split('?')[0]!];
      res.writeHead(file?.status ?? 404).end(file?.body ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await s?.close();
  });

  const fakeLog = () => ({ info: vi.fn(), warn: vi.fn() });
  const HOUR = 3_600_000;

  it('loads each source, logs a failed one without its contents, and waits refreshHours', async () => {
    served['/uk.csv'] = { status: 200, body: UK };
    served['/down.csv'] = { status: 500, body: Buffer.from('Internal Server Error') };
    served['/bad.csv'] = { status: 200, body: Buffer.from('KOVALENKO, Viktor\nno list\n') };
    served['/sdn.csv'] = { status: 200, body: SDN_SMALL };
    served['/alt.csv'] = { status: 200, body: ALT_SMALL };
    const sources = ['/uk.csv', '/down.csv', '/bad.csv', '/sdn.csv', '/alt.csv'].map(
      (path) => `${base}${path}?key=secret`,
    );
    const start = new Date('2026-03-01T00:00:00Z');
    const log = fakeLog();
    const counts = await refreshScreeningSources({
      db: s.ctx.db,
      sources,
      refreshHours: 24,
      log,
      now: start,
    });
    expect(counts).toEqual({ checked: 5, loaded: 2, failed: 2 });
    const current = await s.ctx.db
      .select()
      .from(screeningListVersions)
      .orderBy(asc(screeningListVersions.list));
    expect(current.map((v) => [v.list, v.version, v.entries, v.source])).toEqual([
      ['ofac', 1, 3, `${base}/sdn.csv?…, ${base}/alt.csv?…`],
      ['uk', 1, 10, `${base}/uk.csv?…`],
    ]);
    const warnings = log.warn.mock.calls.map((call) => call[0]);
    expect(warnings).toEqual([
      { job: SOURCES_JOB, source: `${base}/down.csv?…`, reason: 'the server answered 500' },
      { job: SOURCES_JOB, source: `${base}/bad.csv?…`, reason: SCREENING_FORMAT_UNKNOWN },
    ]);
    expect(JSON.stringify([log.warn.mock.calls, log.info.mock.calls])).not.toMatch(
      /KOVALENKO|secret|Internal Server Error/,
    );

    // Within refreshHours: nothing is fetched.
    const soon = await refreshScreeningSources({
      db: s.ctx.db,
      sources,
      refreshHours: 24,
      log: fakeLog(),
      now: new Date(start.getTime() + 23 * HOUR),
    });
    expect(soon).toBeNull();

    // A day on, on two instances at once: one checks, the other does nothing. The lists are
    // unchanged, and a source that now fails leaves its list's version in use.
    served['/uk.csv'] = { status: 503, body: Buffer.from('') };
    const later = new Date(start.getTime() + 25 * HOUR);
    const both = await Promise.all(
      [0, 1].map(() =>
        refreshScreeningSources({
          db: s.ctx.db,
          sources,
          refreshHours: 24,
          log: fakeLog(),
          now: later,
        }),
      ),
    );
    expect(both.filter((c) => c === null)).toHaveLength(1);
    expect(both.find((c) => c !== null)).toEqual({ checked: 5, loaded: 0, failed: 3 });
    expect(
      (await s.ctx.db.select().from(screeningListVersions)).map((v) => [v.list, v.version]),
    ).toEqual(
      expect.arrayContaining([
        ['ofac', 1],
        ['uk', 1],
      ]),
    );
    // Over the size cap, or not http(s): refused without loading.
    served['/uk.csv'] = { status: 200, body: UK };
    const capped = fakeLog();
    const refused = await refreshScreeningSources({
      db: s.ctx.db,
      sources: [`${base}/uk.csv`, 'ftp://127.0.0.1/uk.csv'],
      refreshHours: 24,
      log: capped,
      now: new Date(start.getTime() + 50 * HOUR),
      maxBytes: 1000,
    });
    expect(refused).toEqual({ checked: 2, loaded: 0, failed: 2 });
    expect(capped.warn.mock.calls.map((call) => call[0].reason)).toEqual([
      'the file is over 1000 bytes',
      'only http and https addresses are fetched',
    ]);

    const runs = await s.ctx.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, SOURCES_JOB))
      .orderBy(asc(jobRuns.startedAt));
    expect(runs.map((r) => [r.status, r.counts])).toEqual([
      ['ok', { checked: 5, loaded: 2, failed: 2 }],
      ['ok', { checked: 5, loaded: 0, failed: 3 }],
      ['ok', { checked: 2, loaded: 0, failed: 2 }],
    ]);
  });
});

it.skipIf(existsSync(DATA))('has the published lists to test with', () => {
  throw new Error(`The screening lists are not at ${DATA} (set SCREENING_DATA_DIR)`);
});
