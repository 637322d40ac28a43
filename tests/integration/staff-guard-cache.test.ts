import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembers, staffTokens } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/crypto.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { changeStaffAccess, seedStaffMember, seedStaffToken } from '../helpers/staff-seed.ts';

/**
 * The staff guard keeps its answer for a token (decision 067), so a change made anywhere else,
 * by another instance, the staff CLI or an operator, must still hold from the moment it is
 * heard: migration 0023 announces it on the live-events channel.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
});
afterAll(async () => {
  await t?.close();
});

function call(name: string, token: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/${name}`,
    payload: {},
    headers: { 'x-admin-pass': token },
  });
}

async function member(role: 'owner' | 'operations') {
  const seeded = await seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, { role });
  return { ...seeded, token: await seedStaffToken(t.ctx.db, seeded.id) };
}

/** A member changed straight in the database, once the app has heard of it. */
function setMember(id: string, values: { role?: 'operations'; status?: 'disabled' }) {
  return changeStaffAccess(t.ctx.events, () =>
    t.ctx.db.update(staffMembers).set(values).where(eq(staffMembers.id, id)),
  );
}

describe('what the staff guard keeps', () => {
  it('refuses a token revoked outside this instance once the change is heard', async () => {
    const { token } = await member('operations');
    expect((await call('admin-me', token)).statusCode).toBe(200);
    await changeStaffAccess(t.ctx.events, () =>
      t.ctx.db
        .update(staffTokens)
        .set({ revokedAt: new Date() })
        .where(eq(staffTokens.tokenHash, hashToken(token))),
    );
    const res = await call('admin-me', token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, error: 'Not authenticated' });
  });

  it('applies a role or status changed outside this instance to the next call', async () => {
    const owner = await member('owner');
    expect((await call('admin-staff-list', owner.token)).statusCode).toBe(200);
    expect((await call('admin-me', owner.token)).json()).toMatchObject({
      staff: { role: 'owner' },
    });

    await setMember(owner.id, { role: 'operations' });
    expect((await call('admin-staff-list', owner.token)).statusCode).toBe(403);
    expect((await call('admin-me', owner.token)).json()).toMatchObject({
      staff: { role: 'operations' },
    });

    await setMember(owner.id, { status: 'disabled' });
    expect((await call('admin-me', owner.token)).statusCode).toBe(401);
  });

  it('ends the sessions of a member disabled through this instance before it answers', async () => {
    const ops = await member('operations');
    const owner = await member('owner');
    expect((await call('admin-me', ops.token)).statusCode).toBe(200);
    // No event awaited: the instance that made the change forgot what it kept at once.
    const disabled = await t.app.inject({
      method: 'POST',
      url: '/api/admin-staff-update',
      payload: { id: ops.id, status: 'disabled' },
      headers: { 'x-admin-pass': owner.token },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await call('admin-me', ops.token)).statusCode).toBe(401);
  });
});
