import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactRow, EoiRow } from '#shared/schemas/admin-lists.ts';
import type { InboxStatus } from '#shared/stages.ts';
import { applications, auditLog, contactMessages, eoiRequests } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let token: string;
let staffId: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  token = await t.staffToken();
  staffId = await t.staffTokenId(token);
});
afterAll(async () => {
  await t?.close();
});

const staff = (call: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${call}`,
    payload: payload as object,
    headers: { 'x-admin-pass': token, ...headers },
  });

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

type EoiSeed = {
  fullName: string;
  email: string;
  phone?: string | null;
  reason?: string | null;
  status?: InboxStatus;
  createdAt: Date;
  applicationId?: string | null;
};
async function seedEoi(rows: EoiSeed[]) {
  return t.ctx.db
    .insert(eoiRequests)
    .values(rows.map((r) => ({ phone: null, reason: null, status: 'new' as const, ...r })))
    .returning();
}

type ContactSeed = {
  name: string;
  email: string;
  message: string;
  status?: InboxStatus;
  createdAt: Date;
};
async function seedContacts(rows: ContactSeed[]) {
  return t.ctx.db
    .insert(contactMessages)
    .values(rows.map((r) => ({ status: 'new' as const, ...r })))
    .returning();
}

async function auditsFor(action: string, targetIds: string[]) {
  if (targetIds.length === 0) return [];
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), inArray(auditLog.targetId, targetIds)))
    .orderBy(asc(auditLog.id));
}

const countAudits = () => t.ctx.db.$count(auditLog);

describe('admin-eoi-list and admin-contact-list', () => {
  // 27 EOI requests: 20 within the last week (one an hour apart), 7 older; statuses cycle
  // new, new, reviewed, archived. Plus names and e-mails that only a literal search matches.
  const statuses: InboxStatus[] = ['new', 'new', 'reviewed', 'archived'];
  let seeded: Awaited<ReturnType<typeof seedEoi>>;
  beforeAll(async () => {
    const rows: EoiSeed[] = Array.from({ length: 23 }, (_, i) => ({
      fullName: `Member ${String(i + 1).padStart(2, '0')}`,
      email: `member${i + 1}@example.com`,
      phone: i % 2 ? `07700 900${String(i).padStart(3, '0')}` : null,
      reason: `Reason ${i + 1}`,
      status: statuses[i % 4]!,
      createdAt: i < 16 ? ago((i + 1) * HOUR) : ago(8 * DAY + i * HOUR),
    }));
    rows.push(
      { fullName: 'Ada Lovelace', email: 'ada@analytical.example', createdAt: ago(30 * 60_000) },
      {
        fullName: 'Grace Hopper',
        email: 'GRACE.HOPPER@Navy.example',
        status: 'reviewed',
        createdAt: ago(2 * DAY + 30 * 60_000),
      },
      { fullName: 'Per 100% Cent', email: 'percent@example.com', createdAt: ago(3 * DAY) },
      { fullName: 'Under_Score', email: 'back\\slash@example.com', createdAt: ago(4 * DAY) },
    );
    seeded = await seedEoi(rows);
  });

  const sortedNewestFirst = () =>
    [...seeded].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : 1),
    );

  it('answers a page newest first with the total and the whole inbox metrics', async () => {
    const res = await staff('admin-eoi-list', { page: 1, pageSize: 10 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = sortedNewestFirst().slice(0, 10);
    expect(body.ok).toBe(true);
    expect(body.total).toBe(27);
    expect(body.data.map((r: EoiRow) => r.id)).toEqual(expected.map((r) => r.id));
    // Last 7 days: 16 members, Ada, Grace, Per, Under; reviewed: every 4th member + Grace.
    expect(body.metrics).toEqual({ newThisWeek: 20, total: 27, reviewed: 6 + 1 });
    const first = expected[0]!;
    expect(body.data[0]).toEqual({
      id: first.id,
      created_at: first.createdAt.toISOString(),
      full_name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      phone: null,
      reason: null,
      status: 'new',
    } satisfies EoiRow);
  });

  it('pages through every record once with 10, 25 and 50 a page', async () => {
    const all = sortedNewestFirst().map((r) => r.id);
    for (const pageSize of [10, 25, 50]) {
      const ids: string[] = [];
      for (let page = 1; page <= Math.ceil(27 / pageSize); page++) {
        const body = (await staff('admin-eoi-list', { page, pageSize })).json();
        expect(body.total).toBe(27);
        ids.push(...body.data.map((r: EoiRow) => r.id));
      }
      expect(ids, `pageSize ${pageSize}`).toEqual(all);
    }
    const beyond = (await staff('admin-eoi-list', { page: 4, pageSize: 10 })).json();
    expect(beyond).toMatchObject({ ok: true, data: [], total: 27 });
  });

  it('filters by status; the metrics still describe the whole inbox', async () => {
    const body = (
      await staff('admin-eoi-list', { page: 1, pageSize: 50, status: 'reviewed' })
    ).json();
    expect(body.total).toBe(7);
    expect(body.data).toHaveLength(7);
    expect(body.data.every((r: EoiRow) => r.status === 'reviewed')).toBe(true);
    expect(body.metrics).toEqual({ newThisWeek: 20, total: 27, reviewed: 7 });
    // Its later pages (read from the older end) hold the rest, in the same order.
    const second = (await staff('admin-eoi-list', { page: 2, pageSize: 10, status: 'new' })).json();
    const news = (await staff('admin-eoi-list', { page: 1, pageSize: 50, status: 'new' })).json();
    expect(news.total).toBe(15);
    expect(second.data.map((r: EoiRow) => r.id)).toEqual(
      news.data.slice(10, 20).map((r: EoiRow) => r.id),
    );

    const archived = (
      await staff('admin-eoi-list', { page: 1, pageSize: 50, status: 'archived' })
    ).json();
    expect(archived.total).toBe(5);
    // 'all' (what the client's filter sends) and '' mean no filter.
    for (const status of ['all', '']) {
      const every = (await staff('admin-eoi-list', { page: 1, pageSize: 10, status })).json();
      expect(every.total, JSON.stringify(status)).toBe(27);
    }
  });

  it('searches name or e-mail as a case-insensitive substring', async () => {
    const search = async (query: string, extra: object = {}) => {
      const body = (
        await staff('admin-eoi-list', { page: 1, pageSize: 50, query, ...extra })
      ).json();
      return body.data.map((r: EoiRow) => r.full_name).sort();
    };
    expect(await search('LOVELACE')).toEqual(['Ada Lovelace']);
    expect(await search('grace.hopper@navy')).toEqual(['Grace Hopper']);
    expect(await search('  analytical ')).toEqual(['Ada Lovelace']);
    expect(await search('member 2')).toEqual(['Member 20', 'Member 21', 'Member 22', 'Member 23']);
    expect(await search('member2', { status: 'new' })).toEqual([
      'Member 02',
      'Member 21',
      'Member 22',
    ]);
    const filtered = (
      await staff('admin-eoi-list', { page: 1, pageSize: 10, query: 'member', status: 'new' })
    ).json();
    expect(filtered.total).toBe(12);
    expect(await search('nobody-like-this')).toEqual([]);
  });

  it('ignores accents as the applicant list does, and finds a whole address exactly', async () => {
    const [chloe] = await seedEoi([
      { fullName: 'Chloé Inbox', email: 'chloe.inbox@example.fr', createdAt: ago(40 * DAY) },
    ]);
    const [mail] = await seedContacts([
      {
        name: 'Zoë Contact',
        email: 'Zoe@Contact.example',
        message: 'Hello',
        createdAt: ago(40 * DAY),
      },
    ]);
    const names = async (call: string, query: string) =>
      (await staff(call, { page: 1, pageSize: 50, query })).json().data.map((r: EoiRow) => r.id);
    try {
      expect(await names('admin-eoi-list', 'CHLOE inbox')).toEqual([chloe!.id]);
      expect(await names('admin-contact-list', 'zoe contact')).toEqual([mail!.id]);
      expect(await names('admin-contact-list', 'ZOE@contact.example')).toEqual([mail!.id]);
      // A domain alone is a substring search.
      expect(await names('admin-contact-list', '@contact.example')).toEqual([mail!.id]);
    } finally {
      await t.ctx.db.delete(eoiRequests).where(eq(eoiRequests.id, chloe!.id));
      await t.ctx.db.delete(contactMessages).where(eq(contactMessages.id, mail!.id));
    }
  });

  it('treats % _ and \\ in the search as the characters themselves', async () => {
    const search = async (query: string) =>
      (await staff('admin-eoi-list', { page: 1, pageSize: 50, query }))
        .json()
        .data.map((r: EoiRow) => r.full_name);
    expect(await search('%')).toEqual(['Per 100% Cent']);
    expect(await search('0%')).toEqual(['Per 100% Cent']);
    expect(await search('_')).toEqual(['Under_Score']);
    expect(await search('\\')).toEqual(['Under_Score']);
    expect(await search('back\\s')).toEqual(['Under_Score']);
  });

  it('refuses bad input with the field message', async () => {
    const cases: [object, string, string][] = [
      [{ page: 1, pageSize: 20 }, 'pageSize', 'Page size must be 10, 25 or 50'],
      [{ page: 0, pageSize: 10 }, 'page', 'Page must be at least 1'],
      [{ page: 1, pageSize: 10, status: 'deleted' }, 'status', 'Please choose a valid status'],
      [
        { page: 1, pageSize: 10, query: 'x'.repeat(256) },
        'query',
        'Search must be less than 255 characters',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await staff('admin-eoi-list', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ ok: false, error: message, details: { [field]: message } });
    }
  });

  it('lists contact messages with their own shape and metrics', async () => {
    const [older, newer] = await seedContacts([
      {
        name: 'Mary Somerville',
        email: 'mary@example.com',
        message: 'Hello, about Noir',
        status: 'reviewed',
        createdAt: ago(10 * DAY),
      },
      {
        name: 'Emmy Noether',
        email: 'emmy@example.com',
        message: 'Do you offer metal cards?\nThanks',
        createdAt: ago(HOUR),
      },
    ]);
    const res = await staff('admin-contact-list', { page: 1, pageSize: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      total: 2,
      metrics: { newThisWeek: 1, total: 2, reviewed: 1 },
      data: [
        {
          id: newer!.id,
          created_at: newer!.createdAt.toISOString(),
          name: 'Emmy Noether',
          email: 'emmy@example.com',
          message: 'Do you offer metal cards?\nThanks',
          status: 'new',
        },
        {
          id: older!.id,
          created_at: older!.createdAt.toISOString(),
          name: 'Mary Somerville',
          email: 'mary@example.com',
          message: 'Hello, about Noir',
          status: 'reviewed',
        },
      ] satisfies ContactRow[],
    });
    const search = (
      await staff('admin-contact-list', { page: 1, pageSize: 10, query: 'SOMERVILLE' })
    ).json();
    expect(search.data.map((r: ContactRow) => r.name)).toEqual(['Mary Somerville']);
    expect(search.total).toBe(1);
  });

  it('needs a staff token', async () => {
    const res = await staff('admin-eoi-list', { page: 1, pageSize: 10 }, { 'x-admin-pass': '' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, error: 'Not authenticated' });
  });
});

describe('admin-eoi-update and admin-contact-update', () => {
  it('sets the status and records who changed what, with the application it concerns', async () => {
    const [application] = await t.ctx.db
      .insert(applications)
      .values({ source: 'application', stage: 'basic', fullName: 'Linked Person' })
      .returning({ id: applications.id });
    const [eoi] = await seedEoi([
      {
        fullName: 'Linked Person',
        email: 'linked@example.com',
        createdAt: ago(HOUR),
        applicationId: application!.id,
      },
    ]);

    const res = await staff('admin-eoi-update', { id: eoi!.id, status: 'reviewed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [row] = await t.ctx.db.select().from(eoiRequests).where(eq(eoiRequests.id, eoi!.id));
    expect(row!.status).toBe('reviewed');
    expect(row!.updatedAt.getTime()).toBeGreaterThan(eoi!.updatedAt.getTime());

    const audits = await auditsFor('eoi_request.update_status', [eoi!.id]);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorType: 'staff',
      actorId: staffId,
      targetType: 'eoi_request',
      targetId: eoi!.id,
      applicationId: application!.id,
      before: { status: 'new' },
      after: { status: 'reviewed' },
    });

    // Any status to any other (SPEC §4), and back.
    for (const status of ['archived', 'new'] as const) {
      expect((await staff('admin-eoi-update', { id: eoi!.id, status })).statusCode).toBe(200);
    }
    expect(await auditsFor('eoi_request.update_status', [eoi!.id])).toHaveLength(3);
  });

  it('changes nothing and records nothing when the status is already that', async () => {
    const [eoi] = await seedEoi([
      { fullName: 'Same', email: 'same@example.com', status: 'archived', createdAt: ago(HOUR) },
    ]);
    const res = await staff('admin-eoi-update', { id: eoi!.id, status: 'archived' });
    expect(res.statusCode).toBe(200);
    expect(await auditsFor('eoi_request.update_status', [eoi!.id])).toEqual([]);
  });

  it('updates a contact message the same way', async () => {
    const [message] = await seedContacts([
      { name: 'Sofia K', email: 'sofia@example.com', message: 'Hi', createdAt: ago(HOUR) },
    ]);
    const res = await staff('admin-contact-update', { id: message!.id, status: 'archived' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message!.id));
    expect(row!.status).toBe('archived');
    const audits = await auditsFor('contact_message.update_status', [message!.id]);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: staffId,
      targetType: 'contact_message',
      applicationId: null,
      before: { status: 'new' },
      after: { status: 'archived' },
    });
  });

  it('answers 404 for a record that is not in that inbox', async () => {
    const [eoi] = await seedEoi([
      { fullName: 'Other Table', email: 'other@example.com', createdAt: ago(HOUR) },
    ]);
    const before = await countAudits();
    const unknown = await staff('admin-eoi-update', { id: randomUUID(), status: 'reviewed' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ ok: false, error: 'EOI request not found' });

    // An EOI id is not a contact message.
    const wrongTable = await staff('admin-contact-update', { id: eoi!.id, status: 'reviewed' });
    expect(wrongTable.statusCode).toBe(404);
    expect(wrongTable.json()).toEqual({ ok: false, error: 'Contact message not found' });
    const [row] = await t.ctx.db.select().from(eoiRequests).where(eq(eoiRequests.id, eoi!.id));
    expect(row!.status).toBe('new');
    expect(await countAudits()).toBe(before);
  });

  it('refuses a bad status or id with the field message and changes nothing', async () => {
    const [eoi] = await seedEoi([
      { fullName: 'Bad Input', email: 'bad@example.com', createdAt: ago(HOUR) },
    ]);
    const before = await countAudits();
    const cases: [string, object, string, string][] = [
      [
        'admin-eoi-update',
        { id: eoi!.id, status: 'deleted' },
        'status',
        'Please choose a valid status',
      ],
      ['admin-eoi-update', { id: eoi!.id }, 'status', 'Please choose a valid status'],
      ['admin-contact-update', { id: 'not-a-uuid', status: 'new' }, 'id', 'Please choose a record'],
    ];
    for (const [call, payload, field, message] of cases) {
      const res = await staff(call, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ ok: false, error: message, details: { [field]: message } });
    }
    const [row] = await t.ctx.db.select().from(eoiRequests).where(eq(eoiRequests.id, eoi!.id));
    expect(row!.status).toBe('new');
    expect(await countAudits()).toBe(before);
  });
});

describe('admin-bulk-update', () => {
  it("updates only that table's records, counts the changed ones and audits each", async () => {
    const eois = await seedEoi([
      { fullName: 'Bulk A', email: 'bulk-a@example.com', createdAt: ago(HOUR) },
      { fullName: 'Bulk B', email: 'bulk-b@example.com', createdAt: ago(2 * HOUR) },
      {
        fullName: 'Bulk C',
        email: 'bulk-c@example.com',
        status: 'reviewed',
        createdAt: ago(3 * HOUR),
      },
    ]);
    const [contact] = await seedContacts([
      { name: 'Bulk Contact', email: 'bulk-x@example.com', message: 'Hi', createdAt: ago(HOUR) },
    ]);
    const eoiIds = eois.map((r) => r.id);

    const res = await staff('admin-bulk-update', {
      ids: [...eoiIds, contact!.id, randomUUID(), eoiIds[0]],
      status: 'reviewed',
      table: 'eoi_requests',
    });
    expect(res.statusCode).toBe(200);
    // Bulk C was already reviewed; the contact id and the unknown id are not EOI requests.
    expect(res.json()).toEqual({ ok: true, updated: 2 });

    const rows = await t.ctx.db
      .select({ id: eoiRequests.id, status: eoiRequests.status })
      .from(eoiRequests)
      .where(inArray(eoiRequests.id, eoiIds));
    expect(rows.map((r) => r.status)).toEqual(['reviewed', 'reviewed', 'reviewed']);
    const [untouched] = await t.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, contact!.id));
    expect(untouched!.status).toBe('new');

    const audits = await auditsFor('eoi_request.update_status', eoiIds);
    expect(audits.map((a) => a.targetId).sort()).toEqual([eoiIds[0], eoiIds[1]].sort());
    for (const audit of audits) {
      expect(audit).toMatchObject({
        actorType: 'staff',
        actorId: staffId,
        targetType: 'eoi_request',
        before: { status: 'new' },
        after: { status: 'reviewed' },
      });
    }
    expect(await auditsFor('contact_message.update_status', [contact!.id])).toEqual([]);
  });

  it('archives contact messages', async () => {
    const contacts = await seedContacts(
      ['One', 'Two'].map((name) => ({
        name: `Archive ${name}`,
        email: `archive-${name}@example.com`,
        message: 'Hello',
        createdAt: ago(HOUR),
      })),
    );
    const ids = contacts.map((r) => r.id);
    const res = await staff('admin-bulk-update', {
      ids,
      status: 'archived',
      table: 'contact_messages',
    });
    expect(res.json()).toEqual({ ok: true, updated: 2 });
    const rows = await t.ctx.db
      .select({ status: contactMessages.status })
      .from(contactMessages)
      .where(inArray(contactMessages.id, ids));
    expect(rows.map((r) => r.status)).toEqual(['archived', 'archived']);
    expect(await auditsFor('contact_message.update_status', ids)).toHaveLength(2);
  });

  it('refuses an empty, oversized or malformed selection and changes nothing', async () => {
    const [eoi] = await seedEoi([
      { fullName: 'Refused', email: 'refused@example.com', createdAt: ago(HOUR) },
    ]);
    const before = await countAudits();
    const cases: [object, string, string][] = [
      [
        { ids: [], status: 'reviewed', table: 'eoi_requests' },
        'ids',
        'Please choose at least one record',
      ],
      [
        {
          ids: Array.from({ length: 51 }, () => randomUUID()),
          status: 'reviewed',
          table: 'eoi_requests',
        },
        'ids',
        'Please choose at most 50 records',
      ],
      [
        { ids: ['nope'], status: 'reviewed', table: 'eoi_requests' },
        'ids.0',
        'Please choose valid records',
      ],
      [
        { ids: [eoi!.id], status: 'gone', table: 'eoi_requests' },
        'status',
        'Please choose a valid status',
      ],
      [
        { ids: [eoi!.id], status: 'reviewed', table: 'applications' },
        'table',
        'Please choose EOI requests or contact messages',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await staff('admin-bulk-update', payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: message });
      expect(res.json().details[field]).toBe(message);
    }
    const [row] = await t.ctx.db.select().from(eoiRequests).where(eq(eoiRequests.id, eoi!.id));
    expect(row!.status).toBe('new');
    expect(await countAudits()).toBe(before);
  });

  it('changes no record when its audit row cannot be written', async () => {
    const eois = await seedEoi(
      ['P', 'Q', 'R'].map((n) => ({
        fullName: `Atomic ${n}`,
        email: `atomic-${n}@example.com`,
        createdAt: ago(HOUR),
      })),
    );
    // The second audit row of the batch fails: the whole update must roll back.
    await t.ctx.db.execute(sql`
      create or replace function test_refuse_audit() returns trigger language plpgsql as $$
      begin
        if (select count(*) from audit_log where action = 'eoi_request.update_status'
              and target_id in (select id::text from eoi_requests where full_name like 'Atomic %')) >= 1
        then raise exception 'audit unavailable'; end if;
        return new;
      end $$`);
    await t.ctx.db.execute(sql`
      create trigger test_refuse_audit before insert on audit_log
      for each row execute function test_refuse_audit()`);
    try {
      const res = await staff('admin-bulk-update', {
        ids: eois.map((r) => r.id),
        status: 'archived',
        table: 'eoi_requests',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ ok: false, error: 'Something went wrong. Please try again.' });
    } finally {
      await t.ctx.db.execute(sql`drop trigger test_refuse_audit on audit_log`);
      await t.ctx.db.execute(sql`drop function test_refuse_audit()`);
    }
    const rows = await t.ctx.db
      .select({ status: eoiRequests.status })
      .from(eoiRequests)
      .where(like(eoiRequests.fullName, 'Atomic %'));
    expect(rows.map((r) => r.status)).toEqual(['new', 'new', 'new']);
  });
});
