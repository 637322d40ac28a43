import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStaffRoute, OTHER_STAFF_ROUTES, routeTable } from '#server/app.ts';
import { NOT_AUTHENTICATED } from '#server/auth/staff.ts';
import { staffTokens } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/crypto.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { fingerprint } from '../helpers/fingerprint.ts';
import {
  seedStaffCallTargets,
  staffCallRequest,
  UPLOAD_HEADERS,
} from '../helpers/staff-requests.ts';

/**
 * Every staff route, found in the server's own route table (so a route added later is covered
 * without touching this file), refuses a caller without a live staff token with the contract's
 * 401, whatever the form of the token, and changes nothing at all: not a row, not a file.
 */

let t: TestApp;
let seeded: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  // Hundreds of calls from one address: rate limits would answer 429 before the guard.
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  seeded = await seed();
});
afterAll(async () => {
  await t?.close();
});

/** The shared targets, and a token that has expired and one revoked through sign-out. */
async function seed() {
  const targets = await seedStaffCallTargets(t, 'Guard');
  const expired = await t.staffToken();
  await t.ctx.db
    .update(staffTokens)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(staffTokens.tokenHash, hashToken(expired)));
  const revoked = await t.staffToken();
  const signout = await t.app.inject({
    method: 'POST',
    url: '/api/admin-signout',
    headers: { 'x-admin-pass': revoked },
  });
  expect(signout.statusCode, signout.body).toBe(200);
  return { ...targets, expired, revoked };
}

const validRequest = (path: string) => staffCallRequest(seeded, path);
const UPLOAD = UPLOAD_HEADERS;

/** Method and path of every staff route in the running server's route table (GET's HEAD too). */
function staffRoutes(): { method: string; path: string }[] {
  return routeTable(t.app)
    .filter(({ url }) => isStaffRoute(url))
    .flatMap(({ method, url: path }) =>
      method === 'GET'
        ? [
            { method, path },
            { method: 'HEAD', path },
          ]
        : [{ method, path }],
    );
}

/** A fingerprint of every table's rows and of every stored file. */
const everything = () => fingerprint(t.ctx.db, t.env.DATA_DIR);

describe('the staff guard', () => {
  it('covers the staff routes the panel needs, including those outside /api/admin-', () => {
    const paths = new Set(staffRoutes().map((route) => route.path));
    // Written out, not read from app.ts: the guard's own list must not be trusted blindly.
    for (const path of [
      '/api/one-time-legal-update',
      '/api/admin-applicant-list',
      '/api/admin-audit-list',
      '/api/admin-kyc-file/:id',
      '/api/admin-signout',
    ]) {
      expect(paths, path).toContain(path);
    }
    for (const path of OTHER_STAFF_ROUTES) expect(paths, `${path} is registered`).toContain(path);
    // The steps of signing in are open: they are how a token is got.
    for (const open of [
      'admin-auth',
      'admin-auth-verify',
      'admin-mfa-enroll',
      'admin-staff-join',
    ]) {
      expect(paths).not.toContain(`/api/${open}`);
    }
  });

  it('answers 401 to no, a wrong, an expired or a revoked token, and changes nothing', async () => {
    const before = await everything();
    // Each dead token in both accepted forms.
    const credentials: [string, Record<string, string>][] = [
      ['no token', {}],
      ['empty x-admin-pass', { 'x-admin-pass': '' }],
      ['wrong x-admin-pass', { 'x-admin-pass': 'not-a-staff-token' }],
      ['wrong bearer', { authorization: 'Bearer not-a-staff-token' }],
      ['bearer without token', { authorization: 'Bearer ' }],
      ['expired x-admin-pass', { 'x-admin-pass': seeded.expired }],
      ['expired bearer', { authorization: `Bearer ${seeded.expired}` }],
      ['revoked x-admin-pass', { 'x-admin-pass': seeded.revoked }],
      ['revoked bearer', { authorization: `Bearer ${seeded.revoked}` }],
      ['token hash instead of token', { 'x-admin-pass': hashToken(seeded.revoked) }],
    ];
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, path } of routes) {
      const request = await validRequest(path);
      for (const [label, headers] of credentials) {
        const res = await t.app.inject({
          method: method as 'POST',
          url: request.url,
          headers: {
            ...headers,
            ...(request.contentType ? { 'content-type': request.contentType, ...UPLOAD } : {}),
          },
          ...(method === 'GET' || method === 'HEAD' ? {} : { payload: request.payload ?? {} }),
        });
        const what = `${method} ${path} with ${label}`;
        expect(res.statusCode, what).toBe(401);
        expect(res.headers['cache-control'], what).toBe('no-store');
        if (method !== 'HEAD') {
          expect(res.json(), what).toEqual({ ok: false, error: NOT_AUTHENTICATED });
        }
      }
    }
    expect(await everything()).toEqual(before);
  });

  it('accepts each of those same calls with a live token (they are well formed)', async () => {
    const token = await t.staffToken();
    const before = await everything();
    const answers: Record<string, number> = {};
    for (const { method, path } of staffRoutes()) {
      if (method === 'HEAD') continue;
      const request = await validRequest(path);
      const res = await t.app.inject({
        method: method as 'POST',
        url: request.url,
        headers: {
          // Signing out ends the token (and revoking all, every session of that member): they get
          // their own, of another member for the latter; the rest still needs one.
          'x-admin-pass':
            path === '/api/admin-signout'
              ? await t.staffToken()
              : path === '/api/admin-session-revoke'
                ? await t.staffToken('compliance')
                : token,
          ...(request.contentType ? { 'content-type': request.contentType, ...UPLOAD } : {}),
        },
        ...(method === 'GET' ? {} : { payload: request.payload ?? {} }),
      });
      answers[`${method} ${path}`] = res.statusCode;
    }
    expect(Object.entries(answers).filter(([, status]) => status >= 300)).toEqual([]);
    // The fingerprint the guard test compares does see changes: these calls made some.
    expect(await everything()).not.toEqual(before);
  });
});
