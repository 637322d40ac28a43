import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicantSession } from '#server/auth/applicant.ts';
import { queryRows } from '#server/db/client.ts';
import {
  applicationDetails,
  applications,
  auditLog,
  identityChecks,
  screeningAlerts,
} from '#server/db/schema.ts';
import { runRescreening } from '#server/screening/job.ts';
import { createScreening } from '#server/screening/screener.ts';
import type { ApplicantCaseResponse } from '#shared/schemas/case.ts';
import {
  ALERT_NO_CLEAR_REQUEST,
  ALERT_NOT_OPEN,
  ALERT_OWN_CLEAR,
  SANCTIONS_ACTIVATION_BLOCK,
  type ScreeningAlert,
} from '#shared/schemas/screening.ts';
import { SANCTIONS_BLOCK } from '#shared/schemas/staff.ts';
import { NO_PERMISSION } from '#shared/staff.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { startFakeVeriff, type FakeVeriff } from '../helpers/fake-veriff.ts';
import { seedScreeningList } from '../helpers/screening.ts';
import { seedStaffMember, seedStaffToken } from '../helpers/staff-seed.ts';

/**
 * Screening of our own (CONTRACT §8): who is screened and when, the alerts it opens, and what
 * they do to the applicant until compliance decides — a clearance only with a second member.
 * Lists are seeded as an import leaves them (the importers and the matcher have their own tests);
 * the listed names here are matched exactly, so these tests hold whatever the matcher's tuning.
 */

const LISTED = 'Zoltan Varga-Kereszturi';
const LISTED_PEP = 'Philippa Quarterman-Oyelaran';
let veriff: FakeVeriff;
let t: TestApp;
let compliance: string;
let secondCompliance: string;
let owner: string;
let operations: string;

beforeAll(async () => {
  veriff = await startFakeVeriff();
  t = await createTestApp({
    RATE_LIMIT_SCALE: '0',
    PUBLIC_URL: 'https://waj.example',
    // The scheduler on (rounds an hour apart): a loaded list wakes the re-screening.
    RETENTION_INTERVAL_SECONDS: '3600',
    ...veriff.env(),
  });
  compliance = await t.staffToken('compliance');
  owner = await t.staffToken('owner');
  operations = await t.staffToken('operations');
  const second = await seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, {
    role: 'compliance',
    name: 'Cora Second',
  });
  secondCompliance = await seedStaffToken(t.ctx.db, second.id);
});
afterAll(async () => {
  await t?.close();
  await veriff?.close();
});

const staff = (call: string, token: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${call}`,
    payload,
    headers: { 'x-admin-pass': token },
  });

const DETAILS = {
  annual_income: 150_000,
  employment_status: 'employed',
  pep_exposed: false,
  card_tier_pref: 'noir',
  date_of_birth: '1970-05-04',
  address: { line1: '1 High Street', town: 'London', postcode: 'sw1a 1aa' },
};

let made = 0;
/** An applicant at `code_verified` with a session, who then sends the details step. */
async function applicant(
  name: string,
  stage: 'code_verified' | 'kyc_in_progress' = 'code_verified',
) {
  made += 1;
  const n = made;
  const a = await t.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        fullName: name,
        email: `screening.${n}.${Date.now()}@example.com`,
        emailVerifiedAt: new Date(),
        source: 'invite',
        stage,
      })
      .returning({ id: applications.id });
    const session = await createApplicantSession(tx, row!.id);
    return { id: row!.id, token: session.token };
  });
  return a;
}

async function sendDetails(token: string, details: object = DETAILS) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/apply-details',
    payload: details,
    headers: { 'x-session-token': token },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function alertsOf(applicationId: string): Promise<ScreeningAlert[]> {
  const res = await staff('admin-applicant-case', compliance, { basic_id: applicationId });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ApplicantCaseResponse).own_screening!.alerts;
}

async function screenedAt(applicationId: string) {
  const [row] = await t.ctx.db
    .select({ at: applications.screenedAt, updatedAt: applications.updatedAt })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row!;
}

/** An application moved straight to `stage` (what the journey would have done). */
const moveTo = (id: string, stage: 'kyc' | 'accepted') =>
  t.ctx.db.update(applications).set({ stage }).where(eq(applications.id, id));

describe('before any list is loaded', () => {
  it('screens nobody: the applicant reads as not screened, never as clear', async () => {
    const a = await applicant('Nora Beforelists');
    await sendDetails(a.token);
    expect((await screenedAt(a.id)).at).toBeNull();
    const list = await staff('admin-applicant-list', compliance, {
      sanctions_filter: 'not_screened',
      page_size: 100,
    });
    expect(list.json().data.map((row: { id: string }) => row.id)).toContain(a.id);
    expect(await runRescreening({ db: t.ctx.db, screening: t.ctx.screening })).toBeNull();
  });
});

describe('screening at onboarding', () => {
  beforeAll(async () => {
    await seedScreeningList(t.ctx.db, 'un', [
      {
        entryId: 'UN-1',
        name: LISTED,
        names: [LISTED, 'Zoli Varga'],
        datesOfBirth: ['1970'],
        nationalities: ['hu'],
        programmes: ['Test regime'],
      },
    ]);
    await seedScreeningList(t.ctx.db, 'opensanctions', [
      { entryId: 'os-pep-1', kind: 'pep', name: LISTED_PEP, programmes: ['role.pep'] },
    ]);
  });

  it('an ordinary applicant is screened clear when the details are saved', async () => {
    const a = await applicant('Jane Ordinaryperson');
    await sendDetails(a.token);
    const { at, updatedAt } = await screenedAt(a.id);
    expect(at).not.toBeNull();
    expect(await alertsOf(a.id)).toEqual([]);
    const list = await staff('admin-applicant-list', compliance, { query: 'Ordinaryperson' });
    expect(list.json().data[0]).toMatchObject({ id: a.id, sanctions: false, pep: false });
    // Screening is bookkeeping: the inactivity clock of the retention rules does not move.
    await runRescreening({
      db: t.ctx.db,
      screening: t.ctx.screening,
      now: new Date(Date.now() + 2 * 86_400_000),
    });
    expect((await screenedAt(a.id)).updatedAt).toEqual(updatedAt);
  });

  it('a listed name opens an alert, side by side, that blocks offers and activation', async () => {
    const a = await applicant(LISTED);
    await sendDetails(a.token);
    const [alert] = await alertsOf(a.id);
    expect(alert).toMatchObject({
      status: 'open',
      source: 'builtin',
      kind: 'sanctions',
      list_version: 1,
      entry: {
        list: 'un',
        entry_id: 'UN-1',
        name: LISTED,
        dates_of_birth: ['1970'],
        nationalities: ['hu'],
        programmes: ['Test regime'],
      },
      applicant: { full_name: LISTED, date_of_birth: '1970-05-04' },
    });
    // The queue shows it, oldest first, to compliance and owners only.
    const queue = await staff('admin-screening-alert-list', compliance, {
      page: 1,
      page_size: 100,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().alerts.map((row: ScreeningAlert) => row.id)).toContain(alert!.id);
    const refused = await staff('admin-screening-alert-list', operations, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(NO_PERMISSION);

    await moveTo(a.id, 'kyc');
    const offer = await staff('admin-offer-issue', compliance, { basic_id: a.id, tier: 'noir' });
    expect(offer.statusCode).toBe(409);
    expect(offer.json().error).toBe(SANCTIONS_BLOCK);
    await moveTo(a.id, 'accepted');
    const activation = await staff('admin-activation', owner, {
      basic_id: a.id,
      card_last4: '1234',
      mobile_access_enabled: true,
    });
    expect(activation.statusCode, activation.body).toBe(409);
    expect(activation.json().error).toBe(SANCTIONS_ACTIVATION_BLOCK);

    // Saving the details again opens nothing new: one alert per applicant and entry.
    await t.ctx.db.update(applications).set({ stage: 'detailed' }).where(eq(applications.id, a.id));
    await sendDetails(a.token);
    expect(await alertsOf(a.id)).toHaveLength(1);
  });

  it('a clearance takes effect only when a second member approves it', async () => {
    const a = await applicant(LISTED);
    await sendDetails(a.token);
    const [alert] = await alertsOf(a.id);
    const reason = 'Different person: unique words 9c1e, born 1985 in Leeds';

    const asked = await staff('admin-screening-alert-clear', compliance, {
      alert_id: alert!.id,
      reason,
    });
    expect(asked.json()).toEqual({ ok: true, status: 'clear_requested' });
    // Still held: the request alone changes nothing for the applicant.
    await moveTo(a.id, 'kyc');
    const early = await staff('admin-offer-issue', compliance, { basic_id: a.id, tier: 'noir' });
    expect(early.statusCode).toBe(409);

    const own = await staff('admin-screening-alert-clear-approve', compliance, {
      alert_id: alert!.id,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(ALERT_OWN_CLEAR);
    const again = await staff('admin-screening-alert-confirm', secondCompliance, {
      alert_id: alert!.id,
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ALERT_NOT_OPEN);

    const approved = await staff('admin-screening-alert-clear-approve', secondCompliance, {
      alert_id: alert!.id,
    });
    expect(approved.json()).toEqual({ ok: true, status: 'cleared' });
    const twice = await staff('admin-screening-alert-clear-approve', owner, {
      alert_id: alert!.id,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(ALERT_NO_CLEAR_REQUEST);

    const [cleared] = await alertsOf(a.id);
    expect(cleared).toMatchObject({
      status: 'cleared',
      clear_request: { reason },
      decision: { by: 'Cora Second' },
    });
    const offer = await staff('admin-offer-issue', compliance, { basic_id: a.id, tier: 'noir' });
    expect(offer.statusCode, offer.body).toBe(200);

    // Every step audited, and none of them holds the reason or a name.
    const rows = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, a.id), sql`${auditLog.action} like 'screening.%'`));
    expect(rows.map((row) => row.action).sort()).toEqual([
      'screening.alert_clear_approve',
      'screening.alert_clear_request',
      'screening.alert_open',
    ]);
    const [leaks] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from audit_log r
        where r::text like ${'%9c1e%'} or r::text like ${'%Varga%'}`,
    );
    expect(Number(leaks!.n)).toBe(0);
  });

  it('a confirmed sanctions match is final; a PEP match makes the offer need four eyes', async () => {
    const listed = await applicant(LISTED);
    await sendDetails(listed.token);
    const [alert] = await alertsOf(listed.id);
    const confirmed = await staff('admin-screening-alert-confirm', compliance, {
      alert_id: alert!.id,
      reason: 'Same person: passport number matches',
    });
    expect(confirmed.json()).toEqual({ ok: true, status: 'confirmed' });
    const clear = await staff('admin-screening-alert-clear', owner, {
      alert_id: alert!.id,
      reason: 'Changed my mind',
    });
    expect(clear.statusCode).toBe(409);

    const pep = await applicant(LISTED_PEP);
    await sendDetails(pep.token);
    const [pepAlert] = await alertsOf(pep.id);
    expect(pepAlert).toMatchObject({ kind: 'pep', entry: { list: 'opensanctions' } });
    await moveTo(pep.id, 'kyc');
    const offer = await staff('admin-offer-issue', compliance, { basic_id: pep.id, tier: 'noir' });
    expect(offer.json()).toEqual({ ok: true, status: 'pending_approval' });
  });

  it('screens again when staff approve an identity', async () => {
    const a = await applicant('Xavier Notyetlisted', 'kyc_in_progress');
    await t.ctx.db.insert(applicationDetails).values({
      applicationId: a.id,
      annualIncome: 100_000,
      employmentStatus: 'employed',
      pepExposed: false,
      cardTierPref: 'noir',
      dateOfBirth: '1980-01-01',
    });
    await t.ctx.db.insert(identityChecks).values({
      applicationId: a.id,
      provider: 'veriff',
      providerSessionId: `session-${a.id}`,
      status: 'declined',
      decision: 'declined',
    });
    await seedScreeningList(t.ctx.db, 'ofac', [{ entryId: '9001', name: 'Xavier Notyetlisted' }]);
    const res = await staff('admin-identity-approve', compliance, {
      basic_id: a.id,
      reason: 'Document checked by hand',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await alertsOf(a.id)).map((alert) => alert.entry.list)).toEqual(['ofac']);
  });
});

describe('ongoing monitoring', () => {
  it('screens everyone again when a list changes, and daily, on many instances without doubles', async () => {
    const first = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Harry'];
    const last = ['Whitcombe', 'Pendleford', 'Ashdown', 'Brackley', 'Thornbury'];
    const names = first.flatMap((given) => last.map((family) => `${given} ${family}`));
    const people = await Promise.all(names.map((name) => applicant(name)));
    for (const person of people) await sendDetails(person.token);
    // One of them is designated after onboarding.
    const designated = people[names.indexOf('Oliver Brackley')]!;
    await seedScreeningList(t.ctx.db, 'uk', [
      { entryId: 'UK-77', name: 'Oliver Brackley', programmes: ['Russia'] },
    ]);

    const other = createScreening(t.env, t.ctx.db);
    const runs = await Promise.all([
      runRescreening({ db: t.ctx.db, screening: t.ctx.screening, batchSize: 7 }),
      runRescreening({ db: t.ctx.db, screening: other, batchSize: 7 }),
    ]);
    const [due] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from applications
        where erased_at is null and stage <> 'declined'`,
    );
    // Everyone once, between the two instances.
    expect(runs.reduce((sum, run) => sum + (run?.screened ?? 0), 0)).toBeLessThanOrEqual(
      Number(due!.n),
    );
    expect(runs.reduce((sum, run) => sum + (run?.alerts ?? 0), 0)).toBe(1);
    const alerts = await alertsOf(designated.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ entry: { list: 'uk', entry_id: 'UK-77' } });

    // Nothing is due until a day has passed.
    expect(await runRescreening({ db: t.ctx.db, screening: t.ctx.screening })).toEqual({
      screened: 0,
      alerts: 0,
    });
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    const daily = await runRescreening({ db: t.ctx.db, screening: other, now: tomorrow });
    expect(daily!.screened).toBeGreaterThanOrEqual(people.length);
    expect(daily!.alerts).toBe(0);
    const [alertRows] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from screening_alerts where application_id = ${designated.id}`,
    );
    expect(Number(alertRows!.n)).toBe(1);
  });
});

describe("Veriff's watchlist screening", () => {
  it('a possible sanctions match joins the same alerts queue', async () => {
    const a = await applicant('Vera Watchlisted', 'code_verified');
    await sendDetails(a.token);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/apply-kyc-start',
      payload: {},
      headers: { 'x-session-token': a.token },
    });
    expect(start.statusCode, start.body).toBe(200);
    await veriff.watchlist(t.app, a.id, {
      matchStatus: 'possible_match',
      sanctions: true,
      attemptId: `${a.id}-w1`,
    });
    const alerts = await t.ctx.db
      .select({ source: screeningAlerts.source, kind: screeningAlerts.kind })
      .from(screeningAlerts)
      .where(eq(screeningAlerts.applicationId, a.id));
    expect(alerts).toEqual([{ source: 'veriff', kind: 'sanctions' }]);
    const caseView = await alertsOf(a.id);
    expect(caseView[0]).toMatchObject({ status: 'open', entry: { list: 'veriff' } });
  });
});

describe('a list loaded through the panel', () => {
  it('screens everyone against it at once, not at the next round', async () => {
    const a = await applicant('Frank Kakolele Bwambale');
    await sendDetails(a.token);
    expect(await alertsOf(a.id)).toEqual([]);
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(readFileSync('tests/fixtures/screening/uk-sanctions-list.csv'))]),
      'uk.csv',
    );
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin-screening-list-upload',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: {
        'content-type': request.headers.get('content-type')!,
        'x-admin-pass': compliance,
        'x-requested-with': 'waj',
      },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await expect
      .poll(async () => (await alertsOf(a.id)).map((alert) => alert.entry.list), {
        timeout: 10_000,
      })
      .toEqual(['uk']);
  });
});
