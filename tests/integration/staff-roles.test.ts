import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callNameOf,
  isStaffRoute,
  routeProblems,
  routeTable,
  UPLOAD_ROUTES,
  type RouteEntry,
} from '#server/app.ts';
import { STAFF_CALLS } from '#shared/calls.ts';
import { NO_PERMISSION, STAFF_ROLES, type StaffRole } from '#shared/staff.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { fingerprint } from '../helpers/fingerprint.ts';
import {
  seedStaffCallTargets,
  staffCallRequest,
  UPLOAD_HEADERS,
  type StaffCallTargets,
  type StaffRequest,
} from '../helpers/staff-requests.ts';

/**
 * Roles (CONTRACT §5), driven by the server's own route table and STAFF_CALLS: every staff
 * route declares who may call it, and each role, calling every staff route with a well-formed
 * request, gets through exactly where the table says and is refused everywhere else with 403
 * and the contract's words, having changed nothing at all.
 */

let t: TestApp;
let seeded: StaffCallTargets;
beforeAll(async () => {
  // Hundreds of calls from one address: the rate limits are not what is tested here.
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  seeded = await seedStaffCallTargets(t, 'Roles');
});
afterAll(async () => {
  await t?.close();
});

function send(route: RouteEntry, request: StaffRequest, token: string) {
  return t.app.inject({
    method: route.method as 'POST',
    url: request.url,
    headers: {
      ...(request.contentType ? { 'content-type': request.contentType, ...UPLOAD_HEADERS } : {}),
      'x-admin-pass': token,
    },
    ...(route.method === 'GET' ? {} : { payload: request.payload ?? {} }),
  });
}

const wellFormed = (url: string) => staffCallRequest(seeded, url);

const staffRoutes = () => routeTable(t.app).filter((route) => isStaffRoute(route.url));

const mayCall = (role: StaffRole, url: string) =>
  (STAFF_CALLS[callNameOf(url) as keyof typeof STAFF_CALLS] as readonly StaffRole[]).includes(role);

/** The staff routes among `urls` whose call declares no role at all. */
function routesWithoutRoles(urls: readonly string[]): string[] {
  return urls.filter((url) => {
    if (!isStaffRoute(url)) return false;
    const name = callNameOf(url);
    if (!Object.hasOwn(STAFF_CALLS, name)) return true;
    return STAFF_CALLS[name as keyof typeof STAFF_CALLS].length === 0;
  });
}

/**
 * CONTRACT §5's table written out call by call, not read from STAFF_CALLS: the guard's own
 * table must not be trusted blindly. The owner may do everything.
 */
const CONTRACT: Record<string, readonly Exclude<StaffRole, 'owner'>[]> = {
  'admin-me': ['compliance', 'operations', 'mlro'],
  'admin-signout': ['compliance', 'operations', 'mlro'],
  'admin-session-list': ['compliance', 'operations', 'mlro'],
  'admin-session-revoke': ['compliance', 'operations', 'mlro'],
  // Applicants: both teams and the MLRO read; operations resend links and invite; compliance
  // overrides the tier.
  'admin-applicant-list': ['compliance', 'operations', 'mlro'],
  'admin-applicant-resend-link': ['operations'],
  'admin-applicant-invite': ['operations'],
  'admin-applicant-override-tier': ['compliance'],
  'admin-audit-list': ['compliance', 'mlro'],
  'admin-audit-export': ['compliance', 'mlro'],
  // The case screen and taking a case: both teams work cases.
  'admin-applicant-case': ['compliance', 'operations', 'mlro'],
  'admin-case-assign': ['compliance', 'operations'],
  'admin-case-note-add': ['compliance', 'operations'],
  // Data protection (CONTRACT §6): compliance.
  'admin-applicant-decline': ['compliance'],
  'admin-applicant-export': ['compliance'],
  'admin-applicant-erase': ['compliance'],
  'admin-applicant-erase-approve': ['compliance'],
  'admin-data-protection': ['compliance'],
  // KYC review, file views, screening and offers: compliance.
  'admin-kyc-list': ['compliance'],
  'admin-kyc-action': ['compliance'],
  'admin-kyc-file': ['compliance'],
  'admin-sanctions-clear': ['compliance'],
  'admin-screening-lists': ['compliance', 'mlro'],
  'admin-screening-list-upload': ['compliance'],
  'admin-screening-search': ['compliance', 'mlro'],
  'admin-screening-alert-list': ['compliance', 'mlro'],
  'admin-screening-alert-confirm': ['compliance', 'mlro'],
  'admin-screening-alert-clear': ['compliance', 'mlro'],
  'admin-screening-alert-clear-approve': ['compliance', 'mlro'],
  'admin-identity-approve': ['compliance'],
  'admin-offer-list': ['compliance'],
  'admin-offer-issue': ['compliance'],
  // Case work (CONTRACT §9): compliance escalates, the MLRO decides; one approvals queue
  // (each kind's own roles are checked by the decision); reports for compliance and the MLRO.
  'admin-case-escalate': ['compliance'],
  'admin-case-mlro-decide': ['mlro'],
  'admin-escalation-list': ['mlro'],
  'admin-approval-list': ['compliance', 'mlro'],
  'admin-approval-decide': ['compliance', 'mlro'],
  'admin-case-assign-bulk': ['compliance'],
  'admin-staff-directory': ['compliance'],
  'admin-service-levels': ['compliance', 'operations', 'mlro'],
  'admin-report': ['compliance', 'mlro'],
  // Final approvals: owners only.
  'admin-offer-approve': [],
  // EOI, contact, activations, invites, assets (and their mail): operations.
  'admin-eoi-list': ['operations'],
  'admin-eoi-update': ['operations'],
  'admin-contact-list': ['operations'],
  'admin-contact-update': ['operations'],
  'admin-bulk-update': ['operations'],
  'admin-export-csv': ['operations'],
  'admin-activation-list': ['operations'],
  'admin-activation': ['operations'],
  'admin-invite-generate': ['operations'],
  'admin-invite-list': ['operations'],
  'admin-asset-list': ['operations'],
  'admin-asset-upload': ['operations'],
  'admin-asset-delete': ['operations'],
  'admin-email-test': ['operations'],
  'admin-email-failed-list': ['operations'],
  'admin-email-retry': ['operations'],
  // Maintenance, invite mode, legal copy and staff management: owners only.
  'admin-maintenance-toggle': [],
  'admin-invite-toggle': [],
  'admin-legal-update': [],
  'one-time-legal-update': [],
  'admin-staff-list': [],
  'admin-staff-invite': [],
  'admin-staff-update': [],
  'admin-staff-reset-mfa': [],
};

describe('the role table', () => {
  it('gives every staff route in the route table its roles, and the check catches one without', () => {
    const urls = routeTable(t.app).map((route) => route.url);
    const staff = urls.filter(isStaffRoute);
    expect(staff.length).toBeGreaterThan(35);
    expect(routesWithoutRoles(urls)).toEqual([]);
    expect(routeProblems(routeTable(t.app), new Set(staff))).toEqual([]);
    // The start-up check fails for an API route that is no call of the registry, so no staff
    // route can go without its roles, and for a staff call outside the guard's scope.
    const madeUp = { method: 'POST', url: '/api/admin-made-up-call' };
    expect(routeProblems([...routeTable(t.app), madeUp], new Set(staff))).toEqual([
      'route /api/admin-made-up-call is not a call of the registry (src/shared/calls.ts)',
    ]);
    const outside = new Set(staff.filter((url) => url !== '/api/admin-me'));
    expect(routeProblems(routeTable(t.app), outside)).toEqual([
      'staff route /api/admin-me is outside the staff guard',
    ]);
    // No role entry is left over from a route that no longer exists.
    const names = new Set(staff.map(callNameOf));
    expect(Object.keys(STAFF_CALLS).filter((name) => !names.has(name))).toEqual([]);
    // The sign-in steps are open routes, outside the guard.
    for (const name of [
      'admin-auth',
      'admin-auth-verify',
      'admin-mfa-enroll',
      'admin-staff-join',
    ]) {
      expect(urls).toContain(`/api/${name}`);
      expect(isStaffRoute(`/api/${name}`)).toBe(false);
    }
  });

  it('says what CONTRACT §5 says: the owner everything, the others their own work', () => {
    const table = Object.fromEntries(
      Object.entries(STAFF_CALLS).map(([name, roles]) => [
        name,
        [...roles].filter((role) => role !== 'owner').sort(),
      ]),
    );
    expect(table).toEqual(
      Object.fromEntries(
        Object.entries(CONTRACT).map(([name, roles]) => [name, [...roles].sort()]),
      ),
    );
    for (const [name, roles] of Object.entries(STAFF_CALLS)) {
      expect(roles, name).toContain('owner');
    }
  });
});

describe.each(STAFF_ROLES.map((role) => [role]))('a member of role %s', (role: StaffRole) => {
  it('is refused every staff call it may not make with 403, and nothing changes', async () => {
    const token = await t.staffToken(role);
    const refused = staffRoutes().filter((route) => !mayCall(role, route.url));
    if (role === 'owner') expect(refused).toEqual([]);
    else expect(refused.length).toBeGreaterThan(5);
    for (const route of refused) {
      const request = await wellFormed(route.url);
      const before = await fingerprint(t.ctx.db, t.env.DATA_DIR);
      const res = await send(route, request, token);
      const what = `${role}: ${route.method} ${route.url}`;
      expect(res.statusCode, what).toBe(403);
      expect(res.json(), what).toEqual({ ok: false, error: NO_PERMISSION });
      // The role is checked before the body is read: a malformed body gets the same answer.
      // (An upload without its multipart body is refused earlier, as from another site.)
      if (route.method !== 'GET' && !UPLOAD_ROUTES.has(route.url)) {
        const empty = await t.app.inject({
          method: route.method as 'POST',
          url: request.url,
          headers: { 'x-admin-pass': token },
          payload: { junk: true },
        });
        expect(empty.statusCode, `${what} (malformed)`).toBe(403);
        expect(empty.json()).toEqual({ ok: false, error: NO_PERMISSION });
      }
      expect(await fingerprint(t.ctx.db, t.env.DATA_DIR), what).toEqual(before);
    }
    // The token is still good: a refusal does not sign anyone out.
    const me = await send(
      { method: 'POST', url: '/api/admin-me' },
      { url: '/api/admin-me' },
      token,
    );
    expect(me.json().staff).toMatchObject({ role });
  });

  it('gets past the guard on every staff call it may make', async () => {
    const allowed = staffRoutes().filter((route) => mayCall(role, route.url));
    expect(allowed.length).toBeGreaterThan(5);
    const answers: Record<string, number> = {};
    for (const route of allowed) {
      const request = await wellFormed(route.url);
      // A fresh session for each call: sign-out and revoking all sessions end theirs.
      const res = await send(route, request, await t.staffToken(role));
      answers[`${route.method} ${route.url}`] = res.statusCode;
    }
    // Not refused (401/403), not malformed (400), not broken (5xx). Earlier calls may have
    // used up what a later one acts on (404, 409): that answer is past the guard too.
    const wrong = Object.entries(answers).filter(
      ([, status]) => [400, 401, 403].includes(status) || status >= 500,
    );
    expect(wrong).toEqual([]);
  });
});
