import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffTokens } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/crypto.ts';
import type { SessionListRow } from '#shared/schemas/staff.ts';
import {
  SESSION_IDLE_MESSAGE,
  STAFF_ACTIVITY_STEP_MS,
  STAFF_BACKGROUND_HEADER,
} from '#shared/staff.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { changeStaffAccess, seedStaffMember, seedStaffToken } from '../helpers/staff-seed.ts';

/**
 * Staff sessions end after 30 minutes without a call (besides the 8-hour cap), on the server:
 * the panel's warning is a courtesy, the refusal is here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;

async function freshToken(): Promise<string> {
  const member = await seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, { role: 'operations' });
  return seedStaffToken(t.ctx.db, member.id);
}

function me(token: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin-me',
    payload: {},
    headers: { 'x-admin-pass': token, ...headers },
  });
}

/** Sets what the server recorded of the token (last activity moved back, expiry). */
async function setToken(token: string, values: { lastActiveAt?: Date; expiresAt?: Date }) {
  await changeStaffAccess(t.ctx.events, () =>
    t.ctx.db
      .update(staffTokens)
      .set(values)
      .where(eq(staffTokens.tokenHash, hashToken(token))),
  );
}

const ago = (ms: number) => new Date(Date.now() - ms);

async function lastActiveAt(token: string): Promise<number> {
  const [row] = await t.ctx.db
    .select({ at: staffTokens.lastActiveAt })
    .from(staffTokens)
    .where(eq(staffTokens.tokenHash, hashToken(token)));
  return row!.at.getTime();
}

describe('staff idle timeout', () => {
  it('refuses a token idle for 31 minutes with the idle message, and keeps refusing it', async () => {
    const token = await freshToken();
    expect((await me(token)).statusCode).toBe(200);
    await setToken(token, { lastActiveAt: ago(31 * MINUTE) });
    const before = await lastActiveAt(token);

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ ok: false, error: SESSION_IDLE_MESSAGE });
    }
    // A refused call records no activity: the session does not come back to life.
    expect(await lastActiveAt(token)).toBe(before);
    // Nor does any other staff call bring it back.
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/admin-session-list',
      payload: {},
      headers: { 'x-admin-pass': token },
    });
    expect(list.statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('keeps a token used within 30 minutes working and moves its activity forward', async () => {
    const token = await freshToken();
    await setToken(token, { lastActiveAt: ago(29 * MINUTE) });
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    const touched = await lastActiveAt(token);
    expect(Date.now() - touched).toBeLessThan(MINUTE);

    // 29 minutes later by the record, still fine: the window counts from the last call.
    await setToken(token, { lastActiveAt: ago(29 * MINUTE) });
    expect((await me(token)).statusCode).toBe(200);
    expect(Date.now() - (await lastActiveAt(token))).toBeLessThan(MINUTE);
  });

  it('records activity at most once a minute, not on every call', async () => {
    const token = await freshToken();
    // Recorded 20 s ago: calls now are within the minute and write nothing.
    const recent = ago(20_000);
    await setToken(token, { lastActiveAt: recent });
    for (let call = 0; call < 3; call += 1) expect((await me(token)).statusCode).toBe(200);
    expect(await lastActiveAt(token)).toBe(recent.getTime());

    // Past the minute, the next call records it.
    await setToken(token, { lastActiveAt: ago(STAFF_ACTIVITY_STEP_MS + 5_000) });
    expect((await me(token)).statusCode).toBe(200);
    expect(Date.now() - (await lastActiveAt(token))).toBeLessThan(10_000);
  });

  it('a background call is checked but keeps no session alive', async () => {
    const token = await freshToken();
    const old = ago(20 * MINUTE);
    await setToken(token, { lastActiveAt: old });
    expect((await me(token, { [STAFF_BACKGROUND_HEADER]: '1' })).statusCode).toBe(200);
    expect(await lastActiveAt(token)).toBe(old.getTime());

    await setToken(token, { lastActiveAt: ago(31 * MINUTE) });
    expect((await me(token, { [STAFF_BACKGROUND_HEADER]: '1' })).statusCode).toBe(401);
  });

  it('the 8-hour cap still holds for a token in constant use', async () => {
    const token = await freshToken();
    await setToken(token, { lastActiveAt: new Date(), expiresAt: ago(1_000) });
    const res = await me(token);
    expect(res.statusCode).toBe(401);
  });

  it("'Your sessions' shows each session's last activity and leaves idle ones out", async () => {
    const member = await seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, { role: 'compliance' });
    const current = await seedStaffToken(t.ctx.db, member.id);
    const recent = await seedStaffToken(t.ctx.db, member.id);
    const idle = await seedStaffToken(t.ctx.db, member.id);
    const recentAt = ago(5 * MINUTE);
    await setToken(recent, { lastActiveAt: recentAt });
    await setToken(idle, { lastActiveAt: ago(31 * MINUTE) });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin-session-list',
      payload: {},
      headers: { 'x-admin-pass': current },
    });
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as { data: SessionListRow[] }).data;
    expect(rows).toHaveLength(2);
    const other = rows.find((row) => !row.current)!;
    expect(Date.parse(other.last_active_at)).toBe(recentAt.getTime());
  });

  it("the legal editor's calls, with the token as a bearer header, count as activity", async () => {
    const owner = await seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, { role: 'owner' });
    const token = await seedStaffToken(t.ctx.db, owner.id);
    await setToken(token, { lastActiveAt: ago(20 * MINUTE) });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/admin-legal-update',
      payload: { slug: 'privacy', title: 'Privacy', html: '<p>Changed</p>' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(Date.now() - (await lastActiveAt(token))).toBeLessThan(MINUTE);

    await setToken(token, { lastActiveAt: ago(20 * MINUTE) });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/one-time-legal-update',
      headers: { 'x-admin-pass': token },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(Date.now() - (await lastActiveAt(token))).toBeLessThan(MINUTE);
  });
});
