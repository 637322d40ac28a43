import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStaffRoute, OTHER_STAFF_ROUTES } from '../../src/server/app.ts';
import { NOT_AUTHENTICATED } from '../../src/server/auth/staff.ts';
import {
  applicationDetails,
  applications,
  cardAssets,
  contactMessages,
  eoiRequests,
  identityChecks,
  inviteCodes,
  kycFiles,
  offers,
  staffTokens,
} from '../../src/server/db/schema.ts';
import { hashToken } from '../../src/server/lib/crypto.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { fingerprint } from '../helpers/fingerprint.ts';

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

/** Something for each staff call to act on, so a guard that let a call through would show. */
async function seed() {
  const db = t.ctx.db;
  const application = async (stage: 'basic' | 'kyc' | 'accepted') => {
    const [row] = await db
      .insert(applications)
      .values({
        source: 'application',
        stage,
        fullName: `Guard ${stage}`,
        email: `guard.${stage}@example.com`,
        tierAccepted: stage === 'accepted' ? 'noir' : null,
      })
      .returning({ id: applications.id });
    return row!.id;
  };
  const basic = await application('basic');
  const kyc = await application('kyc');
  const accepted = await application('accepted');
  // Four eyes: an offer to a PEP issued by compliance, awaiting an owner; and a sanctions match.
  const pep = await application('kyc');
  const compliance = await t.staffMember('compliance');
  await db.insert(offers).values({
    applicationId: pep,
    tier: 'titan',
    issuedBy: compliance.id,
    approvalStatus: 'pending_approval',
  });
  const sanctioned = await application('kyc');
  await db.insert(identityChecks).values({
    applicationId: sanctioned,
    provider: 'veriff',
    providerSessionId: randomUUID(),
    status: 'approved',
    decision: 'approved',
    sanctions: true,
  });
  await db.insert(applicationDetails).values({
    applicationId: kyc,
    annualIncome: 80_000,
    employmentStatus: 'employed',
    pepExposed: false,
  });
  await db.insert(inviteCodes).values({ code: 'GARD-0000-0001' });
  const [eoi] = await db
    .insert(eoiRequests)
    .values({ fullName: 'Guard Eoi', email: 'eoi@example.com' })
    .returning({ id: eoiRequests.id });
  const [contact] = await db
    .insert(contactMessages)
    .values({ name: 'Guard Contact', email: 'contact@example.com', message: 'Hello' })
    .returning({ id: contactMessages.id });

  const png = await sharp({
    create: { width: 2, height: 2, channels: 3, background: '#c9a227' },
  })
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

  // A token that has expired and one that was revoked through sign-out: real tokens, dead.
  const expired = await t.staffToken();
  await db
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

  return {
    basic,
    kyc,
    accepted,
    eoi: eoi!.id,
    contact: contact!.id,
    asset: asset!.id,
    file: file!.id,
    png,
    expired,
    revoked,
    pep,
    sanctioned,
    member: (await t.staffMember('operations')).id,
  };
}

/** The header the product's client sends with every upload. */
const UPLOAD = { 'x-requested-with': 'waj' };

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

type StaffCall = { url: string; payload?: Buffer | object; contentType?: string };

/**
 * A valid call for each staff route, so a 401 is the guard's and not a validation error in
 * disguise (the last test proves each is accepted with a live token). Routes without an entry
 * get an empty JSON body and make that last test fail until one is added here.
 */
async function validRequest(path: string): Promise<StaffCall> {
  const s = seeded;
  const bodies: Record<string, object> = {
    '/api/admin-activation': {
      basic_id: s.accepted,
      card_last4: '4242',
      mobile_access_enabled: true,
    },
    '/api/admin-applicant-invite': { basic_id: s.basic },
    '/api/admin-applicant-list': { page: 1, pageSize: 20, stage: 'kyc', query: 'guard' },
    '/api/admin-applicant-override-tier': { basic_id: s.kyc, tier: 'titan' },
    '/api/admin-applicant-resend-link': { basic_id: s.kyc },
    '/api/admin-asset-delete': { id: s.asset },
    '/api/admin-asset-list': {},
    '/api/admin-audit-list': { basic_id: s.kyc, page: 1, pageSize: 50 },
    '/api/admin-bulk-update': { ids: [s.eoi], status: 'archived', table: 'eoi_requests' },
    '/api/admin-contact-list': { page: 1, pageSize: 10, status: 'new', query: 'guard' },
    '/api/admin-contact-update': { id: s.contact, status: 'reviewed' },
    '/api/admin-email-failed-list': { page: 1, pageSize: 20 },
    '/api/admin-email-retry': { all: true },
    '/api/admin-email-test': { kind: 'contact', name: 'Guard Test', email: 'qa@example.com' },
    '/api/admin-eoi-list': { page: 1, pageSize: 10, status: 'new', query: 'guard' },
    '/api/admin-eoi-update': { id: s.eoi, status: 'reviewed' },
    '/api/admin-export-csv': { table: 'eoi_requests', status: 'new', query: '' },
    '/api/admin-invite-generate': { count: 5, issued_to: 'guest@example.com' },
    '/api/admin-invite-list': {},
    '/api/admin-invite-toggle': { enabled: false },
    '/api/admin-kyc-action': { file_id: s.file, action: 'approve', notes: 'Looks right' },
    '/api/admin-kyc-list': { status: 'pending' },
    '/api/admin-legal-update': { slug: 'privacy', title: 'Privacy', html: '<p>Changed</p>' },
    '/api/admin-maintenance-toggle': { enabled: true },
    '/api/admin-offer-issue': { basic_id: s.kyc, tier: 'noir', pricing_note: 'Intro pricing' },
    '/api/admin-offer-list': {},
    '/api/admin-signout': {},
    '/api/admin-me': {},
    '/api/admin-session-list': {},
    '/api/admin-session-revoke': { all: true },
    '/api/admin-staff-list': {},
    '/api/admin-staff-invite': {
      email: 'new.member@staff.test',
      name: 'New Member',
      role: 'operations',
    },
    '/api/admin-staff-update': { id: s.member, role: 'compliance' },
    '/api/admin-staff-reset-mfa': { id: s.member },
    '/api/admin-offer-approve': { basic_id: s.pep },
    '/api/admin-sanctions-clear': {
      basic_id: s.sanctioned,
      reason: 'Different date of birth and nationality.',
    },
    '/api/one-time-legal-update': {},
  };
  if (path === '/api/admin-asset-upload') {
    const body = await multipart({ tier: 'titan' }, s.png);
    return { url: path, payload: body.payload, contentType: body.contentType };
  }
  if (path === '/api/admin-kyc-file/:id') return { url: `/api/admin-kyc-file/${s.file}` };
  // Any other parameter gets a well-formed id.
  const url = path.replace(/:\w+/g, randomUUID());
  return { url, payload: bodies[path] ?? {} };
}

/** Method and path of every staff route in the running server's route table. */
function staffRoutes(): { method: string; path: string }[] {
  const table = t.app.printRoutes({ commonPrefix: false });
  return [...table.matchAll(/(\/[^\s(]*) \(([^)]+)\)/g)]
    .filter(([, path]) => isStaffRoute(path))
    .flatMap(([, path, methods]) =>
      methods!.split(', ').map((method) => ({ method: method.trim(), path: path! })),
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
