import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { markShuttingDown } from '#server/routes/health.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** `GET /readyz`: whether a load balancer should send this instance traffic (CONTRACT §7). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /readyz', () => {
  it('answers 200 once the app is built: database reachable, migrations done', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while the database does not answer, and 200 again once it does', async () => {
    const execute = vi
      .spyOn(t.ctx.db, 'execute')
      .mockRejectedValueOnce(Object.assign(new Error('gone'), { code: 'ECONNREFUSED' }));
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ok: false, error: 'Not ready' });
    execute.mockRestore();
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('answers 503 once a shutdown has begun, while /healthz still answers 200', async () => {
    const other = await createTestApp();
    try {
      markShuttingDown(other.app);
      const res = await other.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false, error: 'Not ready' });
      // Still alive and serving what is in flight: only new traffic should go elsewhere.
      expect((await other.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('is not ready from the moment close() is called', async () => {
    const other = await createTestApp();
    // A slow request in flight holds the shutdown open, as a real one would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    other.app.get('/api/test-slow', async () => {
      entered();
      await held;
      return { ok: true };
    });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const address = other.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const inFlight = fetch(`${base}/api/test-slow`);
    await inside;
    const closing = other.close();
    try {
      // The flag is set by close() itself, before Fastify's own closing state refuses requests.
      const res = await other.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false, error: 'Not ready' });
    } finally {
      release();
      expect((await inFlight).status).toBe(200);
      await closing;
    }
  });
});
