import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, siteSettings } from '#server/db/schema.ts';
import { publishEvent } from '#server/events.ts';
import { openEventStream } from '../helpers/sse.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let base: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  token = await t.staffToken();
});
afterAll(async () => {
  await t?.close();
});

const toggle = (payload: unknown, headers: Record<string, string>) =>
  fetch(`${base}/api/admin-maintenance-toggle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });

const maintenance = async () => {
  const res = await fetch(`${base}/api/site-settings/maintenance_mode`);
  return ((await res.json()) as { value: unknown }).value;
};

const toggleAudits = () =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, 'maintenance_mode'))
    .orderBy(asc(auditLog.id));

/** Opens `GET /api/events`. */
const openStream = () => openEventStream(`${base}/api/events`);

describe('POST /api/admin-maintenance-toggle', () => {
  it('refuses anyone without a live staff token and changes nothing', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { 'x-admin-pass': 'wrong' },
      { authorization: 'Bearer wrong' },
    ];
    for (const headers of attempts) {
      const res = await toggle({ enabled: true }, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ ok: false, error: 'Not authenticated' });
    }
    expect(await maintenance()).toEqual({ enabled: false });
    expect(await toggleAudits()).toHaveLength(0);
  });

  it('refuses anything but a boolean', async () => {
    for (const payload of [{}, { enabled: 'true' }, { enabled: 1 }, { enabled: null }]) {
      const res = await toggle(payload, { 'x-admin-pass': token });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(await res.json()).toEqual({
        ok: false,
        error: 'Enabled must be true or false',
        details: { enabled: 'Enabled must be true or false' },
      });
    }
    expect(await maintenance()).toEqual({ enabled: false });
  });

  it('switches maintenance on and off, audited, and every open page hears it live', async () => {
    const stream = await openStream();
    try {
      expect(await stream.next()).toBe('retry: 5000');

      const on = await toggle({ enabled: true }, { 'x-admin-pass': token });
      expect(on.status).toBe(200);
      expect(await on.json()).toEqual({ ok: true, success: true, enabled: true });
      expect(await stream.next()).toBe(
        'event: site-setting\ndata: {"type":"site-setting","key":"maintenance_mode","value":{"enabled":true}}',
      );
      expect(await maintenance()).toEqual({ enabled: true });

      const off = await toggle({ enabled: false }, { authorization: `Bearer ${token}` });
      expect(await off.json()).toEqual({ ok: true, success: true, enabled: false });
      expect(await stream.next()).toBe(
        'event: site-setting\ndata: {"type":"site-setting","key":"maintenance_mode","value":{"enabled":false}}',
      );
      expect(await maintenance()).toEqual({ enabled: false });
    } finally {
      stream.close();
    }

    const audits = await toggleAudits();
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      actorType: 'staff',
      action: 'site_setting.update',
      targetType: 'site_setting',
      before: { enabled: false },
      after: { enabled: true },
    });
    expect(audits[1]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });

    const [row] = await t.ctx.db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, 'maintenance_mode'));
    expect(row!.value).toEqual({ enabled: false });
  });
});

describe('GET /api/site-settings/:key, kept for a moment', () => {
  it('shows a toggle at once on the instance that made it, and a change heard from another', async () => {
    expect(await maintenance()).toEqual({ enabled: false });
    // Read again: answered from memory now, yet the toggle shows straight after its answer.
    expect(await maintenance()).toEqual({ enabled: false });
    expect((await toggle({ enabled: true }, { 'x-admin-pass': token })).status).toBe(200);
    expect(await maintenance()).toEqual({ enabled: true });

    // Another instance's change arrives as an event (NOTIFY): the kept answer is dropped.
    await t.ctx.db.transaction(async (tx) => {
      await tx
        .update(siteSettings)
        .set({ value: { enabled: false } })
        .where(eq(siteSettings.key, 'maintenance_mode'));
      await publishEvent(tx, {
        type: 'site-setting',
        key: 'maintenance_mode',
        value: { enabled: false },
      });
    });
    await expect.poll(maintenance, { timeout: 900, interval: 20 }).toEqual({ enabled: false });
  });
});
