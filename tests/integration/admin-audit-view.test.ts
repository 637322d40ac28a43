import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditListResponse } from '#shared/schemas/audit.ts';
import { auditLog } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedStaffMember, type SeededMember } from '../helpers/staff-seed.ts';

/**
 * The audit view (issue 14): the whole log filtered by member, action and UK day, and its CSV
 * export in words. Rows are seeded at chosen instants around midnight in London's summer and
 * winter time, where a UTC day and a UK day disagree.
 */
let t: TestApp;
let ownerToken: string;
let complianceToken: string;
let operationsToken: string;
let owner: SeededMember;
let compliance: SeededMember;
let formula: SeededMember;

const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: { 'x-admin-pass': token } });

async function list(body: Record<string, unknown>, token = complianceToken) {
  const res = await post('admin-audit-list', body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditListResponse;
}

const staffRow = (member: SeededMember) => ({
  actorType: 'staff' as const,
  actorId: member.id,
  actorEmail: member.email,
  actorRole: member.role,
});

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  ownerToken = await t.staffToken('owner');
  complianceToken = await t.staffToken('compliance');
  operationsToken = await t.staffToken('operations');
  owner = await t.staffMember('owner');
  compliance = await t.staffMember('compliance');
  // A name a spreadsheet would run as a formula if the export did not neutralise it.
  formula = await seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, {
    role: 'compliance',
    name: '=HYPERLINK("http://x.test","Click")',
  });
  await t.ctx.db.insert(auditLog).values([
    // 23:59:59 BST on 1 July 2026: still 1 July in the UK (22:59:59 UTC).
    {
      ...staffRow(owner),
      at: new Date('2026-07-01T22:59:59Z'),
      action: 'staff.sign_in',
      targetType: 'staff_token',
      targetId: 'tok-1',
      after: { second_factor: 'totp', expires_at: '2026-07-02T06:59:59.000Z' },
    },
    // 00:00:00 BST on 2 July (23:00 UTC on 1 July).
    {
      ...staffRow(compliance),
      at: new Date('2026-07-01T23:00:00Z'),
      action: 'kyc_file.approve',
      targetType: 'kyc_file',
      targetId: 'file-1',
      before: { status: 'pending' },
      after: { status: 'approved', type: 'document', fields: ['notes'] },
    },
    // 23:59:59 BST on 30 June.
    {
      actorType: 'applicant',
      actorId: '00000000-0000-4000-8000-000000000001',
      at: new Date('2026-06-30T22:59:59Z'),
      action: 'offer.accept',
      targetType: 'application',
      targetId: '00000000-0000-4000-8000-000000000001',
      before: { stage: 'tier_offer' },
      after: { stage: 'accepted', tier: 'noir', fields: ['esign_name'], terms_hash: 'abc' },
    },
    // Winter: GMT.
    {
      ...staffRow(formula),
      at: new Date('2026-11-24T14:03:07Z'),
      action: 'kyc_file.viewed',
      targetType: 'kyc_file',
      targetId: 'file-2',
      after: { type: 'selfie' },
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('the audit view', () => {
  it('filters the whole log by member, with an exact total and the members to choose from', async () => {
    const mine = await list({ member: compliance.id });
    expect(mine.total).toBe(1);
    expect(mine.data.map((row) => row.action)).toEqual(['kyc_file.approve']);
    expect(mine.data[0]).toMatchObject({ actor_name: compliance.name, actor_role: 'compliance' });
    // Compliance cannot list staff (admin-staff-list is the owner's): the answer names them.
    expect(mine.members).toEqual(
      expect.arrayContaining([
        { id: owner.id, name: owner.name, role: 'owner' },
        { id: compliance.id, name: compliance.name, role: 'compliance' },
      ]),
    );
    // The timeline of one applicant still reads as before, without the member list.
    const timeline = await list({ basic_id: '00000000-0000-4000-8000-000000000001' });
    expect(timeline.members).toBeUndefined();
  });

  it('filters by action, exactly', async () => {
    const signIns = await list({ action: 'staff.sign_in', from: '2026-06-01', to: '2026-07-31' });
    expect(signIns.total).toBe(1);
    expect(signIns.data[0]).toMatchObject({ actor_id: owner.id, action: 'staff.sign_in' });
    expect((await list({ action: 'staff.sign' })).total).toBe(0);
  });

  it('reads dates as UK days: a row just before midnight in BST is on its own day', async () => {
    const first = await list({ from: '2026-07-01', to: '2026-07-01' });
    expect(first.data.map((row) => row.action)).toEqual(['staff.sign_in']);
    // The UK way of writing it means the same day.
    expect((await list({ from: '01/07/2026', to: '01/07/2026' })).total).toBe(1);
    const second = await list({ from: '02/07/2026', to: '2026-07-02' });
    expect(second.data.map((row) => row.action)).toEqual(['kyc_file.approve']);
    const june = await list({ to: '2026-06-30' });
    expect(june.data.map((row) => row.action)).toContain('offer.accept');
    expect(june.data.map((row) => row.action)).not.toContain('staff.sign_in');
    // Inclusive at both ends, newest first, with filters combined.
    const summer = await list({ from: '2026-06-30', to: '2026-07-02' });
    expect(summer.data.map((row) => row.action)).toEqual([
      'kyc_file.approve',
      'staff.sign_in',
      'offer.accept',
    ]);
    expect((await list({ from: '2026-06-30', to: '2026-07-02', member: owner.id })).total).toBe(1);
  });

  it('answers bad filters with 400 and the spec-voice message, never 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ from: '31/02/2026' }, 'Please enter a valid from date'],
      [{ to: 'tomorrow' }, 'Please enter a valid to date'],
      [{ from: '2026-07-02', to: '2026-07-01' }, 'The from date must be on or before the to date'],
      [{ member: 'someone' }, 'Please choose a staff member'],
      [{ action: "x'; drop table audit_log" }, 'Please choose a valid action'],
      [{ action: 42 }, 'Please choose a valid action'],
    ];
    for (const [body, message] of cases) {
      for (const call of ['admin-audit-list', 'admin-audit-export']) {
        const res = await post(call, body, complianceToken);
        expect(res.statusCode, `${call} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.headers['content-disposition']).toBeUndefined();
        expect(res.body).toContain(message);
      }
    }
  });

  it('exports the filtered rows as a CSV in words: BOM, header, seconds and GMT/BST', async () => {
    const res = await post(
      'admin-audit-export',
      { from: '2026-06-30', to: '24/11/2026' },
      complianceToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-export-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe('ID,Time,Member,Role,Action,Target,Details');
    const rows = lines.slice(1).filter(Boolean);
    // Newest first; today's rows (sign-ins, this export) are after the 'to' day.
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(
      /^\d+,"?24 Nov 2026, 14:03:07 GMT"?,"'=HYPERLINK\(""http:\/\/x\.test"",""Click""\)",Compliance,Identity file viewed,Identity file file-2,Type: Selfie Photo$/,
    );
    expect(rows[1]).toContain('2 Jul 2026, 00:00:00 BST');
    expect(rows[1]).toContain(`${compliance.name},Compliance,Identity file approved`);
    expect(rows[1]).toContain('Status: Pending → Approved; Type: Government ID; Recorded: Notes');
    expect(rows[2]).toContain('1 Jul 2026, 23:59:59 BST');
    expect(rows[2]).toContain(`${owner.name},Owner,Signed in,Staff session tok-1`);
    expect(rows[2]).toContain('Expires: 2 Jul 2026, 07:59:59 BST');
    expect(rows[3]).toContain('30 Jun 2026, 23:59:59 BST');
    expect(rows[3]).toContain('Applicant,,Offer accepted');
    expect(rows[3]).toContain('Recorded: Signature name');
    // No raw keys anywhere in the file.
    expect(body).not.toMatch(/esign_name|terms_hash|kyc_file\.|staff\.sign_in|Esign/);
  });

  it('exports only what the filters keep, and audits the export without personal data', async () => {
    const res = await post(
      'admin-audit-export',
      { member: compliance.id, action: 'kyc_file.approve' },
      complianceToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.rawPayload.toString('utf8').split('\r\n').slice(1).filter(Boolean);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('Identity file approved');

    const exports = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'audit.export'))
      .orderBy(asc(auditLog.at), asc(auditLog.id));
    const last = exports.at(-1)!;
    expect(last).toMatchObject({
      actorType: 'staff',
      actorId: compliance.id,
      targetType: 'audit_log',
      after: {
        member: compliance.id,
        action_filter: 'kyc_file.approve',
        from: null,
        to_date: null,
      },
    });
    // The view shows it with its own label.
    const listed = await list({ action: 'audit.export' });
    expect(listed.total).toBe(exports.length);
  });

  it('pages one member or one action from either end, as the whole list has them', async () => {
    // Eleven more approvals by the compliance member, a minute apart.
    await t.ctx.db.insert(auditLog).values(
      Array.from({ length: 11 }, (_, i) => ({
        ...staffRow(compliance),
        at: new Date(Date.UTC(2026, 7, 3, 9, i)),
        action: 'kyc_file.approve',
        targetType: 'kyc_file',
        targetId: `file-page-${i}`,
      })),
    );
    for (const filter of [
      { member: compliance.id },
      { action: 'kyc_file.approve' },
      // Both at once (exact, from the counter), and dates (counted up to 200).
      { member: compliance.id, action: 'kyc_file.approve' },
      { from: '2026-06-30', to: '2026-08-03' },
    ]) {
      const all = await list({ ...filter, pageSize: 100 });
      expect(all.total).toBe(all.data.length);
      expect(all.total).toBeGreaterThanOrEqual(12);
      // Pages in the older half are walked from the oldest end: the same rows, in order.
      const pages = await Promise.all(
        Array.from({ length: Math.ceil(all.total / 5) }, (_, i) =>
          list({ ...filter, page: i + 1, pageSize: 5 }),
        ),
      );
      expect(pages.flatMap((page) => page.data.map((row) => row.id))).toEqual(
        all.data.map((row) => row.id),
      );
      expect(pages.every((page) => page.total === all.total)).toBe(true);
      expect(await list({ ...filter, page: 50, pageSize: 5 })).toMatchObject({
        data: [],
        total: all.total,
      });
    }
  });

  it('pages dates with more than 200 rows: "200+", the newest first, and the rest walked to', async () => {
    // 205 sign-ins on 4 August 2026, a second apart.
    await t.ctx.db.insert(auditLog).values(
      Array.from({ length: 205 }, (_, i) => ({
        ...staffRow(owner),
        at: new Date(Date.UTC(2026, 7, 4, 9, 0, i)),
        action: 'staff.sign_in',
        targetType: 'staff_token',
        targetId: `tok-many-${i}`,
      })),
    );
    const day = { from: '2026-08-04', to: '2026-08-04' };
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => list({ ...day, page, pageSize: 60 })),
    );
    for (const page of pages) expect(page).toMatchObject({ total: 200, total_capped: true });
    const ids = pages.flatMap((page) => page.data.map((row) => row.target_id));
    expect(ids).toEqual(Array.from({ length: 205 }, (_, i) => `tok-many-${204 - i}`));
  });

  it('is for owners and compliance: operations gets 403 on the list and the export', async () => {
    for (const call of ['admin-audit-list', 'admin-audit-export']) {
      const res = await post(call, {}, operationsToken);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect((await post(call, {}, ownerToken)).statusCode).toBe(200);
    }
  });
});
