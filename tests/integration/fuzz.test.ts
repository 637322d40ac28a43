import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '#server/app.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { fuzzApp, problemsWith, type FuzzRequest } from '../helpers/fuzz.ts';

/** At least 2,000 in CI; `FUZZ_RUNS` asks for more (the benchmark sends tens of thousands). */
const RUNS = Math.max(2000, Number(process.env.FUZZ_RUNS ?? 0));

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  // No rate limits: the point is to reach every handler, not to be told to wait.
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' }, { logLines });
});
afterAll(async () => {
  await t?.close();
});

describe('every bad input gets a clear answer', () => {
  it(`${RUNS} generated requests over every route: no 5xx, no leaks, no error logged`, async () => {
    const routes = routeTable(t.app);
    // The table really is the app's: the upload routes and the staff routes are in it.
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/apply-kyc-upload', '/api/admin-asset-upload', '/healthz']),
    );
    const result = await fuzzApp(t, RUNS);
    expect(result.requests).toBe(RUNS);
    expect(result.failures.slice(0, 15)).toEqual([]);

    // Bad input is never an error-level event (pino: 50 error, 60 fatal).
    const errors = logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors.slice(0, 5)).toEqual([]);

    const health = await t.app.inject('/healthz');
    expect(health.statusCode).toBe(200);
  }, 240_000);

  it('takes a page answered 503 with Retry-After while maintenance is on as meant, not a failure', async () => {
    // The fuzzer's own staff calls may switch maintenance on; pages then answer 503 (decision 042).
    const owner = await t.staffToken('owner');
    const toggle = (enabled: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin-maintenance-toggle',
        payload: { enabled },
        headers: { 'x-admin-pass': owner },
      });
    const request = (url: string): FuzzRequest => ({
      route: { method: 'GET', url },
      auth: 'none',
      options: { method: 'GET', url },
    });
    const answer = (res: Awaited<ReturnType<typeof t.app.inject>>) => ({
      statusCode: res.statusCode,
      contentType: String(res.headers['content-type'] ?? ''),
      body: res.body,
      retryAfter: String(res.headers['retry-after']),
    });
    expect((await toggle(true)).statusCode).toBe(200);
    try {
      const page = await t.app.inject('/contact');
      expect(page.statusCode).toBe(503);
      expect(problemsWith(request('/contact'), answer(page))).toEqual([]);
      // An API call answering 503 is still a failure.
      expect(
        problemsWith(request('/api/site-settings/invite_mode'), { ...answer(page), body: '{}' }),
      ).toContain('answered 503');
    } finally {
      expect((await toggle(false)).statusCode).toBe(200);
    }
  });
});
