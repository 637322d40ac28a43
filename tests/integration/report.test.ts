import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseApplication } from '#server/applicant/erase.ts';
import { queryRows } from '#server/db/client.ts';
import { applications, kycFiles, screeningAlerts } from '#server/db/schema.ts';
import { adminReport } from '#server/services/admin-report.ts';
import { adminServiceLevels, OPEN_ITEMS } from '#server/services/admin-service-levels.ts';
import type { ReportResponse } from '#shared/schemas/casework.ts';
import type { AlertStatus } from '#shared/schemas/screening.ts';
import {
  DEFAULT_SERVICE_LEVELS,
  SERVICE_LEVEL_QUEUES,
  type ServiceLevelQueue,
} from '#shared/service-levels.ts';
import type { Stage } from '#shared/stages.ts';
import { NO_PERMISSION } from '#shared/staff.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { staffCall } from '../helpers/casework.ts';

/**
 * The management report (CONTRACT §9): a known history in UK weeks across the start of British
 * Summer Time (29 March 2026), decisions with known times, screening alerts, and queues with
 * items of known ages now; every figure is checked, and the backlog against the queues' own
 * definitions (OPEN_ITEMS), which the report reads another way for its three largest queues.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The range asked for: Wednesday 25 March to Tuesday 7 April 2026, UK days. */
const RANGE = { from: '2026-03-25', to: '2026-04-07' };

let t: TestApp;
let owner: string;
let compliance: string;
let operations: string;
let mlro: string;
/** The moment the queues' items were aged from. */
let seededAt: number;

let seq = 0;
async function applicant(
  stage: Stage,
  options: { created?: string | Date; changed?: string | Date } = {},
) {
  seq += 1;
  const changed = options.changed ? new Date(options.changed) : undefined;
  const [row] = await t.ctx.db
    .insert(applications)
    .values({
      fullName: `Report Person ${seq}`,
      email: `report.person.${seq}@example.com`,
      source: 'application',
      stage,
      ...(options.created ? { createdAt: new Date(options.created) } : {}),
      ...(changed ? { stageChangedAt: changed } : {}),
      ...(stage === 'declined'
        ? { declinedAt: changed ?? new Date(), declineReason: 'Report test' }
        : {}),
      ...(stage === 'accepted' ? { tierAccepted: 'noir' as const } : {}),
    })
    .returning({ id: applications.id });
  return row!.id;
}

async function file(applicationId: string, uploadedAt: Date, status: 'pending' | 'approved') {
  seq += 1;
  await t.ctx.db.insert(kycFiles).values({
    applicationId,
    type: 'document',
    storageKey: `kyc/report-${seq}.png`,
    contentType: 'image/png',
    fileSize: 100,
    sha256: 'x'.repeat(64),
    status,
    uploadedAt,
  });
}

async function alert(applicationId: string, status: AlertStatus, created: string | Date) {
  seq += 1;
  const at = new Date(created);
  const later = new Date(at.getTime() + HOUR);
  await t.ctx.db.insert(screeningAlerts).values({
    applicationId,
    source: 'builtin',
    list: 'uk',
    entryId: `REPORT-${seq}`,
    kind: 'sanctions',
    entry: {
      name: 'Listed Person',
      names: [],
      dates_of_birth: [],
      nationalities: [],
      programmes: [],
    },
    status,
    createdAt: at,
    ...(status === 'confirmed' ? { confirmedAt: later, confirmReason: 'A true match' } : {}),
    ...(status === 'clear_requested' || status === 'cleared'
      ? { clearRequestedAt: later, clearReason: 'Not the same person' }
      : {}),
    ...(status === 'cleared' ? { clearedAt: later } : {}),
  });
}

const erase = (id: string) =>
  t.ctx.db.transaction((tx) =>
    eraseApplication(tx, {
      applicationId: id,
      reason: 'request',
      actor: { type: 'system', id: 'test' },
      now: new Date(),
    }),
  );

const report = (token: string, body: object = RANGE) => staffCall(t, 'admin-report', token, body);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  [owner, compliance, operations, mlro] = await Promise.all([
    t.staffToken('owner'),
    t.staffToken('compliance'),
    t.staffToken('operations'),
    t.staffToken('mlro'),
  ]);

  // History. Started before the range: not counted, nor its alert.
  const before = await applicant('basic', { created: '2026-03-24T12:00:00Z' });
  await alert(before, 'open', '2026-03-24T13:00:00Z');
  // Week of Monday 23 March (from Wednesday 25th, the range's first day, UK midnight = 00:00 UTC).
  await applicant('basic', { created: '2026-03-25T00:30:00Z' });
  // Sunday 29 March, 23:30 in the UK (BST): still the first week. Activated 10 hours later.
  await applicant('activated', {
    created: '2026-03-29T22:30:00Z',
    changed: '2026-03-30T08:30:00Z',
  });
  // Monday 30 March, 00:30 in the UK: the second week. Activated after 20 hours.
  await applicant('activated', {
    created: '2026-03-29T23:30:00Z',
    changed: '2026-03-30T19:30:00Z',
  });
  const declined = await applicant('declined', {
    created: '2026-04-01T10:00:00Z',
    changed: '2026-04-03T02:00:00Z', // 40 hours
  });
  const activated = await applicant('activated', {
    created: '2026-04-02T10:00:00Z',
    changed: '2026-04-03T16:00:00Z', // 30 hours
  });
  const offered = await applicant('tier_offer', { created: '2026-04-03T10:00:00Z' });
  // Week of Monday 6 April: one since erased (its tombstone keeps its stage and dates).
  const erased = await applicant('basic', { created: '2026-04-06T09:00:00Z' });
  await erase(erased);
  // 23:30 on Tuesday 7 April in the UK, the range's last day: in; 00:30 on the 8th: out.
  const lastDay = await applicant('invited', { created: '2026-04-07T22:30:00Z' });
  await applicant('invited', { created: '2026-04-07T23:30:00Z' });
  // Started in the range, decided after it: started, not a decision of the range.
  await applicant('activated', {
    created: '2026-04-07T10:00:00Z',
    changed: '2026-04-08T10:00:00Z',
  });
  // Started before the range and decided in it (144 hours); decided before it: neither.
  await applicant('activated', {
    created: '2026-03-20T00:00:00Z',
    changed: '2026-03-26T00:00:00Z',
  });
  await applicant('declined', {
    created: '2026-03-20T00:00:00Z',
    changed: '2026-03-24T12:00:00Z',
  });
  // Alerts opened in the range, by where they stand now.
  await alert(declined, 'open', '2026-04-01T11:00:00Z');
  await alert(activated, 'confirmed', '2026-04-02T11:00:00Z');
  await alert(offered, 'clear_requested', '2026-04-03T11:00:00Z');
  await alert(lastDay, 'cleared', '2026-04-07T22:40:00Z');

  // The queues now, aged from this moment (the report runs seconds later, far from a bound).
  seededAt = Date.now();
  const ago = (ms: number) => new Date(seededAt - ms);
  // Identity review (24 hours): pending files of applications still in the journey.
  const reviewed = await applicant('kyc_in_progress', { changed: ago(11 * DAY) });
  await file(reviewed, ago(2 * HOUR), 'pending');
  await file(reviewed, ago(30 * HOUR), 'pending');
  await file(reviewed, ago(3 * HOUR), 'approved');
  const older = await applicant('kyc_in_progress', { changed: ago(11 * DAY) });
  await file(older, ago(4 * DAY), 'pending');
  await file(older, ago(10 * DAY), 'pending');
  // Not in the queue: a declined applicant's file, and one from before the applicant was sent
  // back to upload again (waiting); the file uploaded since is.
  await file(await applicant('declined', { changed: ago(HOUR) }), ago(2 * HOUR), 'pending');
  const sentBack = await applicant('detailed', { changed: ago(HOUR) });
  await file(sentBack, ago(5 * HOUR), 'pending');
  await file(sentBack, ago(HOUR / 2), 'pending');
  // Offers (48 hours): stage kyc since; an erased one is in no queue.
  const fresh = await applicant('kyc', { changed: ago(HOUR) });
  await applicant('kyc', { changed: ago(50 * HOUR) });
  await applicant('kyc', { changed: ago(8 * DAY) });
  await erase(await applicant('kyc', { changed: ago(3 * DAY) }));
  // Activations (72 hours).
  await applicant('accepted', { changed: ago(80 * HOUR) });
  await applicant('accepted', { changed: ago(5 * HOUR) });
  // A screening alert opened three hours ago (the two open from March and April are older).
  await alert(fresh, 'open', ago(3 * HOUR));
});
afterAll(async () => {
  await t?.close();
});

describe('admin-report', () => {
  it('gives the range’s weeks, decisions and alerts, and the queues’ backlog now', async () => {
    const res = await report(compliance);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ReportResponse;
    expect(Date.now() - seededAt).toBeLessThan(HOUR / 2);
    expect(body).toEqual({
      ok: true,
      from: '2026-03-25',
      to: '2026-04-07',
      weeks: [
        { week: '2026-03-23', by_stage: { basic: 1, activated: 1 } },
        { week: '2026-03-30', by_stage: { activated: 2, declined: 1, tier_offer: 1 } },
        { week: '2026-04-06', by_stage: { basic: 1, invited: 1, activated: 1 } },
      ],
      started: 9,
      activated: 4,
      declined: 1,
      pass_rate: 0.8,
      decline_rate: 0.2,
      // 10, 20, 30, 40 and 144 hours: the median, and 40 + 0.6 × 104 at the ninetieth.
      decision_hours: { p50: 30, p90: 102.4 },
      backlog_by_age: [
        { queue: 'identity_review', under_24h: 2, d1_3: 1, d3_7: 1, over_7d: 1 },
        { queue: 'offer', under_24h: 1, d1_3: 1, d3_7: 0, over_7d: 1 },
        { queue: 'activation', under_24h: 1, d1_3: 0, d3_7: 1, over_7d: 0 },
        { queue: 'screening_alert', under_24h: 1, d1_3: 0, d3_7: 0, over_7d: 2 },
        { queue: 'approval', under_24h: 0, d1_3: 0, d3_7: 0, over_7d: 1 },
        { queue: 'erasure_request', under_24h: 0, d1_3: 0, d3_7: 0, over_7d: 0 },
        { queue: 'escalation', under_24h: 0, d1_3: 0, d3_7: 0, over_7d: 0 },
      ],
      breaches: {
        identity_review: 3,
        offer: 2,
        activation: 1,
        screening_alert: 2,
        approval: 1,
        erasure_request: 0,
        escalation: 0,
      },
      // The clearance waiting for its approval is still open.
      screening_alerts: { open: 2, confirmed: 1, cleared: 1 },
    });
  });

  it('answers a range with nothing in it with zeros and no rates', async () => {
    const res = await report(owner, { from: '2025-06-02', to: '2025-06-15' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      weeks: [
        { week: '2025-06-02', by_stage: {} },
        { week: '2025-06-09', by_stage: {} },
      ],
      started: 0,
      activated: 0,
      declined: 0,
      pass_rate: null,
      decline_rate: null,
      decision_hours: { p50: null, p90: null },
      screening_alerts: { open: 0, confirmed: 0, cleared: 0 },
    });
  });

  it('counts the backlog exactly as the queues define it, at any moment and on every bound', async () => {
    // Items exactly on the bounds of the buckets and of the breach cutoffs, as of `now`.
    const now = new Date(seededAt + 5 * 60_000);
    const at = (ms: number) => new Date(now.getTime() - ms);
    const onBounds = await applicant('kyc_in_progress', { changed: at(20 * DAY) });
    for (const age of [DAY, 3 * DAY, 7 * DAY]) await file(onBounds, at(age), 'pending');
    await applicant('kyc', { changed: at(48 * HOUR) });
    await applicant('kyc', { changed: at(7 * DAY) });
    await applicant('accepted', { changed: at(72 * HOUR) });
    await applicant('accepted', { changed: at(DAY) });

    // The queues' own definitions, each item read: what the report must equal.
    const expected = async (moment: Date) => {
      const ago = (ms: number) => new Date(moment.getTime() - ms).toISOString();
      const rows = await queryRows<{ queue: ServiceLevelQueue } & Record<string, number>>(
        t.ctx.db,
        sql.join(
          SERVICE_LEVEL_QUEUES.map(
            (queue) => sql`select ${queue}::text as queue,
              (count(*) filter (where since > ${ago(DAY)}::timestamptz))::int as under_24h,
              (count(*) filter (where since <= ${ago(DAY)}::timestamptz
                and since > ${ago(3 * DAY)}::timestamptz))::int as d1_3,
              (count(*) filter (where since <= ${ago(3 * DAY)}::timestamptz
                and since > ${ago(7 * DAY)}::timestamptz))::int as d3_7,
              (count(*) filter (where since <= ${ago(7 * DAY)}::timestamptz))::int as over_7d,
              (count(*) filter (where since <
                ${ago(DEFAULT_SERVICE_LEVELS[queue] * HOUR)}::timestamptz))::int as breached
            from (${OPEN_ITEMS[queue]}) items`,
          ),
          sql` union all `,
        ),
      );
      return SERVICE_LEVEL_QUEUES.map((queue) => rows.find((row) => row.queue === queue)!);
    };

    // Now, and later: three days on most items have moved bucket and more are breached.
    for (const moment of [now, new Date(now.getTime() + 3 * DAY)]) {
      const got = await adminReport({
        db: t.ctx.db,
        input: RANGE,
        levels: DEFAULT_SERVICE_LEVELS,
        now: moment,
      });
      const want = await expected(moment);
      expect(got.backlog_by_age).toEqual(want.map(({ breached: _, ...buckets }) => buckets));
      expect(got.breaches).toEqual(
        Object.fromEntries(want.map((row) => [row.queue, row.breached])),
      );
      // And the dashboard's counts of the same queues agree.
      const levels = await adminServiceLevels({
        db: t.ctx.db,
        levels: DEFAULT_SERVICE_LEVELS,
        now: moment,
      });
      for (const row of got.backlog_by_age) {
        const level = levels.find((l) => l.queue === row.queue)!;
        expect(row.under_24h + row.d1_3 + row.d3_7 + row.over_7d, row.queue).toBe(level.open);
        expect(got.breaches[row.queue], row.queue).toBe(level.breached);
      }
    }
    // The bounds themselves: a file exactly a day old is in 1–3 days and not yet breached.
    const onTime = await adminReport({
      db: t.ctx.db,
      input: RANGE,
      levels: DEFAULT_SERVICE_LEVELS,
      now,
    });
    expect(onTime.backlog_by_age[0]).toEqual({
      queue: 'identity_review',
      under_24h: 2,
      d1_3: 2,
      d3_7: 2,
      over_7d: 2,
    });
    expect(onTime.breaches.identity_review).toBe(5);
  });

  it('is for owners, compliance and the MLRO', async () => {
    expect((await report(owner)).statusCode).toBe(200);
    expect((await report(mlro)).statusCode).toBe(200);
    const refused = await report(operations);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ ok: false, error: NO_PERMISSION });
  });

  it('refuses a date that is not one, an end before the start and more than two years', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ from: '2026-02-30', to: '2026-03-05' }, { from: 'From must be a date (YYYY-MM-DD)' }],
      [{ from: '2026-03-01', to: '1 April' }, { to: 'To must be a date (YYYY-MM-DD)' }],
      [{ from: '2026-04-02', to: '2026-04-01' }, { to: 'To must be on or after From' }],
      [{ from: '2024-03-01', to: '2026-03-03' }, { to: 'A report covers at most two years' }],
    ];
    for (const [body, details] of cases) {
      const res = await report(compliance, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details, JSON.stringify(body)).toEqual(details);
    }
    // Two years to the day is allowed.
    expect((await report(compliance, { from: '2024-03-01', to: '2026-03-01' })).statusCode).toBe(
      200,
    );
  });
});
