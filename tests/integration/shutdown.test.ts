import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.ts';

describe('graceful shutdown', () => {
  it('finishes a request in flight before it closes', async () => {
    const t = await createTestApp();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // A route that stays busy until the test lets it go, standing in for any slow call.
    t.app.get('/api/test-slow', async () => {
      entered();
      await held;
      return { ok: true, finished: true };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const inFlight = fetch(`${base}/api/test-slow`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await inside;
    let closed = false;
    const closing = t.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false);

    release();
    expect(await inFlight).toEqual({ status: 200, body: { ok: true, finished: true } });
    await closing;
    expect(closed).toBe(true);
  });
});
