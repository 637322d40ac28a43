import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffAuthFailures, staffTokens } from '#server/db/schema.ts';
import { loggerOptions } from '#server/app.ts';
import { appStartScript, scriptHashSource, themeInitScript } from '#server/http/inline-head.ts';
import { createServer } from '#server/server.ts';
import { createTestApp, TEST_PASSPHRASE, type TestApp } from '../helpers/app.ts';
import { DEFAULT_OWNER_EMAIL as OWNER_EMAIL } from '../helpers/lifecycle.ts';
import { totpCode } from '../helpers/staff-seed.ts';
import { createTestDatabase } from '../helpers/db.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health and unknown routes', () => {
  it('GET /healthz answers 200 when the database answers', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('an unknown API call is a JSON 404 in the contract shape', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ ok: false, error: 'Not found' });
    const post = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().ok).toBe(false);
  });

  it('malformed JSON is a 400 without a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin-auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"passphrase":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, error: 'The request could not be understood.' });
    expect(res.body).not.toMatch(/at \w+ \(|node_modules|\.ts:/);
  });

  it('gives every answer a request id and keeps API answers out of caches', async () => {
    const res = await t.app.inject('/api/site-settings/invite_mode');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers', () => {
  it('sends a strict CSP and the usual hardening headers', async () => {
    const res = await t.app.inject('/healthz');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    // Two inline scripts are allowed, each by its hash: the theme script (decision 048) and the
    // app's start script (decision 059).
    const themeScript = scriptHashSource(themeInitScript()!);
    const startScript = scriptHashSource(appStartScript()!);
    // Compared as text: a base64 hash may hold '+' or '/'.
    const scriptSrc = csp.split(';').map((directive) => directive.trim());
    expect(scriptSrc).toContain(`script-src 'self' ${themeScript} ${startScript}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives API answers the API set: nothing may load or frame them, and no page headers', async () => {
    for (const res of [
      await t.app.inject('/api/site-settings/invite_mode'),
      await t.app.inject('/api/nope'),
      await t.app.inject({ method: 'POST', url: '/api/contact', payload: '{' }),
    ]) {
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['cache-control']).toBe('no-store');
      // Document-only headers mean nothing on JSON (decision 054).
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['referrer-policy']).toBeUndefined();
    }
    // Pages keep the page set, with their own cache rule.
    const page = await t.app.inject('/');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cache-control']).not.toBe('no-store');
  });

  it('adds HSTS for a year when served over https behind a trusted proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const res = await proxied.app.inject({
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });
});

describe('site settings', () => {
  it('reads the seeded public settings', async () => {
    const invite = await t.app.inject('/api/site-settings/invite_mode');
    expect(invite.json()).toMatchObject({ ok: true, value: { enabled: true } });
    const maintenance = await t.app.inject('/api/site-settings/maintenance_mode');
    expect(maintenance.json()).toMatchObject({ ok: true, value: { enabled: false } });
    const press = await t.app.inject('/api/site-settings/press_boilerplate');
    expect(press.json().value).toMatch(/Waj/);
  });

  it('never reveals anything else, such as server secrets', async () => {
    for (const key of ['admin_passphrase_hash', 'session_secret', 'nope']) {
      const res = await t.app.inject(`/api/site-settings/${key}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/scrypt/);
    }
  });
});

describe('staff sign-in (admin-auth)', () => {
  it('asks for a passphrase when blank', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin-auth',
      payload: { email: OWNER_EMAIL, passphrase: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ok: false,
      error: 'Enter passphrase',
      details: { passphrase: 'Enter passphrase' },
    });
  });

  it('refuses a wrong passphrase with 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin-auth',
      payload: { email: OWNER_EMAIL, passphrase: 'wrong passphrase' },
      remoteAddress: '10.0.0.1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, error: 'Invalid credentials' });
  });

  it('issues a token only after a second factor; stored only as a hash, 8 hours, audited', async () => {
    const before = Date.now();
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/admin-auth',
      payload: { email: OWNER_EMAIL, passphrase: TEST_PASSPHRASE },
    });
    expect(step.statusCode).toBe(200);
    const challenge = step.json();
    // The first owner has no authenticator yet: the answer is an enrolment, never a token.
    expect(challenge).toMatchObject({ ok: true, mfa: 'enroll' });
    expect(challenge.token).toBeUndefined();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin-mfa-enroll',
      payload: { challenge: challenge.challenge, code: totpCode(challenge.secret) },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    // 256 random bits, base64url.
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = new Date(body.expires_at).getTime();
    expect(expires - before).toBeGreaterThan(8 * 3600_000 - 60_000);
    expect(expires - before).toBeLessThanOrEqual(8 * 3600_000 + 60_000);

    const rows = await t.ctx.db.select().from(staffTokens);
    expect(rows.some((r) => r.tokenHash === body.token)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(body.token);

    const audits = await t.ctx.db.select().from(auditLog);
    expect(audits.some((a) => a.action === 'staff.sign_in' && a.actorType === 'staff')).toBe(true);
  });

  const attempt = (passphrase: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin-auth',
      payload: { email: OWNER_EMAIL, passphrase },
      remoteAddress,
    });
  const waitFor = (res: { headers: Record<string, unknown> }) =>
    new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after']) * 1000));
  const TOO_MANY = { ok: false, error: 'Too many attempts. Please try again later.' };

  // These two check a passphrase (scrypt) per attempt: more time, for a busy machine.
  it('slows an IP down after 5 failures, longer each time, without locking the right passphrase out', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong ${i}`, ip)).statusCode).toBe(401);
    // The sixth attempt has to wait a second after the fifth failure, even the right passphrase.
    const early = await attempt(TEST_PASSPHRASE, ip);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    expect(early.json()).toEqual(TOO_MANY);
    // Another address is not affected.
    expect((await attempt(TEST_PASSPHRASE, '10.9.9.10')).statusCode).toBe(200);

    await waitFor(early);
    expect((await attempt('wrong again', ip)).statusCode).toBe(401);
    // The next wait doubles.
    const later = await attempt(TEST_PASSPHRASE, ip);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('2');

    await waitFor(later);
    expect((await attempt(TEST_PASSPHRASE, ip)).statusCode).toBe(200);
    // Signing in starts the address afresh.
    expect((await attempt('a typo', ip)).statusCode).toBe(401);
    expect((await attempt(TEST_PASSPHRASE, ip)).statusCode).toBe(200);
  }, 60_000);

  it('checks at most 5 of 25 concurrent guesses; the right passphrase works after the Retry-After', async () => {
    const ip = '10.9.9.11';
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => attempt(`wrong guess ${i}`, ip)),
    );
    const statuses = answers.map((res) => res.statusCode);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25 - checked);
    // Every guess that was checked is counted.
    const [counted] = await t.ctx.db
      .select({ n: count() })
      .from(staffAuthFailures)
      .where(eq(staffAuthFailures.ip, ip));
    expect(counted!.n).toBe(checked);

    const refused = answers.filter((res) => res.statusCode === 429);
    for (const res of refused) expect(res.json()).toEqual(TOO_MANY);
    const longest = refused.reduce((a, b) =>
      Number(a.headers['retry-after']) >= Number(b.headers['retry-after']) ? a : b,
    );
    expect(Number(longest.headers['retry-after'])).toBeGreaterThan(0);
    await waitFor(longest);
    expect((await attempt(TEST_PASSPHRASE, ip)).statusCode).toBe(200);
  }, 60_000);
});

describe('the staff guard', () => {
  it('answers 401 with no token, a wrong one, an expired one and a revoked one', async () => {
    const call = (token?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin-signout',
        headers: token ? { 'x-admin-pass': token } : {},
        payload: {},
      });
    expect((await call()).statusCode).toBe(401);
    expect((await call('not-a-real-token')).statusCode).toBe(401);
    // The raw passphrase is not a token.
    expect((await call(TEST_PASSPHRASE)).statusCode).toBe(401);

    const expired = await t.staffToken();
    await t.ctx.db.execute(
      sql`update staff_tokens set expires_at = now() - interval '1 second' where expires_at > now()`,
    );
    expect((await call(expired)).statusCode).toBe(401);

    const live = await t.staffToken();
    const signedOut = await call(live);
    expect(signedOut.statusCode).toBe(200);
    const reused = await call(live);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ ok: false, error: 'Not authenticated' });
  });
});

describe('the audit log', () => {
  it('cannot be edited or deleted, even with direct SQL', async () => {
    await t.staffToken();
    await expect(t.ctx.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const rows = await t.ctx.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.action !== 'x')).toBe(true);
  });
});

describe('rate limits', () => {
  it('answer 429 with Retry-After in the contract shape', async () => {
    const limited = await createTestApp({ RATE_LIMIT_SCALE: '0.01' });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await limited.app.inject('/api/site-settings/invite_mode');
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json()).toEqual({
        ok: false,
        error: 'Too many attempts. Please try again later.',
      });
      // Health checks are never limited.
      expect((await limited.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the web app (built by `npm run build`)', () => {
  it('writes the favicon into every page, the same drawing as /favicon.svg', async () => {
    const page = (await t.app.inject('/cards')).body;
    const href =
      /<link\s+rel="icon"\s+type="image\/svg\+xml"\s+href="data:image\/svg\+xml,([^"]+)"/.exec(
        page,
      )?.[1];
    expect(href).toBeDefined();
    const file = (await t.app.inject('/favicon.svg')).body;
    const drawing = (svg: string) => svg.replace(/'/g, '"').replace(/>\s+</g, '><').trim();
    expect(drawing(decodeURIComponent(href!))).toBe(drawing(file));
  });

  it('serves index.html for every screen, 404 for unknown paths, and caches hashed files', async () => {
    for (const path of ['/', '/cards', '/apply/kyc', '/admin', '/legal/terms']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const unknown = await t.app.inject('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root">');

    const script = /data-entry="(\/assets\/[^"]+\.js)"/.exec(unknown.body)?.[1];
    expect(script).toBeDefined();
    const asset = await t.app.inject(script!);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzipped = await t.app.inject({ url: script!, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(asset.rawPayload.length / 2);

    // Pages are compressed like every other answer: a drawn page is mostly markup and styles.
    for (const path of ['/', '/legal/privacy', '/admin/applicants/some-id']) {
      const plain = await t.app.inject(path);
      const page = await t.app.inject({ url: path, headers: { 'accept-encoding': 'br, gzip' } });
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(page.headers.vary, path).toContain('accept-encoding');
      expect(page.rawPayload.length, path).toBeLessThan(plain.rawPayload.length / 3);
    }
    // So is the 404 page, though the not-found handler is not a route the plugin hooks.
    for (const encoding of ['br', 'gzip'] as const) {
      const missing = await t.app.inject({
        url: '/no-such-page',
        headers: { 'accept-encoding': encoding },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-encoding']).toBe(encoding);
      expect(missing.headers.vary).toContain('accept-encoding');
      expect(missing.rawPayload.length).toBeLessThan(unknown.rawPayload.length / 3);
      const body = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(missing.rawPayload);
      expect(body.toString('utf8')).toBe(unknown.body);
    }
    expect(unknown.headers['content-encoding']).toBeUndefined();

    // A page drawn by the server needs no script to paint: its start script fetches the app's
    // modules once it has painted (decision 059). A page the browser draws (the apply flow)
    // needs them first, so it names them itself.
    const drawn = await t.app.inject('/cards');
    expect(drawn.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const start = /<script data-entry="(\/assets\/index-[\w-]+\.js)" data-preload="([^"]*)">/.exec(
      drawn.body,
    );
    expect(start?.[2]).toMatch(/^\/assets\/\S+\.js( \/assets\/\S+\.js)*$/);
    expect(drawn.body).toContain(`${start?.[0]}${appStartScript()}</script>`);
    const empty = await t.app.inject('/apply/kyc');
    expect(empty.body).toContain(`<script type="module" crossorigin src="${start?.[1]}">`);
    expect(empty.body).toMatch(/<link rel="modulepreload" crossorigin/);
    expect(empty.body).not.toContain('data-entry');

    // Only GET and HEAD reach the web app; anything else is a JSON 404.
    const post = await t.app.inject({ method: 'POST', url: '/cards', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ ok: false, error: 'Not found' });
  });
  it('draws /apply for a visitor without an application, and leaves it to the browser for one with', async () => {
    const visitor = await t.app.inject('/apply');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain('Have an invitation code?');
    expect(visitor.body).toContain('<script data-entry=');
    expect(visitor.body).not.toContain('<script type="module"');
    // Two answers at one address: a shared cache keeps them apart by the cookie.
    expect(visitor.headers.vary).toMatch(/cookie/i);

    // Someone with an application is shown where they stand, which only the browser knows.
    const applicant = await t.app.inject({ url: '/apply', cookies: { apply_session: 'an-id' } });
    expect(applicant.statusCode).toBe(200);
    expect(applicant.body).not.toContain('Have an invitation code?');
    expect(applicant.body).toMatch(/<div id="root"><\/div>/);
    // The steps after /apply are never drawn here.
    expect((await t.app.inject('/apply/details')).body).toMatch(/<div id="root"><\/div>/);
  });
});

describe('no file downloads without a credential', () => {
  it('has no signed-URL file route: /api/files/<anything> is a 404 in the contract shape', async () => {
    // Identity files leave only through the audited staff route; a stored file is not served
    // to anyone holding a link, however it is signed.
    await t.ctx.storage.put('kyc/logo.png', Buffer.from('not really a png'));
    for (const url of [
      '/api/files/kyc/logo.png',
      '/api/files/kyc/logo.png?expires=9999999999&signature=AAAA',
      '/api/files/anything',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ ok: false, error: 'Not found' });
      expect(res.body).not.toContain('not really a png');
    }
  });
});

describe('logs', () => {
  it('never carry the passphrase, tokens, magic-link parameters or any query value', async () => {
    const lines: string[] = [];
    const { database, destroy } = await createTestDatabase();
    const server = await createServer(t.env, {
      database,
      logger: {
        ...(loggerOptions('info') as object),
        stream: { write: (l: string) => lines.push(l) },
      },
    });
    try {
      const auth = await server.app.inject({
        method: 'POST',
        url: '/api/admin-auth',
        payload: { email: OWNER_EMAIL, passphrase: TEST_PASSPHRASE },
      });
      const enrol = await server.app.inject({
        method: 'POST',
        url: '/api/admin-mfa-enroll',
        payload: { challenge: auth.json().challenge, code: totpCode(auth.json().secret) },
      });
      const token = enrol.json().token as string;
      await server.app.inject({
        method: 'POST',
        url: '/api/admin-signout',
        headers: { 'x-admin-pass': token, cookie: 'waj_session=secret-cookie-value' },
      });
      await server.app.inject('/apply/review?sid=super-secret-sid&x=1');
      // What a browser sends by itself when a drawn form is submitted before the app runs.
      await server.app.inject('/contact?name=Ada+Lovelace&email=ada%40example.com&message=hi');
      const all = lines.join('\n');
      expect(all).toContain('"url":"/apply/review?sid=[redacted]&x=[redacted]"');
      expect(all).toContain('"url":"/contact?name=[redacted]&email=[redacted]&message=[redacted]"');
      for (const secret of [
        TEST_PASSPHRASE,
        token,
        'secret-cookie-value',
        'super-secret-sid',
        'Lovelace',
        'ada%40example.com',
      ]) {
        expect(all).not.toContain(secret);
      }
    } finally {
      await server.close();
      await destroy();
    }
  });
});

// Every staff route behind the guard, with every kind of dead token: staff-guard.test.ts.
