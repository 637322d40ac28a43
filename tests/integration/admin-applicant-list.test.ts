import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantListResponse, TApplicantListRequest } from '#shared/schemas/admin-lists.ts';
import type { IdentityDecision, IdentityStatus, Stage } from '#shared/stages.ts';
import {
  applicationDetails,
  applications,
  identityChecks,
  inviteCodes,
} from '#server/db/schema.ts';
import { queryRows } from '#server/db/client.ts';
import { compactRowCounts } from '#server/lib/row-counts.ts';
import { adminApplicantList } from '#server/services/admin-applicant-list.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  token = await t.staffToken();
});
afterAll(async () => {
  await t?.close();
});

const BASE = Date.parse('2026-03-01T12:00:00Z');
let clock = 0;

/** An application created one minute after the previous one, so "newest first" is known. */
async function seedApplication(
  options: {
    fullName?: string | null;
    email?: string | null;
    phone?: string | null;
    stage?: Stage;
  } = {},
): Promise<string> {
  clock += 1;
  const [row] = await t.ctx.db
    .insert(applications)
    .values({
      source: 'application',
      stage: options.stage ?? 'basic',
      fullName: options.fullName === undefined ? `Applicant ${clock}` : options.fullName,
      email: options.email === undefined ? `applicant${clock}@example.com` : options.email,
      phone: options.phone ?? null,
      createdAt: new Date(BASE + clock * 60_000),
    })
    .returning({ id: applications.id });
  return row!.id;
}

/** An identity check as a provider would have left it; later calls are newer checks. */
async function seedCheck(
  applicationId: string,
  check: {
    provider?: 'builtin' | 'veriff';
    sessionId?: string | null;
    status?: IdentityStatus;
    decision?: IdentityDecision | null;
    pep?: boolean | null;
    sanctions?: boolean | null;
    country?: string | null;
    lastEvent?: string | null;
  } = {},
): Promise<void> {
  clock += 1;
  await t.ctx.db.insert(identityChecks).values({
    applicationId,
    provider: check.provider ?? 'builtin',
    providerSessionId: check.sessionId ?? null,
    status: check.status ?? 'submitted',
    decision: check.decision ?? null,
    pep: check.pep ?? null,
    sanctions: check.sanctions ?? null,
    country: check.country ?? null,
    lastEvent: check.lastEvent ?? null,
    lastEventAt: check.lastEvent ? new Date(BASE + clock * 60_000) : null,
    createdAt: new Date(BASE + clock * 60_000),
  });
}

/** The details screen's answers, with the applicant's own PEP declaration. */
async function seedDetails(applicationId: string, pepExposed: boolean): Promise<void> {
  await t.ctx.db.insert(applicationDetails).values({
    applicationId,
    annualIncome: 85_000,
    employmentStatus: 'employed',
    pepExposed,
  });
}

async function list(body: TApplicantListRequest | Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin-applicant-list',
    headers: { 'x-admin-pass': token },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

async function listOk(body: TApplicantListRequest = {}) {
  const res = await list(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.ok).toBe(true);
  return res.body as ApplicantListResponse;
}

/** Starts each scenario from no applications (earlier tests' rows would mix in). */
async function clearApplications() {
  await t.ctx.db.execute(sql`delete from applications`);
  await t.ctx.db.execute(sql`delete from invite_codes`);
}

describe('admin-applicant-list', () => {
  it('lists newest first, 20 to a page, with the total and an empty page past the end', async () => {
    await clearApplications();
    const ids: string[] = [];
    for (let i = 0; i < 45; i++) ids.push(await seedApplication());
    const newestFirst = [...ids].reverse();

    const first = await listOk();
    expect(first.total).toBe(45);
    expect(first.data.map((row) => row.id)).toEqual(newestFirst.slice(0, 20));
    const third = await listOk({ page: 3 });
    expect(third.data.map((row) => row.id)).toEqual(newestFirst.slice(40));
    const past = await listOk({ page: 4 });
    expect(past).toEqual({ ok: true, data: [], total: 45 });
    const small = await listOk({ page: 2, pageSize: 7 });
    expect(small.data.map((row) => row.id)).toEqual(newestFirst.slice(7, 14));
    // Pages in the older half are read from the oldest end: the same rows in the same order.
    for (let page = 1; page <= 7; page++) {
      const found = await listOk({ page, pageSize: 7 });
      expect(
        found.data.map((row) => row.id),
        `page ${page}`,
      ).toEqual(newestFirst.slice((page - 1) * 7, page * 7));
    }
  });

  it('breaks ties in time by id, so no row shows on two pages', async () => {
    await clearApplications();
    const at = new Date('2026-04-01T00:00:00Z');
    await t.ctx.db.insert(applications).values(
      Array.from({ length: 30 }, (_, i) => ({
        source: 'application' as const,
        stage: 'basic' as const,
        fullName: `Same Time ${i}`,
        createdAt: at,
      })),
    );
    const pages = [await listOk({ page: 1 }), await listOk({ page: 2 })];
    const seen = pages.flatMap((page) => page.data.map((row) => row.id));
    expect(new Set(seen).size).toBe(30);
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it('shows an applicant with no identity check with empty identity columns', async () => {
    await clearApplications();
    const id = await seedApplication({ fullName: 'Ada Lovelace', email: 'ada@example.com' });
    const { data } = await listOk();
    expect(data).toEqual([
      {
        id,
        full_name: 'Ada Lovelace',
        email: 'ada@example.com',
        invite_code: null,
        stage: 'basic',
        veriff_status: null,
        veriff_decision: null,
        pep_declared: null,
        pep: null,
        sanctions: null,
        sanctions_cleared: false,
        country: null,
        last_event: null,
        last_event_at: null,
        tier_assigned: null,
        created_at: new Date(BASE + clock * 60_000).toISOString(),
        console_url: null,
      },
    ]);
  });

  it('searches names and e-mails case-insensitively, taking % _ and \\ literally', async () => {
    await clearApplications();
    const grace = await seedApplication({ fullName: 'Grace Hopper', email: 'gh@navy.example' });
    const byEmail = await seedApplication({ fullName: 'Alan T', email: 'HOPPER.fan@example.com' });
    const percent = await seedApplication({ fullName: 'Ten 100% Sure', email: 'a@example.com' });
    const under = await seedApplication({ fullName: 'Under Score', email: 'u_s@example.com' });
    const slash = await seedApplication({ fullName: 'Back\\Slash', email: 'b@example.com' });
    await seedApplication({ fullName: 'Someone Else', email: 'uxs@example.com' });
    await seedApplication({ fullName: null, email: null });

    const hopper = await listOk({ query: 'hOpPeR' });
    expect(hopper.data.map((row) => row.id)).toEqual([byEmail, grace]);
    expect(hopper.total).toBe(2);
    expect((await listOk({ query: '100%' })).data.map((row) => row.id)).toEqual([percent]);
    // `_` would match any one character ("uxs") if it were not escaped.
    expect((await listOk({ query: 'u_s' })).data.map((row) => row.id)).toEqual([under]);
    expect((await listOk({ query: 'k\\s' })).data.map((row) => row.id)).toEqual([slash]);
    expect((await listOk({ query: '%' })).data.map((row) => row.id)).toEqual([percent]);
    // Blank or spaces-only search is no search.
    expect((await listOk({ query: '   ' })).total).toBe(7);
    expect(await listOk({ query: 'nobody-by-this-name' })).toEqual({
      ok: true,
      data: [],
      total: 0,
    });
  });

  it('finds names and e-mails whatever the case and accents typed', async () => {
    await clearApplications();
    const chloe = await seedApplication({ fullName: 'Chloé Dubois', email: 'c.dubois@example.fr' });
    const zoe = await seedApplication({ fullName: 'Zoe Martin', email: 'ZOË.M@Example.com' });
    await seedApplication({ fullName: 'Chris Cole', email: 'chris@example.com' });
    const ids = async (query: string) => (await listOk({ query })).data.map((row) => row.id);
    expect(await ids('chloe')).toEqual([chloe]);
    expect(await ids('CHLOÉ')).toEqual([chloe]);
    expect(await ids('chloé dub')).toEqual([chloe]);
    expect(await ids('zoe.m@example')).toEqual([zoe]);
    expect(await ids('ZOË')).toEqual([zoe]);
    // Accents ignored, but wildcards still literal.
    expect(await ids('chlo_')).toEqual([]);
  });

  it('finds a whole e-mail address typed in full, and not the addresses that contain it', async () => {
    await clearApplications();
    const ada = await seedApplication({ fullName: 'Ada One', email: 'Ada@Example.com' });
    await seedApplication({ fullName: 'Lada Two', email: 'lada@example.com' });
    const ids = async (query: string) => (await listOk({ query })).data.map((row) => row.id);
    expect(await ids('ada@example.com')).toEqual([ada]);
    expect(await ids('ADA@EXAMPLE.COM')).toEqual([ada]);
    // A part of an address is still a substring search.
    expect((await ids('da@example')).length).toBe(2);
  });

  it('finds an application by its id, its invitation code or its phone digits', async () => {
    await clearApplications();
    const byPhone = await seedApplication({ fullName: 'Phone Owner', phone: '+44 7700 900123' });
    const redeemed = await seedApplication({ fullName: 'Redeemed Code', stage: 'code_verified' });
    const invited = await seedApplication({ fullName: 'Invited Basic', stage: 'invited' });
    const other = await seedApplication({ fullName: 'Someone Else', phone: '020 7946 0000' });
    await t.ctx.db
      .insert(inviteCodes)
      .values([
        { code: 'KQ7M-P2XD-9HRT', usedByApplicationId: redeemed, usedAt: new Date() },
        { code: 'WB4N-T8LC-3FJV', issuedApplicationId: invited },
        { code: 'ZZZZ-ZZZZ-ZZZZ' },
      ]);
    const find = async (query: string) => {
      const res = await listOk({ query });
      expect(res.total).toBe(res.data.length);
      return res.data.map((row) => row.id);
    };
    // The code exactly, in any case; a part of a code is not a code.
    expect(await find('kq7m-p2xd-9hrt')).toEqual([redeemed]);
    expect(await find('WB4N-T8LC-3FJV')).toEqual([invited]);
    expect(await find('KQ7M-P2XD')).toEqual([]);
    expect(await find('ZZZZ-ZZZZ-ZZZZ')).toEqual([]);
    // Phone digits, whatever spacing or prefix was stored or typed.
    expect(await find('07700 900 123')).toEqual([byPhone]);
    expect(await find('7700900123')).toEqual([byPhone]);
    expect(await find('+44 (0)20 7946')).toEqual([]);
    expect(await find('2079460000')).toEqual([other]);
    // Its last digits find it; digits from the middle of a number do not.
    expect(await find('900 123')).toEqual([byPhone]);
    expect(await find('7700 900')).toEqual([]);
    // Fewer than six digits is not a phone search, nor are the digits in a name or address.
    expect(await find('00123')).toEqual([]);
    expect(await find('Owner 7700900123')).toEqual([]);
    // The application id, as copied from anywhere (any case, spaces trimmed).
    expect(await find(other)).toEqual([other]);
    expect(await find(` ${redeemed.toUpperCase()} `)).toEqual([redeemed]);
    expect(await find('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('counts a declared PEP as PEP Yes, screened or not, and says which it is', async () => {
    await clearApplications();
    const declared = await seedApplication({ stage: 'detailed', fullName: 'Declared Only' });
    await seedDetails(declared, true);
    const screened = await seedApplication({ stage: 'kyc', fullName: 'Screened Only' });
    await seedDetails(screened, false);
    await seedCheck(screened, { pep: true, sanctions: false });
    const both = await seedApplication({ stage: 'kyc', fullName: 'Declared And Screened' });
    await seedDetails(both, true);
    await seedCheck(both, { pep: true, sanctions: false });
    const declaredClearScreen = await seedApplication({ stage: 'kyc', fullName: 'Declared Clear' });
    await seedDetails(declaredClearScreen, true);
    await seedCheck(declaredClearScreen, { pep: false, sanctions: false });
    const clear = await seedApplication({ stage: 'kyc', fullName: 'Clear' });
    await seedDetails(clear, false);
    await seedCheck(clear, { pep: false, sanctions: false });
    const unscreened = await seedApplication({ stage: 'detailed', fullName: 'Not Screened' });
    await seedDetails(unscreened, false);

    const res = await listOk({ pep_filter: 'yes' });
    expect(res.total).toBe(4);
    expect(res.data.map((row) => [row.full_name, row.pep_declared, row.pep])).toEqual([
      ['Declared Clear', true, false],
      ['Declared And Screened', true, true],
      ['Screened Only', false, true],
      ['Declared Only', true, null],
    ]);
    // 'No' is neither declared nor found by a screening that ran.
    const no = await listOk({ pep_filter: 'no' });
    expect(no.data.map((row) => row.id)).toEqual([clear]);
    expect(no.total).toBe(1);
    expect((await listOk({ pep_filter: 'yes', stage: 'detailed' })).data.map((r) => r.id)).toEqual([
      declared,
    ]);
    expect((await listOk({ pep_filter: 'yes', query: 'declared' })).total).toBe(3);
    expect((await listOk({ pep_filter: 'no', veriff_status: 'submitted' })).total).toBe(1);
  });

  it("lists 'Not screened' apart from 'Not sanctioned'", async () => {
    await clearApplications();
    const noCheck = await seedApplication({ stage: 'detailed' });
    const nullResult = await seedApplication({ stage: 'kyc_in_progress' });
    await seedCheck(nullResult, { status: 'started', sanctions: null });
    const clear = await seedApplication({ stage: 'kyc' });
    await seedCheck(clear, { sanctions: false });
    const hit = await seedApplication({ stage: 'kyc' });
    await seedCheck(hit, { sanctions: true });
    // Screened and clear once, but the newest check has no result yet.
    const rescreening = await seedApplication({ stage: 'kyc_in_progress' });
    await seedCheck(rescreening, { sanctions: false });
    await seedCheck(rescreening, { status: 'created', sanctions: null });

    const ids = async (body: TApplicantListRequest) => {
      const res = await listOk(body);
      expect(res.total).toBe(res.data.length);
      return res.data.map((row) => row.id);
    };
    expect(await ids({ sanctions_filter: 'not_screened' })).toEqual([
      rescreening,
      nullResult,
      noCheck,
    ]);
    expect(await ids({ sanctions_filter: 'no' })).toEqual([clear]);
    expect(await ids({ sanctions_filter: 'yes' })).toEqual([hit]);
    // With another check filter, it is the current check's missing result.
    expect(await ids({ sanctions_filter: 'not_screened', veriff_status: 'started' })).toEqual([
      nullResult,
    ]);
    expect(await ids({ sanctions_filter: 'not_screened', stage: 'detailed' })).toEqual([noCheck]);
  });

  it('filters by stage and treats "all" and "" as no filter', async () => {
    await clearApplications();
    const kyc = await seedApplication({ stage: 'kyc' });
    await seedApplication({ stage: 'basic' });
    const kyc2 = await seedApplication({ stage: 'kyc' });
    const { data, total } = await listOk({ stage: 'kyc' });
    expect(data.map((row) => row.id)).toEqual([kyc2, kyc]);
    expect(total).toBe(2);
    expect(data.every((row) => row.stage === 'kyc')).toBe(true);
    for (const none of ['all', '']) {
      const all = await listOk({
        stage: none,
        veriff_status: none,
        veriff_decision: none,
        pep_filter: none,
        sanctions_filter: none,
        query: none,
      } as TApplicantListRequest);
      expect(all.total).toBe(3);
    }
  });

  it('shows and filters on the newest identity check only', async () => {
    await clearApplications();
    const resubmitted = await seedApplication({ stage: 'kyc', fullName: 'Resubmitted' });
    await seedCheck(resubmitted, {
      status: 'declined',
      decision: 'resubmission_requested',
      pep: true,
      sanctions: true,
      country: 'FR',
      lastEvent: 'declined',
    });
    await seedCheck(resubmitted, {
      provider: 'veriff',
      sessionId: 'f04bdb47-d3be-4b28-b028-a652feb060b5',
      status: 'approved',
      decision: 'approved',
      pep: false,
      sanctions: false,
      country: 'GB',
      lastEvent: 'approved',
    });
    const declined = await seedApplication({ stage: 'kyc_in_progress', fullName: 'Declined' });
    await seedCheck(declined, { status: 'declined', decision: 'declined', pep: false });

    const row = (await listOk({ query: 'Resubmitted' })).data[0]!;
    expect(row).toMatchObject({
      veriff_status: 'approved',
      veriff_decision: 'approved',
      pep: false,
      sanctions: false,
      country: 'GB',
      last_event: 'approved',
      console_url: 'https://station.veriff.com/verifications/f04bdb47-d3be-4b28-b028-a652feb060b5',
    });
    expect(row.last_event_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const ids = async (body: TApplicantListRequest) => (await listOk(body)).data.map((r) => r.id);
    expect(await ids({ veriff_status: 'declined' })).toEqual([declined]);
    expect(await ids({ veriff_status: 'approved' })).toEqual([resubmitted]);
    expect(await ids({ veriff_decision: 'resubmission_requested' })).toEqual([]);
    expect(await ids({ veriff_decision: 'declined' })).toEqual([declined]);
    expect(await ids({ pep_filter: 'yes' })).toEqual([]);
    expect(await ids({ sanctions_filter: 'yes' })).toEqual([]);
    expect((await listOk({ veriff_status: 'declined' })).total).toBe(1);
  });

  it('treats an unknown PEP or sanctions result as neither yes nor no', async () => {
    await clearApplications();
    const pep = await seedApplication({ stage: 'kyc' });
    await seedCheck(pep, { pep: true, sanctions: false });
    const clear = await seedApplication({ stage: 'kyc' });
    await seedCheck(clear, { pep: false, sanctions: false });
    const sanctioned = await seedApplication({ stage: 'kyc' });
    await seedCheck(sanctioned, { pep: false, sanctions: true });
    const unscreened = await seedApplication({ stage: 'kyc' });
    await seedCheck(unscreened, { pep: null, sanctions: null });
    await seedApplication({ stage: 'basic' });

    const ids = async (body: TApplicantListRequest) => {
      const res = await listOk(body);
      expect(res.total).toBe(res.data.length);
      return res.data.map((r) => r.id);
    };
    expect(await ids({ pep_filter: 'yes' })).toEqual([pep]);
    expect(await ids({ pep_filter: 'no' })).toEqual([sanctioned, clear]);
    expect(await ids({ sanctions_filter: 'yes' })).toEqual([sanctioned]);
    expect(await ids({ sanctions_filter: 'no' })).toEqual([clear, pep]);
    expect(await ids({ pep_filter: 'no', sanctions_filter: 'no' })).toEqual([clear]);
    expect(await ids({ pep_filter: 'no', stage: 'kyc', query: 'applicant' })).toEqual([
      sanctioned,
      clear,
    ]);
  });

  it('shows the invitation code the application redeemed, else the one issued for it', async () => {
    await clearApplications();
    const redeemed = await seedApplication({ stage: 'code_verified' });
    const invited = await seedApplication({ stage: 'invited' });
    const none = await seedApplication({ stage: 'basic' });
    await t.ctx.db.insert(inviteCodes).values([
      { code: 'AAAA-BBBB-CCCC', issuedApplicationId: invited },
      { code: 'DDDD-EEEE-FFFF', usedByApplicationId: redeemed, usedAt: new Date() },
      // Issued to it earlier but never used: the redeemed one is the one that counts.
      { code: 'GGGG-HHHH-JJJJ', issuedApplicationId: redeemed },
    ]);
    const { data } = await listOk();
    const codeOf = (id: string) => data.find((row) => row.id === id)?.invite_code;
    expect(codeOf(redeemed)).toBe('DDDD-EEEE-FFFF');
    expect(codeOf(invited)).toBe('AAAA-BBBB-CCCC');
    expect(codeOf(none)).toBeNull();
  });

  it('links a Veriff check to its console page and a builtin review to nothing', async () => {
    await clearApplications();
    const builtin = await seedApplication({ stage: 'kyc_in_progress' });
    await seedCheck(builtin, { provider: 'builtin' });
    const noSession = await seedApplication({ stage: 'kyc_in_progress' });
    await seedCheck(noSession, { provider: 'veriff', sessionId: null });
    const { data } = await listOk();
    expect(data.map((row) => row.console_url)).toEqual([null, null]);
  });

  it('pages through many matches the same way whichever way the rows are found', async () => {
    await clearApplications();
    // More matches than are counted (COUNT_CAP), so the newest-first walk is used too.
    await t.ctx.db.execute(sql`
      insert into applications (full_name, email, source, stage, created_at)
      select 'Bulk ' || i, 'bulk' || i || '@example.com', 'application',
        case when i % 2 = 0 then 'kyc' else 'basic' end,
        timestamptz '2026-05-01' + (i || ' seconds')::interval
      from generate_series(1, 2400) as i`);
    await t.ctx.db.execute(sql`
      insert into identity_checks (application_id, provider, status, pep, created_at)
      select id, 'builtin', 'approved',
        case when full_name like '%4' then true else false end, created_at
      from applications where stage = 'kyc'`);
    const approved = await listOk({ veriff_status: 'approved', page: 3 });
    // 1,200 match: counted up to the cap (COUNT_CAP), then shown as '200+'.
    expect(approved.total).toBe(200);
    expect(approved.total_capped).toBe(true);
    // kyc rows are the even ones; newest first, page 3 starts at the 41st: 2400 - 2*40.
    expect(approved.data.map((row) => row.full_name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Bulk ${2320 - 2 * i}`),
    );
    const pep = await listOk({ pep_filter: 'yes', page: 2 });
    expect(pep.total).toBe(200);
    expect(pep.total_capped).toBe(true);
    expect(pep.data.map((row) => row.full_name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Bulk ${2194 - 10 * i}`),
    );
    // Under the cap every match is collected and sorted: 'Bulk 23…' approved (even) ones are
    // 2300–2398 and 230–238, 55 in all.
    const few = await listOk({ veriff_status: 'approved', query: 'Bulk 23', page: 2 });
    expect(few.total).toBe(55);
    expect(few.total_capped).toBeUndefined();
    expect(few.data.map((row) => row.full_name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Bulk ${2358 - 2 * i}`),
    );
    const last = await listOk({ veriff_status: 'approved', page: 60 });
    expect(last.data.map((row) => row.full_name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Bulk ${40 - 2 * i}`),
    );
  });

  it('refuses filters it does not know with 400 and the field message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ stage: 'approved' }, 'stage', 'Please choose a valid stage'],
      [{ veriff_status: 'pending' }, 'veriff_status', 'Please choose a valid status'],
      [{ veriff_decision: 'maybe' }, 'veriff_decision', 'Please choose a valid decision'],
      [{ pep_filter: 'true' }, 'pep_filter', 'Please choose PEP yes or no'],
      [
        { sanctions_filter: 1 },
        'sanctions_filter',
        'Please choose sanctioned, not sanctioned or not screened',
      ],
      [{ pageSize: 101 }, 'pageSize', 'Page size must be between 1 and 100'],
      [{ page: 0 }, 'page', 'Page must be at least 1'],
      [{ query: 'x'.repeat(256) }, 'query', 'Search must be less than 255 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await list(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ ok: false, error: message, details: { [field]: message } });
    }
  });

  it('keeps only the newest check current when a new one arrives (database trigger)', async () => {
    await clearApplications();
    const id = await seedApplication({ stage: 'kyc_in_progress' });
    await seedCheck(id, { status: 'declined' });
    await seedCheck(id, { status: 'started' });
    await seedCheck(id, { status: 'submitted' });
    const rows = await t.ctx.db
      .select({ status: identityChecks.status, current: identityChecks.isCurrent })
      .from(identityChecks)
      .where(eq(identityChecks.applicationId, id));
    expect(rows.filter((row) => row.current).map((row) => row.status)).toEqual(['submitted']);
    expect((await listOk()).data[0]!.veriff_status).toBe('submitted');
  });

  it('filters on a check as it changes and forgets it once gone, without counting that as activity', async () => {
    await clearApplications();
    const id = await seedApplication({ stage: 'kyc_in_progress' });
    await seedDetails(id, false);
    await seedCheck(id, { status: 'started' });
    const [before] = await t.ctx.db
      .select({ updatedAt: applications.updatedAt })
      .from(applications)
      .where(eq(applications.id, id));
    const ids = async (body: TApplicantListRequest) => (await listOk(body)).data.map((r) => r.id);
    expect(await ids({ veriff_status: 'started' })).toEqual([id]);
    expect(await ids({ sanctions_filter: 'not_screened' })).toEqual([id]);

    // As a decision and a watchlist result would leave it (webhooks update the check in place).
    await t.ctx.db
      .update(identityChecks)
      .set({ status: 'approved', decision: 'approved', pep: true, sanctions: true })
      .where(eq(identityChecks.applicationId, id));
    expect(await ids({ veriff_status: 'started' })).toEqual([]);
    expect(await ids({ veriff_status: 'approved', veriff_decision: 'approved' })).toEqual([id]);
    expect(await ids({ pep_filter: 'yes' })).toEqual([id]);
    expect(await ids({ sanctions_filter: 'yes' })).toEqual([id]);
    expect(await ids({ sanctions_filter: 'not_screened' })).toEqual([]);

    // A clear screening, then a PEP declared by the applicant on a changed details answer.
    await t.ctx.db
      .update(identityChecks)
      .set({ pep: false, sanctions: false })
      .where(eq(identityChecks.applicationId, id));
    expect(await ids({ pep_filter: 'no', sanctions_filter: 'no' })).toEqual([id]);
    await t.ctx.db
      .update(applicationDetails)
      .set({ pepExposed: true })
      .where(eq(applicationDetails.applicationId, id));
    expect(await ids({ pep_filter: 'yes' })).toEqual([id]);
    expect(await ids({ pep_filter: 'no' })).toEqual([]);

    // The retention job's inactivity clock: none of that was the applicant's or staff's doing.
    const [after] = await t.ctx.db
      .select({ updatedAt: applications.updatedAt })
      .from(applications)
      .where(eq(applications.id, id));
    expect(after!.updatedAt.toISOString()).toBe(before!.updatedAt.toISOString());

    // Erasure deletes the check and the details: nothing is left to filter on.
    await t.ctx.db.delete(identityChecks).where(eq(identityChecks.applicationId, id));
    await t.ctx.db.delete(applicationDetails).where(eq(applicationDetails.applicationId, id));
    expect(await ids({ veriff_status: 'approved' })).toEqual([]);
    expect(await ids({ pep_filter: 'yes' })).toEqual([]);
    expect(await ids({ sanctions_filter: 'not_screened' })).toEqual([id]);
  });

  it('finds a deep page by day with the same rows as walking to it, as stages change and rows go', async () => {
    await clearApplications();
    // 150 applications 97 minutes apart (about ten days), three stages.
    await t.ctx.db.execute(sql`
      insert into applications (source, stage, full_name, email, created_at)
      select 'application', (array['basic', 'detailed', 'kyc'])[1 + i % 3], 'Day ' || i,
        'day' || i || '@example.com', timestamptz '2026-03-01T00:00:00Z' + i * interval '97 minutes'
      from generate_series(1, 150) as i`);
    const pages = async (stage?: Stage) => {
      const seen: { byDay: string[]; walked: string[] }[] = [];
      for (let page = 1; page <= 32; page += 1) {
        const input = { page, pageSize: 5, stage };
        const ids = async (deepPageRows: number) =>
          (await adminApplicantList({ db: t.ctx.db, input, deepPageRows })).data.map((r) => r.id);
        seen.push({ byDay: await ids(3), walked: await ids(Number.MAX_SAFE_INTEGER) });
      }
      return seen;
    };
    const expectSame = async () => {
      for (const stage of [undefined, 'kyc', 'detailed'] as const) {
        const seen = await pages(stage);
        for (const { byDay, walked } of seen) expect(byDay).toEqual(walked);
        const { total } = await listOk({ stage, pageSize: 100 });
        expect(seen.flatMap((page) => page.walked).length).toBe(total);
        // The counter by day holds every listed row, over the ten days.
        const days = await queryRows<{ day: string; n: number }>(
          t.ctx.db,
          sql`select k2 as day, sum(n)::int as n from row_counts
            where counter = ${stage ? 'applications_by_day' : 'applications_by_day_all'}
              and k1 = ${stage ?? ''}
            group by k2 having sum(n) > 0`,
        );
        expect(days.reduce((sum, day) => sum + day.n, 0)).toBe(total);
        expect(days.length).toBeGreaterThanOrEqual(10);
      }
    };
    await expectSame();

    // Stages move, an applicant is erased, one is deleted outright, and the counters fold.
    await t.ctx.db.execute(
      sql`update applications set stage = 'kyc' where full_name like 'Day 1_'`,
    );
    await t.ctx.db.execute(sql`
      update applications set erased_at = now(), erasure_reason = 'request', full_name = null,
        email = null where full_name in ('Day 40', 'Day 41', 'Day 90')`);
    await t.ctx.db.execute(sql`delete from applications where full_name = 'Day 120'`);
    await expectSame();
    await compactRowCounts(t.ctx.db);
    await expectSame();
  });
});
