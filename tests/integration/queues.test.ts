import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ActivationListRow,
  KycListFile,
  OfferListRow,
  QueuePage,
} from '#shared/schemas/admin.ts';
import type { Stage } from '#shared/stages.ts';
import { queryRows } from '#server/db/client.ts';
import { applications } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { SeededMember } from '../helpers/staff-seed.ts';

/** The staff queues: exact totals over a real backlog, oldest first, filters and search. */

let t: TestApp;
let token: string;
let me: SeededMember;
let other: SeededMember;
const BASE = Date.parse('2026-01-05T09:00:00Z');
const BACKLOG = 1_500;
const minutes = (n: number) => new Date(BASE + n * 60_000);

async function queue<Row>(call: string, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${call}`,
    headers: { 'x-admin-pass': token },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as QueuePage<Row> };
}

async function ok<Row>(call: string, body: Record<string, unknown> = {}) {
  const res = await queue<Row>(call, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const pending = (body: Record<string, unknown> = {}) =>
  ok<KycListFile>('admin-kyc-list', { status: 'pending', ...body });

/** 'Chloé Dubois' → chloe.dubois@example.com */
const emailOf = (name: string) =>
  `${name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')}@example.com`;

/** One applicant with one pending ID document uploaded `at` minutes after BASE. */
async function applicantWithFile(options: {
  name: string;
  at: number;
  stage?: Stage;
  assignedTo?: string;
  /** When the applicant entered `stage` (default: now, after every upload here). */
  stageChangedAt?: number;
}): Promise<string> {
  const stage = options.stage ?? 'kyc_in_progress';
  const [row] = await t.ctx.db
    .insert(applications)
    .values({
      source: 'application',
      stage,
      fullName: options.name,
      email: emailOf(options.name),
      declinedAt: stage === 'declined' ? new Date() : null,
      ...(options.stageChangedAt === undefined
        ? {}
        : { stageChangedAt: minutes(options.stageChangedAt) }),
      assignedTo: options.assignedTo ?? null,
      assignedAt: options.assignedTo ? new Date() : null,
    })
    .returning({ id: applications.id });
  await t.ctx.db.execute(sql`insert into kyc_files
      (application_id, type, storage_key, content_type, file_size, sha256, uploaded_at)
    values (${row!.id}, 'document', ${`kyc/${row!.id}`}, 'image/png', 1, 'x', ${minutes(options.at)})`);
  return row!.id;
}

let declined: string;
let sentBack: string;
let firstUpload: string;
let chloe: string;
let mine: string;
let theirs: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  token = await t.staffToken();
  me = await t.staffMember();
  other = await t.staffMember('compliance');
  // The backlog, cheaply: one statement per table. Backlog 0001 waits longest.
  await t.ctx.db.execute(sql`insert into applications (source, stage, full_name, email, created_at)
    select 'application', 'kyc_in_progress', 'Backlog ' || lpad(g::text, 4, '0'),
      'backlog' || lpad(g::text, 4, '0') || '@example.com', ${minutes(0)}::timestamptz
    from generate_series(1, ${BACKLOG}) g`);
  await t.ctx.db.execute(sql`insert into kyc_files
      (application_id, type, storage_key, content_type, file_size, sha256, uploaded_at)
    select id, 'selfie', 'kyc/' || id, 'image/jpeg', 1, 'x',
      ${minutes(0)}::timestamptz + (substring(email from 8 for 4)::int * interval '1 minute')
    from applications where email like 'backlog%'`);
  await t.ctx.db.execute(sql`update applications set assigned_to = ${me.id}, assigned_at = now()
    where email = 'backlog0003@example.com'`);
  await t.ctx.db.execute(sql`update applications set assigned_to = ${other.id}, assigned_at = now()
    where email = 'backlog0004@example.com'`);
  // Older than the whole backlog, yet nobody's work: declined, and sent back to upload again.
  declined = await applicantWithFile({ name: 'Declined Person', at: -20, stage: 'declined' });
  sentBack = await applicantWithFile({ name: 'Sent Back', at: -10, stage: 'detailed' });
  // At `detailed` too, but uploaded after entering it (a first upload): that one waits.
  firstUpload = await applicantWithFile({
    name: 'First Upload',
    at: BACKLOG + 50,
    stage: 'detailed',
    stageChangedAt: BACKLOG + 40,
  });
  chloe = await applicantWithFile({ name: 'Chloé Dubois', at: BACKLOG + 200 });
  const idOf = async (email: string) =>
    (
      await queryRows<{ id: string }>(
        t.ctx.db,
        sql`select id from applications where email = ${email}`,
      )
    )[0]!.id;
  mine = await idOf('backlog0003@example.com');
  theirs = await idOf('backlog0004@example.com');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the KYC queue', () => {
  it('counts every pending file exactly and starts with the one waiting longest', async () => {
    const first = await pending();
    expect(first.total).toBe(BACKLOG + 2);
    // Identity review's service level (src/shared/service-levels.ts), and each row's due time.
    expect(first.sla_hours).toBe(24);
    const oldest = first.data[0]!;
    expect(Date.parse(oldest.due_at) - Date.parse(oldest.waiting_since)).toBe(24 * 3_600_000);
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).toMatchObject({
      application: { full_name: 'Backlog 0001' },
      status: 'pending',
      waiting_since: minutes(1).toISOString(),
      uploaded_at: minutes(1).toISOString(),
      assignee: null,
    });
    const names = first.data.map((file) => file.application.full_name);
    expect(names.slice(0, 3)).toEqual(['Backlog 0001', 'Backlog 0002', 'Backlog 0003']);
    // The declined and the sent-back applicants' files are older, and not there.
    const ids = first.data.map((file) => file.basic_id);
    expect(ids).not.toContain(declined);
    expect(ids).not.toContain(sentBack);
  });

  it('ends with the newest file on the last page, and pages past the end are empty', async () => {
    const lastPage = Math.ceil((BACKLOG + 2) / 25);
    const last = await pending({ page: lastPage, page_size: 25 });
    expect(last.total).toBe(BACKLOG + 2);
    expect(last.data.slice(-2).map((file) => file.basic_id)).toEqual([firstUpload, chloe]);
    expect(last.data).toHaveLength((BACKLOG + 2) % 25 || 25);
    const beyond = await pending({ page: lastPage + 1, page_size: 25 });
    expect(beyond).toMatchObject({ data: [], total: BACKLOG + 2 });
  });

  it('shows who has a case, and filters to mine or to nobody’s', async () => {
    const page = await pending({ page_size: 5 });
    expect(page.data.find((file) => file.basic_id === mine)?.assignee).toEqual({
      id: me.id,
      name: me.name,
    });
    expect(page.data.find((file) => file.basic_id === theirs)?.assignee).toEqual({
      id: other.id,
      name: other.name,
    });
    const assignedToMe = await pending({ assigned: 'me' });
    expect(assignedToMe.total).toBe(1);
    expect(assignedToMe.data.map((file) => file.basic_id)).toEqual([mine]);
    // The same filter asked by the other member finds their case, not the first caller's.
    const theirsOnly = await t.app.inject({
      method: 'POST',
      url: '/api/admin-kyc-list',
      headers: { 'x-admin-pass': await t.staffToken('compliance') },
      payload: { status: 'pending', assigned: 'me' },
    });
    expect((theirsOnly.json() as QueuePage<KycListFile>).data.map((file) => file.basic_id)).toEqual(
      [theirs],
    );
    const unassigned = await pending({ assigned: 'unassigned' });
    expect(unassigned.total).toBe(BACKLOG + 2 - 2);
    expect(unassigned.data.map((file) => file.basic_id)).not.toContain(mine);
    expect(unassigned.data.map((file) => file.basic_id)).not.toContain(theirs);
    // 'all' is no filter, as the client's select sends it.
    expect((await pending({ assigned: 'all' })).total).toBe(BACKLOG + 2);
  });

  it('finds a name or e-mail regardless of case and accents, and wildcards match literally', async () => {
    for (const query of ['chloe', 'CHLOÉ', 'Dubois', 'chloe.dubois@']) {
      const found = await pending({ query });
      expect(found.total, query).toBe(1);
      expect(found.data[0]?.basic_id).toBe(chloe);
    }
    expect((await pending({ query: 'backlog0012' })).total).toBe(1);
    expect((await pending({ query: 'Backlog 001' })).total).toBe(10);
    // Its matches keep the queue's order and page like it: oldest first, 4 then 4 then 2.
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => pending({ query: 'Backlog 001', page, page_size: 4 })),
    );
    expect(pages.map((found) => found.data.map((file) => file.application.full_name))).toEqual([
      ['Backlog 0010', 'Backlog 0011', 'Backlog 0012', 'Backlog 0013'],
      ['Backlog 0014', 'Backlog 0015', 'Backlog 0016', 'Backlog 0017'],
      ['Backlog 0018', 'Backlog 0019'],
      [],
    ]);
    expect(pages.map((found) => found.total)).toEqual([10, 10, 10, 10]);
    // Past the count's cap the queue is walked in its order instead: still oldest first.
    const many = await pending({ query: 'backlog', page: 2, page_size: 10 });
    expect(many).toMatchObject({ total: 200, total_capped: true });
    expect(many.data.map((file) => file.application.full_name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Backlog ${String(11 + i).padStart(4, '0')}`),
    );
    expect((await pending({ query: '%' })).total).toBe(0);
    expect((await pending({ query: '_' })).total).toBe(0);
    expect((await pending({ query: 'Sent Back' })).total).toBe(0);
  });

  it('keeps reviewed files out of the pending queue and lists them by status', async () => {
    const file = (await pending({ query: 'backlog0007' })).data[0]!;
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/admin-kyc-action',
      headers: { 'x-admin-pass': token },
      payload: { file_id: file.id, action: 'approve' },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect((await pending()).total).toBe(BACKLOG + 1);
    const approved = await ok<KycListFile>('admin-kyc-list', { status: 'approved' });
    expect(approved.data.map((row) => row.id)).toEqual([file.id]);
    // Without a status: each applicant's record, the sent-back file too; never the declined.
    const all = await ok<KycListFile>('admin-kyc-list', { page_size: 100 });
    expect(all.total).toBe(BACKLOG + 3);
    expect(all.data[0]?.basic_id).toBe(sentBack);
    expect(all.data.map((row) => row.basic_id)).not.toContain(declined);
  });

  it('refuses bad paging and filters with a message, never a server error', async () => {
    for (const [body, message] of [
      [{ page: 0 }, 'Page must be at least 1'],
      [{ page_size: 101 }, 'Page size must be between 1 and 100'],
      [{ assigned: 'someone' }, 'Please choose assigned to me or unassigned'],
      [{ status: 'lost' }, 'Please choose a valid status'],
      [{ query: 'x'.repeat(256) }, 'Search must be less than 255 characters'],
    ] as const) {
      const res = await queue('admin-kyc-list', body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
  });
});

/** Applications at `stage`, each entering it `at` minutes after BASE. */
async function seedStage(stage: Stage, rows: { name: string; at: number; mine?: boolean }[]) {
  const inserted = await t.ctx.db
    .insert(applications)
    .values(
      rows.map((row) => ({
        source: 'application' as const,
        stage,
        fullName: row.name,
        email: emailOf(row.name),
        stageChangedAt: minutes(row.at),
        assignedTo: row.mine ? me.id : null,
        assignedAt: row.mine ? new Date() : null,
      })),
    )
    .returning({ id: applications.id, name: applications.fullName });
  return new Map(inserted.map((row) => [row.name, row.id]));
}

describe.each([
  ['admin-offer-list', 'kyc'],
  ['admin-activation-list', 'accepted'],
] as const)('the %s queue', (call, stage) => {
  it('lists its stage longest waiting first, with the exact total, filters and search', async () => {
    const ids = await seedStage(stage, [
      { name: `Later ${stage}`, at: 500 },
      { name: `Earliest ${stage}`, at: 5, mine: true },
      { name: `Zoë ${stage}`, at: 50 },
    ]);
    const names = [...ids.keys()];
    const first = await ok<OfferListRow | ActivationListRow>(call, { page_size: 2 });
    expect(first.total).toBe(3);
    // Offers 48 hours, activations 72 (src/shared/service-levels.ts).
    expect(first.sla_hours).toBe(stage === 'kyc' ? 48 : 72);
    expect(first.data.map((row) => row.full_name)).toEqual([`Earliest ${stage}`, `Zoë ${stage}`]);
    expect(first.data[0]).toMatchObject({
      waiting_since: minutes(5).toISOString(),
      assignee: { id: me.id, name: me.name },
    });
    expect(first.data[1]?.assignee).toBeNull();
    const second = await ok<OfferListRow | ActivationListRow>(call, { page: 2, page_size: 2 });
    expect(second.data.map((row) => row.full_name)).toEqual([`Later ${stage}`]);
    // A page past the end is empty and still says how many there are.
    expect(await ok(call, { page: 3, page_size: 2 })).toMatchObject({ data: [], total: 3 });
    const mine = await ok<OfferListRow | ActivationListRow>(call, { assigned: 'me' });
    expect(mine.total).toBe(1);
    expect(mine.data.map((row) => row.full_name)).toEqual([`Earliest ${stage}`]);
    const nobodys = await ok<OfferListRow | ActivationListRow>(call, { assigned: 'unassigned' });
    expect(nobodys.total).toBe(2);
    expect(nobodys.data.map((row) => row.full_name)).toEqual([`Zoë ${stage}`, `Later ${stage}`]);
    const zoe = await ok<OfferListRow>(call, { query: 'zoe' });
    expect(zoe.data.map((row) => row.basic_id)).toEqual([ids.get(names[2]!)]);
    // A search keeps the queue's order and pages like it.
    const searched = await Promise.all(
      [1, 2].map((page) =>
        ok<OfferListRow | ActivationListRow>(call, { query: stage, page, page_size: 2 }),
      ),
    );
    expect(searched.map((found) => found.data.map((row) => row.full_name))).toEqual([
      [`Earliest ${stage}`, `Zoë ${stage}`],
      [`Later ${stage}`],
    ]);
    expect(searched.map((found) => found.total)).toEqual([3, 3]);
    expect((await queue(call, { page_size: 0 })).status).toBe(400);
  });
});

describe('the SLA setting', () => {
  it('is sent with each queue as configured', async () => {
    const other = await createTestApp({ RATE_LIMIT_SCALE: '0', QUEUE_SLA_HOURS: '12' });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/admin-activation-list',
        headers: { 'x-admin-pass': await other.staffToken() },
        payload: {},
      });
      expect(res.json()).toMatchObject({ ok: true, data: [], total: 0, sla_hours: 12 });
    } finally {
      await other.close();
    }
  });
});
