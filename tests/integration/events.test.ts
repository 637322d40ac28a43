import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApplicantSession } from '#server/auth/applicant.ts';
import { applications } from '#server/db/schema.ts';
import { publishEvent } from '#server/events.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openEventStream } from '../helpers/sse.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await t?.close();
});

const openStream = (path = '/api/events', headers: Record<string, string> = {}) =>
  openEventStream(`${base}${path}`, headers);

describe('GET /api/events', () => {
  it('pushes public changes once committed, and nothing rolled back or private', async () => {
    const stream = await openStream();
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      // The stream leaves Fastify's reply, but not the headers every API answer carries.
      expect(stream.res.headers.get('content-security-policy')).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(stream.res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(stream.res.headers.get('cache-control')).toBe('no-store');
      expect(stream.res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(await stream.next()).toBe('retry: 5000');

      // Rolled back: never sent.
      await t.ctx.db
        .transaction(async (tx) => {
          await publishEvent(tx, {
            type: 'site-setting',
            key: 'invite_mode',
            value: { enabled: false },
          });
          throw new Error('rollback');
        })
        .catch(() => {});
      // Private: an applicant's stage never goes to the public stream.
      await publishEvent(t.ctx.db, { type: 'stage', applicationId: 'x', stage: 'kyc' });
      await t.ctx.db.transaction(async (tx) => {
        await publishEvent(tx, {
          type: 'site-setting',
          key: 'maintenance_mode',
          value: { enabled: true },
        });
      });

      const message = await stream.next();
      expect(message).toBe(
        'event: site-setting\ndata: {"type":"site-setting","key":"maintenance_mode","value":{"enabled":true}}',
      );
      expect(await stream.next(300)).toBeNull();
    } finally {
      stream.close();
    }
  });

  it('does not hold up a shutdown', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const address = other.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const res = await fetch(`http://127.0.0.1:${port}/api/events`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    // An open stream holding the shutdown would hang here until the test's timeout fails it.
    await other.close();
    // And the client sees its stream end, so it reconnects elsewhere instead of waiting.
    let ended = false;
    while (!ended) ended = (await reader.read()).done;
    expect(ended).toBe(true);
  });
});

describe('GET /api/apply-events', () => {
  async function newApplicant() {
    return t.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(applications)
        .values({ source: 'invite', stage: 'code_verified' })
        .returning({ id: applications.id });
      return createApplicantSession(tx, row!.id);
    });
  }

  it('needs an applicant session', async () => {
    const res = await fetch(`${base}/api/apply-events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ ok: false, error: 'No authentication token found' });
  });

  it("streams only the applicant's own stage changes", async () => {
    const me = await newApplicant();
    const other = await newApplicant();
    const stream = await openStream('/api/apply-events', { 'x-session-token': me.token });
    try {
      expect(stream.res.status).toBe(200);
      expect(await stream.next()).toBe('retry: 5000');
      await publishEvent(t.ctx.db, {
        type: 'stage',
        applicationId: other.applicationId,
        stage: 'kyc',
      });
      await publishEvent(t.ctx.db, { type: 'site-setting', key: 'invite_mode', value: {} });
      await publishEvent(t.ctx.db, {
        type: 'stage',
        applicationId: me.applicationId,
        stage: 'detailed',
      });
      expect(await stream.next()).toBe(
        `event: stage\ndata: {"type":"stage","applicationId":"${me.applicationId}","stage":"detailed"}`,
      );
      expect(await stream.next(300)).toBeNull();
    } finally {
      stream.close();
    }
  });
});

describe('live streams cannot exhaust the server', () => {
  // A hundredth of every limit: one stream per address, twenty in all.
  let capped: TestApp;
  let cappedBase: string;
  beforeAll(async () => {
    capped = await createTestApp({ RATE_LIMIT_SCALE: '0.01', TRUST_PROXY: '127.0.0.1' });
    await capped.app.listen({ port: 0, host: '127.0.0.1' });
    const address = capped.app.server.address();
    cappedBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await capped?.close();
  });

  const from = (ip: string) =>
    openEventStream(`${cappedBase}/api/events`, { 'x-forwarded-for': ip });

  it('caps streams per address, and gives the slot back when one closes', async () => {
    const first = await from('203.0.113.1');
    expect(first.res.status).toBe(200);
    const second = await fetch(`${cappedBase}/api/events`, {
      headers: { 'x-forwarded-for': '203.0.113.1' },
    });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('30');
    expect(await second.json()).toEqual({
      ok: false,
      error: 'Too many live connections from your network. Please close some tabs and try again.',
    });
    // Another address is not affected.
    const neighbour = await from('203.0.113.2');
    expect(neighbour.res.status).toBe(200);
    neighbour.close();

    first.close();
    await vi.waitFor(async () => {
      const again = await from('203.0.113.1');
      again.close();
      expect(again.res.status).toBe(200);
    });
  });

  it('caps streams in total', async () => {
    const streams = await Promise.all(
      Array.from({ length: 20 }, (_, i) => from(`198.51.100.${i + 1}`)),
    );
    try {
      expect(streams.map((s) => s.res.status)).toEqual(Array(20).fill(200));
      const over = await fetch(`${cappedBase}/api/events`, {
        headers: { 'x-forwarded-for': '198.51.100.99' },
      });
      expect(over.status).toBe(429);
      await over.body?.cancel();
    } finally {
      for (const s of streams) s.close();
    }
  });
});
