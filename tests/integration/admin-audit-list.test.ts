import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRow } from '#shared/schemas/admin-lists.ts';
import { routeTable } from '#server/app.ts';
import { auditLog } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/crypto.ts';
import { createTestApp, TEST_PASSPHRASE, type TestApp } from '../helpers/app.ts';

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

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers });
const staff = (url: string, payload: object) => post(url, payload, { 'x-admin-pass': token });

async function auditList(body: Record<string, unknown>) {
  const res = await staff('admin-audit-list', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ok: true; data: AuditRow[]; total: number };
}

/** An application from the public form, as an applicant sends it. */
async function apply(name: string): Promise<string> {
  const res = await post('apply-basic', {
    full_name: name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    phone: null,
    reason: null,
    website: '',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().basic_id as string;
}

describe('admin-audit-list', () => {
  it("reads one applicant's timeline newest first: who, what, before and after", async () => {
    const ada = await apply('Ada Lovelace');
    const grace = await apply('Grace Hopper');
    for (const tier of ['noir', 'titan']) {
      const res = await staff('admin-applicant-override-tier', {
        basic_id: ada,
        tier,
        reason: 'Agreed at the credit committee',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await staff('admin-applicant-override-tier', {
      basic_id: grace,
      tier: 'monarch',
      reason: 'Agreed at the credit committee',
    });

    const timeline = await auditList({ basic_id: ada });
    expect(timeline.total).toBe(3);
    expect(timeline.data.map((row) => row.action)).toEqual([
      'application.override_tier',
      'application.override_tier',
      'application.create',
    ]);
    expect(timeline.data.every((row) => row.application_id === ada)).toBe(true);
    const [latest, earlier, created] = timeline.data;
    const owner = await t.staffMember('owner');
    expect(latest).toMatchObject({
      actor_type: 'staff',
      actor_id: staffId,
      // The row names the person, with the e-mail and role they had when acting.
      actor_name: owner.name,
      actor_email: owner.email,
      actor_role: 'owner',
      target_type: 'application',
      target_id: ada,
      before: { tier_assigned: 'noir' },
      after: { tier_assigned: 'titan' },
    });
    expect(earlier).toMatchObject({
      before: { tier_assigned: null },
      after: { tier_assigned: 'noir' },
    });
    expect(created).toMatchObject({ actor_type: 'applicant', actor_id: ada });
    expect(Date.parse(latest!.at)).toBeGreaterThanOrEqual(Date.parse(created!.at));

    const other = await auditList({ basic_id: grace });
    expect(other.data.map((row) => row.action)).toEqual([
      'application.override_tier',
      'application.create',
    ]);
  });

  it('pages through the whole log, newest first, with its total', async () => {
    const [{ n }] = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)) as [
      { n: number },
    ];
    const all = await auditList({ pageSize: 100 });
    expect(all.total).toBe(n);
    // The first owner's creation at start-up, by the system, opens the log.
    expect(all.data.map((row) => row.action)).toContain('staff.create_owner');
    const ids = all.data.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const second = await auditList({ page: 2, pageSize: 2 });
    expect(second.total).toBe(n);
    expect(second.data.map((row) => row.id)).toEqual(ids.slice(2, 4));
    // Every page, those in the older half read from the oldest end, in the same order.
    const pages = await Promise.all(
      Array.from({ length: Math.ceil(n / 3) }, (_, i) => auditList({ page: i + 1, pageSize: 3 })),
    );
    expect(pages.flatMap((page) => page.data.map((row) => row.id))).toEqual(ids);
    expect(await auditList({ page: 1000 })).toMatchObject({ ok: true, data: [], total: n });
    // The panel's "all" filter value means the whole log too.
    expect((await auditList({ basic_id: 'all', pageSize: 100 })).total).toBe(n);
  });

  it('answers an unknown applicant with an empty timeline and a bad id with 400', async () => {
    expect(await auditList({ basic_id: '00000000-0000-4000-8000-000000000000' })).toEqual({
      ok: true,
      case: null,
      data: [],
      total: 0,
    });
    for (const [body, field, message] of [
      [{ basic_id: 'not-an-id' }, 'basic_id', 'Invalid application id'],
      [{ pageSize: 500 }, 'pageSize', 'Page size must be between 1 and 100'],
    ] as const) {
      const res = await staff('admin-audit-list', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ok: false, error: message, details: { [field]: message } });
    }
  });

  it('never shows a secret: no passphrase, token, token hash or invitation code', async () => {
    const generated = await staff('admin-invite-generate', { count: 1, issued_to: null });
    const code = generated.json().codes[0] as string;
    const redeemed = await post('apply-verify-code', { code });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const session = redeemed.json().token as string;
    const other = await t.staffToken();
    await post('admin-signout', {}, { 'x-admin-pass': other });
    await post('admin-auth', { passphrase: 'wrong passphrase' });

    const everything = JSON.stringify((await auditList({ pageSize: 100 })).data);
    expect(everything).toContain('invite_code.redeem');
    expect(everything).toContain('staff.sign_out');
    for (const secret of [
      TEST_PASSPHRASE,
      'wrong passphrase',
      token,
      hashToken(token),
      other,
      hashToken(other),
      session,
      hashToken(session),
      code,
    ]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('is read only: no call edits the log and the database refuses to', async () => {
    const auditRoutes = routeTable(t.app)
      .map(({ url }) => url)
      .filter((url) => url.startsWith('/api/') && url.includes('audit'));
    expect(new Set(auditRoutes)).toEqual(
      new Set(['/api/admin-audit-list', '/api/admin-audit-export']),
    );
    const before = await t.ctx.db.select().from(auditLog);
    await expect(
      t.ctx.db.execute(sql`update audit_log set action = 'rewritten'`),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await t.ctx.db.select().from(auditLog)).toEqual(before);
  });
});
