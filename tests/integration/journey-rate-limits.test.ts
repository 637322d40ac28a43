import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, emailOutbox, magicLinks } from '#server/db/schema.ts';
import { MAGIC_LINK_SENT_MESSAGE } from '#shared/schemas/journey.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// The real limits (RATE_LIMIT_SCALE 1). Each test uses its own client addresses.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });

function expectTooMany(res: Awaited<ReturnType<typeof post>>, message: string) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ ok: false, error: message });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  return retryAfter;
}

describe('rate limits', () => {
  it('allows 10 code attempts a minute per address on each code call', async () => {
    const message = 'Too many attempts. Please wait a minute and try again.';
    for (const url of ['/api/validate-invite', '/api/apply-verify-code']) {
      for (let i = 0; i < 10; i++) {
        const res = await post(url, { code: `GUESS${i}` }, '198.51.100.10');
        expect(res.statusCode, url).toBe(404);
      }
      const retryAfter = expectTooMany(
        await post(url, { code: 'GUESS10' }, '198.51.100.10'),
        message,
      );
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another address is not affected.
      expect((await post(url, { code: 'GUESS10' }, '198.51.100.11')).statusCode).toBe(404);
    }
  });

  it('allows 5 applications an hour per address', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/api/apply-basic',
        { full_name: 'Rate Tester', email: `rate${i}@example.com` },
        '198.51.100.20',
      );
      expect(res.statusCode).toBe(200);
    }
    expectTooMany(
      await post(
        '/api/apply-basic',
        { full_name: 'Rate Tester', email: 'rate5@example.com' },
        '198.51.100.20',
      ),
      'Too many applications from your connection. Please try again later.',
    );
  });

  it('answers a second application from one e-mail within 24 hours like a new one, creating nothing', async () => {
    const first = await post(
      '/api/apply-basic',
      { full_name: 'Edith Clarke', email: 'edith@example.com' },
      '198.51.100.30',
    );
    expect(first.statusCode).toBe(200);
    const [mailsBefore] = await t.ctx.db.select({ n: count() }).from(emailOutbox);
    const results = await Promise.all(
      ['EDITH@example.com', ' edith@example.com '].map((email, i) =>
        post('/api/apply-basic', { full_name: 'Edith Clarke', email }, `198.51.100.${31 + i}`),
      ),
    );
    // The same shape as a new application's answer, but never the first one's id: a stranger
    // typing Edith's address learns nothing about her application.
    const ids = new Set([first.json().basic_id]);
    for (const res of results) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, basic_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      ids.add(res.json().basic_id);
    }
    expect(ids.size).toBe(3);
    const apps = await t.ctx.db
      .select({ id: applications.id })
      .from(applications)
      .where(sql`lower(${applications.email}) = 'edith@example.com'`);
    expect(apps.map((a) => a.id)).toEqual([first.json().basic_id]);
    const [mailsAfter] = await t.ctx.db.select({ n: count() }).from(emailOutbox);
    expect(mailsAfter!.n).toBe(mailsBefore!.n);
  });

  it('sends at most 3 resume links an hour per e-mail, answering the same every time', async () => {
    const [app] = await t.ctx.db
      .insert(applications)
      .values({
        source: 'invite',
        stage: 'detailed',
        email: 'hedy@example.com',
        emailVerifiedAt: new Date(),
      })
      .returning();
    for (let i = 0; i < 5; i++) {
      // A different address each time: this is the per e-mail limit, kept in the database.
      const res = await post(
        '/api/apply-magic-link',
        { email: 'hedy@example.com' },
        `198.51.100.${40 + i}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, message: MAGIC_LINK_SENT_MESSAGE });
    }
    const [links] = await t.ctx.db
      .select({ n: count() })
      .from(magicLinks)
      .where(eq(magicLinks.applicationId, app!.id));
    expect(links!.n).toBe(3);
    const [mails] = await t.ctx.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'hedy@example.com'));
    expect(mails!.n).toBe(3);
  });

  it('allows 5 resume-link requests per address in 15 minutes', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/api/apply-magic-link',
        { email: `someone${i}@example.com` },
        '198.51.100.50',
      );
      expect(res.statusCode).toBe(200);
    }
    expectTooMany(
      await post('/api/apply-magic-link', { email: 'someone5@example.com' }, '198.51.100.50'),
      'Too many link requests. Please wait a few minutes and try again.',
    );
  });

  it('allows 10 link redemptions per address in 15 minutes', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/apply-session', { sid: 'not-a-link' }, '198.51.100.60');
      expect(res.statusCode).toBe(400);
    }
    expectTooMany(
      await post('/api/apply-session', { sid: 'not-a-link' }, '198.51.100.60'),
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });
});
