import { randomUUID } from 'node:crypto';
import { createServer, connect } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * With REDIS_URL, instances count rate limits together (CONTRACT §7), and a Redis that is not
 * there never takes the site down. Needs a Redis (the machine's, on 127.0.0.1:6379 unless
 * REDIS_URL says otherwise); skipped with the reason printed when there is none.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A loopback port nothing listens on: a Redis that is down. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const redisUp = await reachable(REDIS_URL);
if (!redisUp) {
  process.stdout.write(`rate-limits-redis: skipped, no Redis reachable at ${REDIS_URL}\n`);
}

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

const guess = (t: TestApp, i: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/validate-invite',
    payload: { code: `GUESS${i}` },
    remoteAddress: '198.51.100.60',
  });

describe.skipIf(!redisUp)('rate limits shared through Redis', () => {
  it('counts one limit across two instances: 10 code attempts in total, not 20', async () => {
    // A prefix of this run's own, so parallel or earlier runs never share its counters.
    const prefix = `waj-test-${randomUUID()}:`;
    const a = await createTestApp({ REDIS_URL }, { rateLimitKeyPrefix: prefix });
    apps.push(a);
    const b = await createTestApp({ REDIS_URL }, { rateLimitKeyPrefix: prefix });
    apps.push(b);

    for (let i = 0; i < 10; i++) {
      const res = await guess(i % 2 ? b : a, i);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(404);
    }
    for (const t of [a, b]) {
      const res = await guess(t, 10);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        ok: false,
        error: 'Too many attempts. Please wait a minute and try again.',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }

    // The count really lives in Redis, under the route's key, with the window as its expiry.
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.some((key) => key.includes('/api/validate-invite'))).toBe(true);
      const key = keys.find((k) => k.includes('/api/validate-invite'))!;
      expect(Number(await redis.get(key))).toBe(12);
      expect(await redis.pttl(key)).toBeGreaterThan(0);
      expect(await redis.pttl(key)).toBeLessThanOrEqual(60_000);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
});

describe('a Redis that is down', () => {
  it('never takes the site down: limits are counted in process, and one warning is logged', async () => {
    const logLines: string[] = [];
    const t = await createTestApp(
      { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` },
      { logLines },
    );
    apps.push(t);

    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      const res = await guess(t, i);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(404);
    }
    // A guesser still meets the limit, counted by this instance alone.
    expect((await guess(t, 10)).statusCode).toBe(429);

    // ioredis keeps retrying in the background; the outage is still one warning, not one a try
    // or one a request.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const entries = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    const redisLines = entries.filter((entry) => /redis/i.test(entry.msg));
    expect(redisLines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'rate limits: Redis unreachable, counting in this process until it is back',
      }),
    ]);
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
  });
});
