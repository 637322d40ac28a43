import { sql, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { applicationDetails, applications, auditLog } from '#server/db/schema.ts';
import type { ApplicantCaseResponse } from '#shared/schemas/case.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { fingerprint } from '../helpers/fingerprint.ts';
import { birthdayYearsAgo, IDENTITY_DETAILS } from '../helpers/identity.ts';
import { seedStaffMember, seedStaffToken } from '../helpers/staff-seed.ts';

/**
 * The details step's identity data (CONTRACT §8), through HTTP as the product sends it:
 * apply-details stores the date of birth and the UK address (the postcode normalised), the
 * applicant and staff read them back, refused values write nothing, the audit row names the
 * fields but never holds their values, the subject-access export holds them and an erasure
 * takes them away.
 */

let t: TestApp;
let owner: string;
let compliance: string;
let secondCompliance: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0', PUBLIC_URL: 'https://waj.example' });
  owner = await t.staffToken('owner');
  compliance = await t.staffToken('compliance');
  const other = await seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, {
    role: 'compliance',
    name: 'Carla Second-Compliance',
  });
  secondCompliance = await seedStaffToken(t.ctx.db, other.id);
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers });
const asStaff = (token: string) => ({ 'x-admin-pass': token });
const asApplicant = (token: string) => ({ 'x-session-token': token });

const DETAILS = {
  annual_income: 95_000,
  employment_status: 'employed',
  pep_exposed: false,
  card_tier_pref: 'noir',
  ...IDENTITY_DETAILS,
};

let seeded = 0;
/** A personal invitation redeemed through the API: an application at code_verified. */
async function invited(): Promise<{ id: string; token: string; email: string }> {
  seeded += 1;
  const email = `identity.${seeded}.${Date.now()}@example.com`;
  const generated = await post(
    'admin-invite-generate',
    { count: 1, issued_to: email },
    asStaff(owner),
  );
  expect(generated.statusCode, generated.body).toBe(200);
  const [code] = generated.json<{ codes: string[] }>().codes;
  const redeemed = await post('apply-verify-code', { code });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  const { basic_id: id, token } = redeemed.json<{ basic_id: string; token: string }>();
  return { id, token, email };
}

async function sendDetails(token: string, payload: object) {
  return post('apply-details', { full_name: 'Ida Identity', ...payload }, asApplicant(token));
}

async function detailsRow(id: string) {
  return t.ctx.db.select().from(applicationDetails).where(eq(applicationDetails.applicationId, id));
}

/** Every row of every table as text: what the database holds anywhere. */
async function everything(): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    t.ctx.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await queryRows<{ row: string }>(
      t.ctx.db,
      sql`select r::text as row from ${sql.identifier(name)} as r`,
    );
    parts.push(...rows.map((r) => `${name}: ${r.row}`));
  }
  return parts.join('\n');
}

describe('apply-details stores the date of birth and the address', () => {
  it('normalises the postcode, and the applicant reads both back in apply-get-stage', async () => {
    const a = await invited();
    const res = await sendDetails(a.token, {
      ...DETAILS,
      address: { ...IDENTITY_DETAILS.address, line2: ' Flat 2 ', postcode: ' sw1a1aa ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, stage: 'detailed' });

    expect(await detailsRow(a.id)).toEqual([
      expect.objectContaining({
        dateOfBirth: '1985-03-14',
        addressLine1: '1 High Street',
        addressLine2: 'Flat 2',
        addressTown: 'London',
        addressPostcode: 'SW1A 1AA',
      }),
    ]);

    const stage = await post('apply-get-stage', {}, asApplicant(a.token));
    expect(stage.statusCode, stage.body).toBe(200);
    expect(stage.json()).toMatchObject({
      stage: 'detailed',
      has_details: true,
      date_of_birth: '1985-03-14',
      address: { line1: '1 High Street', line2: 'Flat 2', town: 'London', postcode: 'SW1A 1AA' },
    });
  });

  it('shows staff both on the case screen', async () => {
    const a = await invited();
    expect((await sendDetails(a.token, DETAILS)).statusCode).toBe(200);
    const res = await post('admin-applicant-case', { basic_id: a.id }, asStaff(compliance));
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<ApplicantCaseResponse>();
    expect(found.details).toMatchObject({
      date_of_birth: '1985-03-14',
      address: { line1: '1 High Street', line2: null, town: 'London', postcode: 'SW1A 1AA' },
    });
  });

  it('replaces them when the details are sent again at detailed', async () => {
    const a = await invited();
    expect((await sendDetails(a.token, DETAILS)).statusCode).toBe(200);
    const again = await sendDetails(a.token, {
      ...DETAILS,
      date_of_birth: '1990-01-31',
      address: { line1: '22 Acacia Avenue', line2: 'Top floor', town: 'Leeds', postcode: 'ls11ba' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ ok: true, stage: 'detailed' });
    const stage = (await post('apply-get-stage', {}, asApplicant(a.token))).json<Json>();
    expect(stage).toMatchObject({
      date_of_birth: '1990-01-31',
      address: {
        line1: '22 Acacia Avenue',
        line2: 'Top floor',
        town: 'Leeds',
        postcode: 'LS1 1BA',
      },
    });
    expect(await detailsRow(a.id)).toHaveLength(1);
  });
});

describe('apply-details refuses bad identity data, writing nothing', () => {
  const refusals: [string, object, Record<string, string>][] = [
    [
      'someone who turns 18 tomorrow',
      { date_of_birth: birthdayYearsAgo(18, 1) },
      { date_of_birth: 'You must be 18 or over to apply' },
    ],
    [
      'a date that does not exist',
      { date_of_birth: '2001-02-30' },
      { date_of_birth: 'Please enter a real date of birth' },
    ],
    [
      'a malformed postcode',
      { address: { ...IDENTITY_DETAILS.address, postcode: 'SW1A 1A' } },
      { 'address.postcode': 'Please enter a valid UK postcode' },
    ],
    [
      'an empty first line and town',
      { address: { ...IDENTITY_DETAILS.address, line1: ' ', town: '' } },
      {
        'address.line1': 'Please enter the first line of your address',
        'address.town': 'Please enter your town or city',
      },
    ],
  ];

  it.each(refusals)('at code_verified: %s', async (_what, patch, details) => {
    const a = await invited();
    const before = await fingerprint(t.ctx.db, t.env.DATA_DIR);
    const res = await sendDetails(a.token, { ...DETAILS, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, error: Object.values(details)[0], details });
    expect(await fingerprint(t.ctx.db, t.env.DATA_DIR)).toEqual(before);
    expect(await detailsRow(a.id)).toEqual([]);
    const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, a.id));
    expect(row!.stage).toBe('code_verified');
  });

  it.each(refusals)('at detailed, keeping what was stored: %s', async (_what, patch, details) => {
    const a = await invited();
    expect((await sendDetails(a.token, DETAILS)).statusCode).toBe(200);
    const before = await fingerprint(t.ctx.db, t.env.DATA_DIR);
    const res = await sendDetails(a.token, { ...DETAILS, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(details);
    expect(await fingerprint(t.ctx.db, t.env.DATA_DIR)).toEqual(before);
    expect(await detailsRow(a.id)).toEqual([
      expect.objectContaining({ dateOfBirth: '1985-03-14', addressPostcode: 'SW1A 1AA' }),
    ]);
  });
});

describe('the audit trail names the fields, never their values (CONTRACT §6)', () => {
  it('lists date_of_birth and address on the details row, and no row holds them', async () => {
    const a = await invited();
    const sent = await sendDetails(a.token, {
      ...DETAILS,
      address: { ...IDENTITY_DETAILS.address, line2: 'Flat 9', postcode: 'sw1a1aa' },
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.applicationId, a.id));
    const details = rows.find((row) => row.action === 'application.details');
    expect(details?.after).toMatchObject({
      stage: 'detailed',
      fields: expect.arrayContaining(['date_of_birth', 'address']),
    });

    const values = ['1985-03-14', '14/03/1985', 'SW1A 1AA', 'sw1a1aa', '1 High Street', 'Flat 9'];
    const all = JSON.stringify(await t.ctx.db.select().from(auditLog)).toLowerCase();
    for (const value of values) expect(all, value).not.toContain(value.toLowerCase());

    // Nor does the timeline staff read from it.
    const timeline = await post('admin-audit-list', { basic_id: a.id }, asStaff(compliance));
    expect(timeline.statusCode, timeline.body).toBe(200);
    for (const value of values) expect(timeline.body, value).not.toContain(value);
  });
});

describe('subject access and erasure (CONTRACT §6, §8)', () => {
  // Values no other applicant of this file has, so "nowhere in the database" means something.
  const OWN = {
    date_of_birth: '1971-09-08',
    address: {
      line1: '5 Quarrington Crescent',
      line2: 'Annexe B',
      town: 'Market Harborough',
      postcode: 'le169aa',
    },
  };
  const OWN_VALUES = [
    '1971-09-08',
    '5 Quarrington Crescent',
    'Annexe B',
    'Market Harborough',
    'LE16 9AA',
  ];

  it('the export holds the date of birth and the address', async () => {
    const a = await invited();
    const address = { ...IDENTITY_DETAILS.address, line2: 'Flat 2' };
    expect((await sendDetails(a.token, { ...DETAILS, address })).statusCode).toBe(200);
    const res = await post('admin-applicant-export', { basic_id: a.id }, asStaff(compliance));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const held = JSON.parse(strFromU8(zip['applicant.json']!)) as Record<string, Json[]>;
    expect(held.application_details).toEqual([
      expect.objectContaining({
        application_id: a.id,
        date_of_birth: '1985-03-14',
        address_line1: '1 High Street',
        address_line2: 'Flat 2',
        address_town: 'London',
        address_postcode: 'SW1A 1AA',
      }),
    ]);
  });

  it('an erased applicant keeps neither, anywhere in the database or in their export', async () => {
    const a = await invited();
    expect((await sendDetails(a.token, { ...DETAILS, ...OWN })).statusCode).toBe(200);
    // Held before: the search below would find them.
    const held = await everything();
    for (const value of OWN_VALUES) expect(held, value).toContain(value);

    const request = await post(
      'admin-applicant-erase',
      { basic_id: a.id, reason: 'Asked by letter' },
      asStaff(compliance),
    );
    expect(request.statusCode, request.body).toBe(200);
    const approve = await post(
      'admin-applicant-erase-approve',
      { basic_id: a.id },
      asStaff(secondCompliance),
    );
    expect(approve.statusCode, approve.body).toBe(200);

    expect(await detailsRow(a.id)).toEqual([]);
    // The rows that still hold any of it, named by table: none.
    const left = (await everything())
      .split('\n')
      .filter((row) =>
        [...OWN_VALUES, 'le169aa'].some((v) => row.toLowerCase().includes(v.toLowerCase())),
      );
    expect(left).toEqual([]);

    const caseRes = await post('admin-applicant-case', { basic_id: a.id }, asStaff(compliance));
    expect(caseRes.statusCode).toBe(404);
    // The export of an erased applicant is the tombstone (CONTRACT §6): none of it either.
    const exported = await post('admin-applicant-export', { basic_id: a.id }, asStaff(compliance));
    expect(exported.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const text = Object.values(zip)
      .map((file) => strFromU8(file))
      .join('\n');
    for (const value of OWN_VALUES) expect(text, value).not.toContain(value);
  });
});
