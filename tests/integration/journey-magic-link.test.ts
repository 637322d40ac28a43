import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSid } from '#server/applicant/magic-link.ts';
import { applicantSessions, applications, emailOutbox, magicLinks } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/crypto.ts';
import {
  LINK_EXPIRED_MESSAGE,
  LINK_INVALID_MESSAGE,
  MAGIC_LINK_SENT_MESSAGE,
} from '#shared/schemas/journey.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const SENT = { ok: true, message: MAGIC_LINK_SENT_MESSAGE };
const INVALID = { ok: false, error: LINK_INVALID_MESSAGE };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0', PUBLIC_URL: 'https://waj.example' });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });
const requestLink = (email: string) => post('/api/apply-magic-link', { email });
const redeem = (sid: string) => post('/api/apply-session', { sid });

/** An application whose owner has proved its address (the only kind a link is sent to). */
async function insertApplication(email: string, fullName: string | null = 'Mary Somerville') {
  const [row] = await t.ctx.db
    .insert(applications)
    .values({ source: 'invite', stage: 'detailed', email, fullName, emailVerifiedAt: new Date() })
    .returning();
  return row!;
}

async function mailCount() {
  const [row] = await t.ctx.db.select({ n: count() }).from(emailOutbox);
  return row!.n;
}

/** The newest resume-link mail and the sid in its link. */
async function lastResumeMail() {
  const [mail] = await t.ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.template, 'apply_magic_link.resume_link'))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const url = mail!.text.match(/https:\/\/waj\.example\/apply\/review\?sid=\S+/)![0];
  const sid = decodeURIComponent(new URL(url).searchParams.get('sid')!);
  return { mail: mail!, url, sid };
}

const stageWith = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/apply-status',
    headers: { 'x-session-token': token },
  });

describe('POST /api/apply-magic-link', () => {
  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const mails = await mailCount();
    const res = await requestLink('nobody@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    expect(await mailCount()).toBe(mails);
    const [links] = await t.ctx.db.select({ n: count() }).from(magicLinks);
    expect(links!.n).toBe(0);
  });

  it('sends nothing for an address typed into an application but never proved', async () => {
    await t.ctx.db
      .insert(applications)
      .values({ source: 'invite', stage: 'detailed', email: 'typed@example.com' });
    const mails = await mailCount();
    const res = await requestLink('typed@example.com');
    expect(res.json()).toEqual(SENT);
    expect(await mailCount()).toBe(mails);
  });

  it('e-mails a signed 24-hour link to a known e-mail, matched case-insensitively', async () => {
    const app = await insertApplication('Mary.S@Example.com');
    const res = await requestLink('  mary.s@EXAMPLE.com ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);

    const { mail, url, sid } = await lastResumeMail();
    expect(mail.to).toBe('Mary.S@Example.com');
    expect(mail.subject).toBe('Continue your application');
    expect(mail.text).toContain('Dear Mary Somerville,');
    expect(mail.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);

    // SPEC §4: the sid decodes into the basic id, an expiry and a third part (the signature).
    const [idPart, expiry, signature] = sid.split('.');
    expect(Buffer.from(idPart!, 'base64url').toString()).toBe(app.id);
    const hours = (Number(expiry) * 1000 - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only a hash of the signature is stored.
    const [link] = await t.ctx.db
      .select()
      .from(magicLinks)
      .where(eq(magicLinks.applicationId, app.id));
    expect(link!.signatureHash).toBe(hashToken(signature!));
    expect(link!.usedAt).toBeNull();
  });

  it("asks for an e-mail address (SPEC §5 'Please enter your email address')", async () => {
    const blank = await requestLink('   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      ok: false,
      error: 'Please enter your email address',
      details: { email: 'Please enter your email address' },
    });
    const bad = await requestLink('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Please enter a valid email address');
  });
});

describe('POST /api/apply-session', () => {
  it('turns a link into a session once; a replay is refused', async () => {
    const app = await insertApplication('once@example.com');
    await requestLink('once@example.com');
    const { sid } = await lastResumeMail();

    const res = await redeem(sid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ ok: true, basic_id: app.id, token: expect.any(String) });
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(cookies.apply_session!.value).toBe(app.id);
    expect(cookies.waj_session).toMatchObject({ value: body.token, httpOnly: true });
    expect((await stageWith(body.token)).json()).toEqual({ ok: true, stage: 'detailed' });

    const replay = await redeem(sid);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(INVALID);
    expect(replay.cookies).toHaveLength(0);
    const [sessions] = await t.ctx.db
      .select({ n: count() })
      .from(applicantSessions)
      .where(eq(applicantSessions.applicationId, app.id));
    expect(sessions!.n).toBe(1);
  });

  it('gives one session when the same link is opened many times at once', async () => {
    const app = await insertApplication('twice@example.com');
    await requestLink('twice@example.com');
    const { sid } = await lastResumeMail();
    const results = await Promise.all(Array.from({ length: 10 }, () => redeem(sid)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(9);
    const [sessions] = await t.ctx.db
      .select({ n: count() })
      .from(applicantSessions)
      .where(eq(applicantSessions.applicationId, app.id));
    expect(sessions!.n).toBe(1);
  });

  it('refuses a tampered link: another basic id, another expiry or a changed signature', async () => {
    const mine = await insertApplication('tamper@example.com');
    const other = await insertApplication('victim@example.com');
    await requestLink('tamper@example.com');
    const { sid } = await lastResumeMail();
    const [, expiry, signature] = sid.split('.') as [string, string, string];
    const otherId = Buffer.from(other.id).toString('base64url');
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const tampered = [
      `${otherId}.${expiry}.${signature}`,
      `${sid.split('.')[0]}.${Number(expiry) + 3600}.${signature}`,
      `${sid.split('.')[0]}.${expiry}.${flipped}`,
    ];
    for (const bad of tampered) {
      const res = await redeem(bad);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
    }
    // The genuine link still works: failed attempts did not use it up.
    const res = await redeem(sid);
    expect(res.statusCode).toBe(200);
    expect(res.json().basic_id).toBe(mine.id);
  });

  it('refuses a correctly signed link we never issued', async () => {
    const app = await insertApplication('forged@example.com');
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    const res = await redeem(createSid(t.ctx.secrets.sessionSecret, app.id, expiry));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it("says 'expired' for an expired link", async () => {
    const app = await insertApplication('late@example.com');
    const expiry = Math.floor(Date.now() / 1000) - 60;
    const sid = createSid(t.ctx.secrets.sessionSecret, app.id, expiry);
    await t.ctx.db.insert(magicLinks).values({
      applicationId: app.id,
      signatureHash: hashToken(sid.split('.')[2]!),
      expiresAt: new Date(expiry * 1000),
    });
    const res = await redeem(sid);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      ok: false,
      error: LINK_EXPIRED_MESSAGE,
      details: { reason: 'expired' },
    });
  });

  it('refuses a malformed sid, and a basic id alone, with 400', async () => {
    const app = await insertApplication('format@example.com');
    const malformed = [
      'garbage',
      'a.b.c',
      `${Buffer.from(app.id).toString('base64url')}.soon.${'A'.repeat(43)}`,
      `${Buffer.from('not-a-uuid').toString('base64url')}.1999999999.${'A'.repeat(43)}`,
      app.id,
    ];
    for (const sid of malformed) {
      const res = await redeem(sid);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID);
    }
    // CONTRACT §2: a basic_id alone never yields a session.
    for (const payload of [{ basic_id: app.id }, { sid: '', basic_id: app.id }]) {
      const res = await post('/api/apply-session', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().ok).toBe(false);
      expect(res.cookies).toHaveLength(0);
    }
    const [sessions] = await t.ctx.db
      .select({ n: count() })
      .from(applicantSessions)
      .where(eq(applicantSessions.applicationId, app.id));
    expect(sessions!.n).toBe(0);
  });
});
