import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantSessions, applications, auditLog, inviteCodes } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/crypto.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const INVALID = { ok: false, error: 'Invalid or expired invite code' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0', PUBLIC_URL: 'https://waj.example' });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

let serial = 0;
/** A fresh code as staff would issue it: upper case, from the unambiguous alphabet. */
async function insertCode(values: Partial<typeof inviteCodes.$inferInsert> = {}) {
  serial += 1;
  const code = values.code ?? `WAJ${String(serial).padStart(4, '0')}K7QX9M`;
  const [row] = await t.ctx.db
    .insert(inviteCodes)
    .values({ ...values, code })
    .returning();
  return row!;
}

async function codeRow(id: string) {
  const [row] = await t.ctx.db.select().from(inviteCodes).where(eq(inviteCodes.id, id));
  return row!;
}

async function insertApplication(values: Partial<typeof applications.$inferInsert>) {
  const [row] = await t.ctx.db
    .insert(applications)
    .values({ source: 'application', stage: 'basic', ...values })
    .returning();
  return row!;
}

async function application(id: string) {
  const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
  return row!;
}

describe('POST /api/validate-invite', () => {
  it('accepts an unused code whatever the case or surrounding spaces, without using it', async () => {
    const code = await insertCode();
    for (const typed of [code.code, `  ${code.code.toLowerCase()}  `, code.code.toLowerCase()]) {
      const res = await post('/api/validate-invite', { code: typed });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, valid: true });
    }
    expect((await codeRow(code.id)).usedAt).toBeNull();
  });

  it('accepts a staff-issued code typed without dashes, with spaces or with O/I/L look-alikes', async () => {
    await insertCode({ code: '7K3Q-M9XT-B210' });
    for (const typed of [
      '7k3qm9xtb210',
      ' 7K3Q M9XT B210 ',
      '7K3Q-M9XT-BZ1O'.replace('Z', '2'),
      '7k3q-m9xt-b2lo',
    ]) {
      const res = await post('/api/validate-invite', { code: typed });
      expect(res.statusCode, typed).toBe(200);
    }
    const wrong = await post('/api/validate-invite', { code: '7K3Q-M9XT-B211' });
    expect(wrong.statusCode).toBe(404);
  });

  it('answers unknown, used and expired codes with the same 404', async () => {
    const used = await insertCode({ usedAt: new Date() });
    const expired = await insertCode({ expiresAt: new Date(Date.now() - 1000) });
    for (const code of ['NOSUCHCODE', used.code, expired.code]) {
      const res = await post('/api/validate-invite', { code });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(INVALID);
    }
  });

  it('accepts a code whose expiry is still ahead', async () => {
    const code = await insertCode({ expiresAt: new Date(Date.now() + 60_000) });
    expect((await post('/api/validate-invite', { code: code.code })).statusCode).toBe(200);
  });

  it("asks for a code when it is blank (SPEC §5 'Please enter an invite code')", async () => {
    for (const payload of [{ code: '   ' }, {}]) {
      const res = await post('/api/validate-invite', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        ok: false,
        error: 'Please enter an invite code',
        details: { code: 'Please enter an invite code' },
      });
    }
  });
});

describe('POST /api/apply-verify-code', () => {
  it('redeems a code once: a new application at code_verified, a session and both cookies', async () => {
    const code = await insertCode({ issuedTo: 'New.Member@Example.com' });
    const res = await post('/api/apply-verify-code', { code: ` ${code.code.toLowerCase()} ` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      ok: true,
      basic_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      stage: 'code_verified',
    });

    const created = await application(body.basic_id);
    expect(created).toMatchObject({
      source: 'invite',
      stage: 'code_verified',
      email: 'New.Member@Example.com',
      fullName: null,
    });
    const used = await codeRow(code.id);
    expect(used.usedAt).toBeInstanceOf(Date);
    expect(used.usedByApplicationId).toBe(body.basic_id);

    // Only the token's hash is stored, and it expires in 7 days.
    const [session] = await t.ctx.db
      .select()
      .from(applicantSessions)
      .where(eq(applicantSessions.applicationId, body.basic_id));
    expect(session!.tokenHash).toBe(hashToken(body.token));
    const days = (session!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(cookies.apply_session).toMatchObject({
      value: body.basic_id,
      path: '/',
      sameSite: 'Lax',
    });
    expect(cookies.apply_session!.httpOnly).toBeFalsy();
    expect(cookies.waj_session).toMatchObject({
      value: body.token,
      path: '/',
      sameSite: 'Lax',
      httpOnly: true,
    });

    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invite_code.redeem'), eq(auditLog.targetId, code.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorType: 'applicant', applicationId: body.basic_id });

    // The token opens the applicant's calls, from the header or from the cookie alone.
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/apply-status',
      headers: { 'x-session-token': body.token },
    });
    expect(status.json()).toEqual({ ok: true, stage: 'code_verified' });
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/apply-status',
      cookies: { waj_session: body.token },
    });
    expect(byCookie.statusCode).toBe(200);

    // Used now: the same 404 as an unknown code, and nothing more is created.
    const again = await post('/api/apply-verify-code', { code: code.code });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(INVALID);
    expect(again.cookies).toHaveLength(0);
    expect((await post('/api/validate-invite', { code: code.code })).statusCode).toBe(404);
  });

  it('refuses expired, used and unknown codes and changes nothing', async () => {
    const expired = await insertCode({ expiresAt: new Date(Date.now() - 1000) });
    const used = await insertCode({ usedAt: new Date(Date.now() - 60_000) });
    const [before] = await t.ctx.db.select({ n: count() }).from(applications);
    for (const code of [expired.code, used.code, 'UNKNOWN0000']) {
      const res = await post('/api/apply-verify-code', { code });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(INVALID);
      expect(res.cookies).toHaveLength(0);
    }
    const [after] = await t.ctx.db.select({ n: count() }).from(applications);
    expect(after!.n).toBe(before!.n);
    expect((await codeRow(expired.id)).usedAt).toBeNull();
    expect((await codeRow(used.id)).usedByApplicationId).toBeNull();
  });

  it('continues the application a code was issued for, moving it from invited to code_verified', async () => {
    const invited = await insertApplication({
      fullName: 'Grace Hopper',
      email: 'grace@example.com',
      stage: 'invited',
    });
    const code = await insertCode({
      issuedTo: 'grace@example.com',
      issuedApplicationId: invited.id,
    });
    const res = await post('/api/apply-verify-code', { code: code.code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ basic_id: invited.id, stage: 'code_verified' });
    expect(await application(invited.id)).toMatchObject({
      stage: 'code_verified',
      fullName: 'Grace Hopper',
      source: 'application',
    });
    expect((await codeRow(code.id)).usedByApplicationId).toBe(invited.id);
    const moves = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.applicationId, invited.id), eq(auditLog.action, 'application.verify_code')),
      );
    expect(moves).toHaveLength(1);
    expect(moves[0]!.before).toEqual({ stage: 'invited' });
  });

  it("binds a code issued to an e-mail to that e-mail's waiting application, case-insensitively", async () => {
    const waiting = await insertApplication({ fullName: 'Ada', email: 'Ada.L@Example.com' });
    const code = await insertCode({ issuedTo: 'ada.l@example.COM' });
    const res = await post('/api/apply-verify-code', { code: code.code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ basic_id: waiting.id, stage: 'code_verified' });
    expect((await application(waiting.id)).stage).toBe('code_verified');
  });

  it('resumes, without moving, an issued-for application that has already moved on', async () => {
    const ahead = await insertApplication({ email: 'ahead@example.com', stage: 'kyc' });
    const code = await insertCode({ issuedApplicationId: ahead.id });
    const res = await post('/api/apply-verify-code', { code: code.code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ basic_id: ahead.id, stage: 'kyc' });
    expect((await application(ahead.id)).stage).toBe('kyc');
  });

  it('redeems a code exactly once under 100 concurrent attempts', async () => {
    const code = await insertCode({ issuedTo: 'race@example.com' });
    const typed = [code.code, code.code.toLowerCase(), ` ${code.code} `];
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post('/api/apply-verify-code', { code: typed[i % typed.length] }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(99);

    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect((await codeRow(code.id)).usedByApplicationId).toBe(winner.basic_id);
    const created = await t.ctx.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.email, 'race@example.com'));
    expect(created.map((r) => r.id)).toEqual([winner.basic_id]);
    const [sessions] = await t.ctx.db
      .select({ n: count() })
      .from(applicantSessions)
      .where(eq(applicantSessions.applicationId, winner.basic_id));
    expect(sessions!.n).toBe(1);
    const [redeems] = await t.ctx.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invite_code.redeem'), eq(auditLog.targetId, code.id)));
    expect(redeems!.n).toBe(1);
  });
});
