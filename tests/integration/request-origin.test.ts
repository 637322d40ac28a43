import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicantSession } from '#server/auth/applicant.ts';
import { applicationDetails, applications, kycFiles } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * Requests from other sites. The applicant's session is a SameSite=Lax cookie, which browsers
 * still send from any page of the same site (another port, a taken-over subdomain). Such a
 * page used to move an applicant on with an auto-submitted text/plain form and replace their
 * ID document with a no-cors multipart fetch; now only our own pages can change anything.
 */

const PUBLIC = 'https://waj.example';
const FOREIGN = { ok: false, error: 'This request was not sent from the Waj website.' };
const UNSUPPORTED = { ok: false, error: 'Unsupported content type.' };
/** What Chromium sends with a request from our own pages. */
const OWN = { origin: PUBLIC, 'sec-fetch-site': 'same-origin' };
/** What it sends from a page of the same site but another origin. */
const SAME_SITE = { origin: 'https://promo.waj.example', 'sec-fetch-site': 'same-site' };
const UPLOAD = { 'x-requested-with': 'waj' };

let t: TestApp;
let staff: string;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0', PUBLIC_URL: PUBLIC });
  staff = await t.staffToken();
  photo = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 80, b: 70 } },
  })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
});

/** An applicant at `detailed` and the cookie a browser holds for them. */
async function applicant() {
  return t.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        fullName: 'Amelia Hart',
        email: `amelia.${Math.random().toString(36).slice(2)}@example.com`,
        source: 'invite',
        stage: 'detailed',
      })
      .returning({ id: applications.id });
    await tx.insert(applicationDetails).values({
      applicationId: row!.id,
      annualIncome: 250_000,
      employmentStatus: 'employed',
      pepExposed: false,
      cardTierPref: 'noir',
    });
    const session = await createApplicantSession(tx, row!.id);
    return { id: row!.id, cookie: `waj_session=${session.token}` };
  });
}

async function stageOf(id: string) {
  const [row] = await t.ctx.db
    .select({ stage: applications.stage })
    .from(applications)
    .where(eq(applications.id, id));
  return row!.stage;
}

async function filesOf(id: string) {
  return t.ctx.db.select({ id: kycFiles.id }).from(kycFiles).where(eq(kycFiles.applicationId, id));
}

async function form(type: string) {
  const body = new FormData();
  body.append('type', type);
  body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'id.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

async function upload(cookie: string, type: string, headers: Record<string, string>) {
  const body = await form(type);
  return t.app.inject({
    method: 'POST',
    url: '/api/apply-kyc-upload',
    headers: { cookie, 'content-type': body.contentType, ...headers },
    payload: body.payload,
  });
}

const start = (cookie: string, headers: Record<string, string>, payload?: string | object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/apply-kyc-start',
    headers: { cookie, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

/** An applicant who uploaded both photos from our own pages: ready to start verification. */
async function readyToStart() {
  const a = await applicant();
  for (const type of ['document', 'selfie']) {
    const res = await upload(a.cookie, type, { ...OWN, ...UPLOAD });
    expect(res.statusCode, res.body).toBe(200);
  }
  return a;
}

describe('our own pages', () => {
  it('upload and start verification with the cookie, as the web app sends them', async () => {
    const a = await readyToStart();
    expect(await filesOf(a.id)).toHaveLength(2);
    const res = await start(a.cookie, { ...OWN, 'content-type': 'application/json' }, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await stageOf(a.id)).toBe('kyc_in_progress');
  });

  it('outside production, also from the address the server was reached at', async () => {
    const a = await readyToStart();
    const res = await start(
      a.cookie,
      {
        host: '127.0.0.1:5173',
        origin: 'http://127.0.0.1:5173',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      {},
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('calls with no Origin and no Sec-Fetch-Site (curl, servers) pass', async () => {
    const a = await readyToStart();
    const res = await start(a.cookie, { 'content-type': 'application/json' }, {});
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a page of another origin on the same site', () => {
  it('cannot start verification, even with a JSON body: 403 and nothing moves', async () => {
    const a = await readyToStart();
    const variants: Record<string, string>[] = [
      SAME_SITE,
      { origin: 'https://promo.waj.example' },
      { origin: 'null' },
      { origin: 'http://waj.example' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: PUBLIC, 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of variants) {
      const res = await start(a.cookie, { ...headers, 'content-type': 'application/json' }, {});
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual(FOREIGN);
    }
    expect(await stageOf(a.id)).toBe('detailed');
  });

  it('cannot start verification with an auto-submitted form: refused, not parsed', async () => {
    const a = await readyToStart();
    // A browser without Origin or Sec-Fetch-Site: the body's type alone refuses it.
    for (const [type, payload] of [
      ['text/plain', ''],
      ['text/plain', '{"x":"="}'],
      ['text/plain;charset=UTF-8', '{}'],
      ['application/x-www-form-urlencoded', 'a=b'],
    ]) {
      const res = await start(a.cookie, { 'content-type': type! }, payload);
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual(UNSUPPORTED);
    }
    const multipart = await form('document');
    const res = await start(a.cookie, { 'content-type': multipart.contentType }, multipart.payload);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(UNSUPPORTED);
    // A body with no type at all is no JSON either.
    const untyped = await t.app.inject({
      method: 'POST',
      url: '/api/apply-kyc-start',
      headers: { cookie: a.cookie },
      payload: Buffer.from('{}'),
    });
    expect(untyped.statusCode).toBe(415);
    expect(await stageOf(a.id)).toBe('detailed');
  });

  it('cannot replace an identity document with a no-cors multipart fetch', async () => {
    const a = await applicant();
    // Such a fetch has no custom header: refused even when the browser sends neither Origin
    // nor Sec-Fetch-Site.
    const variants: Record<string, string>[] = [
      SAME_SITE,
      {},
      { 'x-requested-with': 'XMLHttpRequest' },
    ];
    for (const headers of variants) {
      const res = await upload(a.cookie, 'document', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual(FOREIGN);
    }
    // With the header but from another origin (a preflighted request we never allow).
    const res = await upload(a.cookie, 'document', { ...SAME_SITE, ...UPLOAD });
    expect(res.statusCode).toBe(403);
    expect(await filesOf(a.id)).toEqual([]);
  });

  it('cannot upload card artwork or make other staff changes either', async () => {
    const body = new FormData();
    body.append('tier', 'noir');
    body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'a.jpg');
    const request = new Request('http://localhost/', { method: 'POST', body });
    const asset = await t.app.inject({
      method: 'POST',
      url: '/api/admin-asset-upload',
      headers: { 'x-admin-pass': staff, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(asset.statusCode).toBe(403);
    expect(asset.json()).toEqual(FOREIGN);
    const toggle = await t.app.inject({
      method: 'POST',
      url: '/api/admin-maintenance-toggle',
      headers: { 'x-admin-pass': staff, ...SAME_SITE },
      payload: { enabled: true },
    });
    expect(toggle.statusCode).toBe(403);
    const setting = await t.app.inject('/api/site-settings/maintenance_mode');
    expect(setting.json().value).toEqual({ enabled: false });
  });

  it('can still read (GET is never refused for its origin)', async () => {
    const a = await applicant();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/apply-status',
      headers: { cookie: a.cookie, ...SAME_SITE },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('webhooks', () => {
  it('are server to server and signed: no origin or content-type check stands in the way', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/veriff-webhook',
      headers: { ...SAME_SITE, 'content-type': 'text/plain' },
      payload: '{}',
    });
    // Reached the handler, which refuses the missing signature.
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, error: 'Invalid signature' });
  });
});

describe('in production', () => {
  it('only PUBLIC_URL is our origin, whatever address the server was reached at', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      RATE_LIMIT_SCALE: '0',
      PUBLIC_URL: PUBLIC,
    });
    try {
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/eoi',
        headers: { host: 'internal:3000', origin: 'http://internal:3000' },
        payload: { fullName: 'Ada Lovelace', email: 'ada@example.com' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FOREIGN);
      const own = await prod.app.inject({
        method: 'POST',
        url: '/api/eoi',
        headers: { host: 'internal:3000', ...OWN },
        payload: { fullName: 'Ada Lovelace', email: 'ada@example.com' },
      });
      expect(own.statusCode, own.body).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
