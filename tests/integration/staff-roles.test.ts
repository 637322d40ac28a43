import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callNameOf,
  isStaffRoute,
  routeTable,
  UPLOAD_ROUTES,
  type RouteEntry,
} from '../../src/server/app.ts';
import {
  applicationDetails,
  applications,
  cardAssets,
  contactMessages,
  eoiRequests,
  identityChecks,
  inviteCodes,
  kycFiles,
} from '../../src/server/db/schema.ts';
import {
  NO_PERMISSION,
  STAFF_CALLS,
  STAFF_ROLES,
  STAFF_SIGN_IN_CALLS,
  type StaffRole,
} from '../../src/shared/staff.ts';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { fingerprint } from '../helpers/fingerprint.ts';
import { seedStaffMember } from '../helpers/staff-seed.ts';

/**
 * Roles (CONTRACT §5), driven by the server's own route table and STAFF_CALLS: every staff
 * route declares who may call it, and each role, calling every staff route with a well-formed
 * request, gets through exactly where the table says and is refused everywhere else with 403
 * and the contract's words, having changed nothing at all.
 */

let t: TestApp;
let seeded: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  // Hundreds of calls from one address: the rate limits are not what is tested here.
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  seeded = await seed();
});
afterAll(async () => {
  await t?.close();
});

/** Something for every staff call to act on, so a call the guard let through would show. */
async function seed() {
  const db = t.ctx.db;
  const application = async (stage: 'basic' | 'kyc' | 'accepted', name: string) => {
    const [row] = await db
      .insert(applications)
      .values({
        source: 'application',
        stage,
        fullName: `Roles ${name}`,
        email: `roles.${name}@example.com`,
        emailVerifiedAt: stage === 'basic' ? null : new Date(),
        tierAccepted: stage === 'accepted' ? 'noir' : null,
      })
      .returning({ id: applications.id });
    return row!.id;
  };
  const basic = await application('basic', 'basic');
  const kyc = await application('kyc', 'kyc');
  const accepted = await application('accepted', 'accepted');
  const sanctioned = await application('kyc', 'sanctioned');
  for (const id of [kyc, sanctioned]) {
    await db.insert(applicationDetails).values({
      applicationId: id,
      annualIncome: 80_000,
      employmentStatus: 'employed',
      pepExposed: false,
    });
  }
  await db.insert(identityChecks).values({
    applicationId: sanctioned,
    provider: 'veriff',
    status: 'approved',
    decision: 'approved',
    sanctions: true,
  });
  await db.insert(inviteCodes).values({ code: 'ROLE-0000-0001' });
  const [eoi] = await db
    .insert(eoiRequests)
    .values({ fullName: 'Roles Eoi', email: 'roles.eoi@example.com' })
    .returning({ id: eoiRequests.id });
  const [contact] = await db
    .insert(contactMessages)
    .values({ name: 'Roles Contact', email: 'roles.contact@example.com', message: 'Hello' })
    .returning({ id: contactMessages.id });

  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#c9a227' } })
    .png()
    .toBuffer();
  const assetKey = `card-assets/${randomUUID()}.png`;
  await t.ctx.storage.put(assetKey, png, { contentType: 'image/png' });
  const [asset] = await db
    .insert(cardAssets)
    .values({
      tier: 'noir',
      storageKey: assetKey,
      fileName: 'noir.png',
      fileSize: png.length,
      contentType: 'image/png',
    })
    .returning({ id: cardAssets.id });
  const fileKey = `kyc/${randomUUID()}.png`;
  await t.ctx.storage.put(fileKey, png, { contentType: 'image/png' });
  const [file] = await db
    .insert(kycFiles)
    .values({
      applicationId: kyc,
      type: 'document',
      storageKey: fileKey,
      contentType: 'image/png',
      fileSize: png.length,
      sha256: createHash('sha256').update(png).digest('hex'),
    })
    .returning({ id: kycFiles.id });
  // The member staff management acts on: never one of the callers.
  const target = await seedStaffMember(db, t.ctx.secrets.mfaKey, { role: 'operations' });
  return {
    basic,
    kyc,
    accepted,
    sanctioned,
    eoi: eoi!.id,
    contact: contact!.id,
    asset: asset!.id,
    file: file!.id,
    target: target.id,
    png,
  };
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>, file: Buffer) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'card.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

type StaffRequest = { url: string; payload?: Buffer | object; headers: Record<string, string> };

/**
 * A well-formed request for each staff call, so an answer is the guard's and not a validation
 * error in disguise (allowed calls are checked not to answer 400). A staff route missing here
 * fails the test below until one is added.
 */
async function wellFormed(url: string): Promise<StaffRequest> {
  const s = seeded;
  const bodies: Record<string, () => object> = {
    'admin-me': () => ({}),
    'admin-signout': () => ({}),
    'admin-session-list': () => ({}),
    'admin-session-revoke': () => ({ all: true }),
    'admin-activation': () => ({
      basic_id: s.accepted,
      card_last4: '4242',
      mobile_access_enabled: true,
    }),
    'admin-activation-list': () => ({}),
    'admin-applicant-invite': () => ({ basic_id: s.basic }),
    'admin-applicant-list': () => ({ page: 1, pageSize: 20, stage: 'kyc', query: 'roles' }),
    'admin-applicant-override-tier': () => ({ basic_id: s.kyc, tier: 'titan' }),
    'admin-applicant-resend-link': () => ({ basic_id: s.kyc }),
    'admin-asset-delete': () => ({ id: s.asset }),
    'admin-asset-list': () => ({}),
    'admin-audit-list': () => ({ basic_id: s.kyc, page: 1, pageSize: 50 }),
    'admin-bulk-update': () => ({ ids: [s.eoi], status: 'archived', table: 'eoi_requests' }),
    'admin-contact-list': () => ({ page: 1, pageSize: 10, status: 'new', query: 'roles' }),
    'admin-contact-update': () => ({ id: s.contact, status: 'reviewed' }),
    'admin-email-failed-list': () => ({ page: 1, pageSize: 20 }),
    'admin-email-retry': () => ({ all: true }),
    'admin-email-test': () => ({ kind: 'contact', name: 'Roles Test', email: 'qa@example.com' }),
    'admin-eoi-list': () => ({ page: 1, pageSize: 10, status: 'new', query: 'roles' }),
    'admin-eoi-update': () => ({ id: s.eoi, status: 'reviewed' }),
    'admin-export-csv': () => ({ table: 'eoi_requests', status: 'new', query: '' }),
    'admin-invite-generate': () => ({ count: 2, issued_to: 'guest@example.com' }),
    'admin-invite-list': () => ({}),
    'admin-invite-toggle': () => ({ enabled: false }),
    'admin-kyc-action': () => ({ file_id: s.file, action: 'approve', notes: 'Looks right' }),
    'admin-kyc-list': () => ({ status: 'pending' }),
    'admin-legal-update': () => ({ slug: 'privacy', title: 'Privacy', html: '<p>Changed</p>' }),
    'admin-maintenance-toggle': () => ({ enabled: false }),
    'admin-offer-list': () => ({}),
    'admin-offer-issue': () => ({ basic_id: s.kyc, tier: 'noir', pricing_note: 'Intro' }),
    'admin-offer-approve': () => ({ basic_id: s.kyc }),
    'admin-sanctions-clear': () => ({
      basic_id: s.sanctioned,
      reason: 'A different person: date of birth and nationality differ',
    }),
    'admin-staff-list': () => ({}),
    'admin-staff-invite': () => ({
      email: `invitee-${randomUUID()}@staff.test`,
      name: 'Ivo Invitee',
      role: 'operations',
    }),
    'admin-staff-update': () => ({ id: s.target, role: 'compliance' }),
    'admin-staff-reset-mfa': () => ({ id: s.target }),
    'one-time-legal-update': () => ({}),
  };
  const name = callNameOf(url);
  if (url === '/api/admin-asset-upload') {
    const body = await multipart({ tier: 'titan' }, s.png);
    return {
      url,
      payload: body.payload,
      headers: { 'content-type': body.contentType, 'x-requested-with': 'waj' },
    };
  }
  if (url === '/api/admin-kyc-file/:id')
    return { url: `/api/admin-kyc-file/${s.file}`, headers: {} };
  const body = bodies[name];
  if (!body) throw new Error(`no well-formed request for ${url}: add one to wellFormed()`);
  return { url: url.replace(/:\w+/g, randomUUID()), payload: body(), headers: {} };
}

function send(route: RouteEntry, request: StaffRequest, token: string) {
  return t.app.inject({
    method: route.method as 'POST',
    url: request.url,
    headers: { ...request.headers, 'x-admin-pass': token },
    ...(route.method === 'GET' ? {} : { payload: request.payload ?? {} }),
  });
}

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
const CONTRACT: Record<string, readonly ('compliance' | 'operations')[]> = {
  'admin-me': ['compliance', 'operations'],
  'admin-signout': ['compliance', 'operations'],
  'admin-session-list': ['compliance', 'operations'],
  'admin-session-revoke': ['compliance', 'operations'],
  // Applicants: both read; operations resend links and invite; compliance overrides the tier.
  'admin-applicant-list': ['compliance', 'operations'],
  'admin-applicant-resend-link': ['operations'],
  'admin-applicant-invite': ['operations'],
  'admin-applicant-override-tier': ['compliance'],
  'admin-audit-list': ['compliance'],
  // KYC review, file views, screening and offers: compliance.
  'admin-kyc-list': ['compliance'],
  'admin-kyc-action': ['compliance'],
  'admin-kyc-file': ['compliance'],
  'admin-sanctions-clear': ['compliance'],
  'admin-offer-list': ['compliance'],
  'admin-offer-issue': ['compliance'],
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
    // The same check fails for a staff route that declares no roles.
    expect(routesWithoutRoles([...urls, '/api/admin-made-up-call'])).toEqual([
      '/api/admin-made-up-call',
    ]);
    // No role entry is left over from a route that no longer exists.
    const names = new Set(staff.map(callNameOf));
    expect(Object.keys(STAFF_CALLS).filter((name) => !names.has(name))).toEqual([]);
    // The sign-in steps are open routes, outside the guard.
    for (const name of STAFF_SIGN_IN_CALLS) {
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
      { url: '/api/admin-me', headers: {} },
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
