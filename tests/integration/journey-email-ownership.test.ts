import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantSessions,
  applications,
  auditLog,
  emailOutbox,
  eoiRequests,
  magicLinks,
} from '#server/db/schema.ts';
import {
  EMAIL_TAKEN_MESSAGE,
  LINK_INVALID_MESSAGE,
  MAGIC_LINK_SENT_MESSAGE,
} from '#shared/schemas/journey.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { IDENTITY_DETAILS } from '../helpers/identity.ts';

/**
 * Who an e-mail address leads to (docs/decisions/026): only an owner who proved the address,
 * by a personal invitation code or a link sent there, gets links for it; typing someone else's
 * address into an application, or into the public form, captures nothing of theirs.
 */

const PUBLIC_URL = 'https://waj.example';
let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0', PUBLIC_URL });
  staffToken = await t.staffToken();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const staff = (call: string, payload: object) =>
  post(`/api/${call}`, payload, { 'x-admin-pass': staffToken });
const as = (token: string) => ({ 'x-session-token': token });

const details = {
  annual_income: 90000,
  employment_status: 'employed',
  pep_exposed: false,
  card_tier_pref: 'noir',
  ...IDENTITY_DETAILS,
};

/** A code as staff issue it: to one address (personal), or a batch to pass on. */
async function issueCodes(count: number, issuedTo: string | null): Promise<string[]> {
  const res = await staff('admin-invite-generate', { count, issued_to: issuedTo });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().codes as string[];
}

async function redeem(code: string) {
  const res = await post('/api/apply-verify-code', { code });
  return res;
}

/** Redeems a code and answers with the application and its session token. */
async function redeemed(code: string): Promise<{ id: string; token: string }> {
  const res = await redeem(code);
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().basic_id as string, token: res.json().token as string };
}

/** The owner of `email`: invited personally, code redeemed, details given. */
async function provedApplicant(email: string, fullName = 'Valerie Victim') {
  const [code] = await issueCodes(1, email);
  const owner = await redeemed(code!);
  const res = await post(
    '/api/apply-details',
    { ...details, full_name: fullName },
    as(owner.token),
  );
  expect(res.statusCode, res.body).toBe(200);
  return owner;
}

async function application(id: string) {
  const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
  return row;
}

async function mailsTo(address: string) {
  return t.ctx.db
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.to}) = lower(${address})`)
    .orderBy(asc(emailOutbox.createdAt));
}

function sidOf(mail: { text: string }): string {
  const url = /https:\/\/waj\.example\/apply\/review\?sid=\S+/.exec(mail.text)![0];
  return new URL(url).searchParams.get('sid')!;
}

const openLink = (sid: string) => post('/api/apply-session', { sid });

async function linksOf(applicationId: string) {
  return t.ctx.db
    .select()
    .from(magicLinks)
    .where(eq(magicLinks.applicationId, applicationId))
    .orderBy(asc(magicLinks.createdAt));
}

describe('e-mail squatting', () => {
  it("an invited stranger who types the victim's address gets none of the victim's links", async () => {
    const victim = await provedApplicant('Valerie@Example.com');

    // The attacker redeems a code that names no address and gives the victim's as theirs.
    const [anonymous] = await issueCodes(1, null);
    const attacker = await redeemed(anonymous!);
    const typed = await post(
      '/api/apply-details',
      { ...details, full_name: 'Mallory Squatter', email: 'valerie@example.com' },
      as(attacker.token),
    );
    expect(typed.statusCode).toBe(200);
    expect(await application(attacker.id)).toMatchObject({
      email: 'valerie@example.com',
      emailVerifiedAt: null,
    });

    // The victim asks for a link to continue: it opens the victim's own application.
    const before = (await mailsTo('valerie@example.com')).length;
    const res = await post('/api/apply-magic-link', { email: 'VALERIE@example.com' });
    expect(res.json()).toEqual({ ok: true, message: MAGIC_LINK_SENT_MESSAGE });
    const mails = await mailsTo('valerie@example.com');
    expect(mails).toHaveLength(before + 1);
    const resume = mails.at(-1)!;
    expect(resume.template).toBe('apply_magic_link.resume_link');
    const opened = await openLink(sidOf(resume));
    expect(opened.statusCode).toBe(200);
    expect(opened.json().basic_id).toBe(victim.id);

    // The attacker's application holds only the confirmation link, and that one cannot take
    // over the victim's proved address.
    const attackerLinks = await linksOf(attacker.id);
    expect(attackerLinks).toHaveLength(1);
    const confirmation = mails.find((m) => m.template === 'apply_details.confirm_email')!;
    expect(confirmation.subject).toBe('Confirm your e-mail address');
    const refused = await openLink(sidOf(confirmation));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ ok: false, error: EMAIL_TAKEN_MESSAGE });
    expect(refused.cookies).toHaveLength(0);
    expect((await application(attacker.id))!.emailVerifiedAt).toBeNull();
    const [sessions] = await t.ctx.db
      .select({ n: count() })
      .from(applicantSessions)
      .where(eq(applicantSessions.applicationId, attacker.id));
    expect(sessions!.n).toBe(1);
  });

  it('sends nothing at all when the address has no proved application', async () => {
    const [anonymous] = await issueCodes(1, null);
    const attacker = await redeemed(anonymous!);
    await post(
      '/api/apply-details',
      { ...details, full_name: 'Mallory Squatter', email: 'nobody.yet@example.com' },
      as(attacker.token),
    );
    const before = await mailsTo('nobody.yet@example.com');
    expect(before.map((m) => m.template)).toEqual(['apply_details.confirm_email']);
    const res = await post('/api/apply-magic-link', { email: 'nobody.yet@example.com' });
    expect(res.json()).toEqual({ ok: true, message: MAGIC_LINK_SENT_MESSAGE });
    expect(await mailsTo('nobody.yet@example.com')).toHaveLength(1);
    expect(await linksOf(attacker.id)).toHaveLength(1);
  });

  it('the database refuses a second application with the same proved address', async () => {
    await t.ctx.db.insert(applications).values({
      source: 'invite',
      stage: 'detailed',
      email: 'one@example.com',
      emailVerifiedAt: new Date(),
    });
    await expect(
      t.ctx.db.insert(applications).values({
        source: 'invite',
        stage: 'detailed',
        email: 'ONE@example.com',
        emailVerifiedAt: new Date(),
      }),
    ).rejects.toThrow();
    // The same address unproved on another application is allowed (it leads nowhere).
    await t.ctx.db
      .insert(applications)
      .values({ source: 'invite', stage: 'detailed', email: 'one@example.com' });
  });
});

describe('proving an address', () => {
  it('a personal code proves its address; the codes of a batch prove nothing', async () => {
    const [personal] = await issueCodes(1, 'Personal@Example.com');
    const mine = await redeemed(personal!);
    const row = await application(mine.id);
    expect(row).toMatchObject({ email: 'Personal@Example.com' });
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);

    // A batch is meant to be passed on: whoever redeems one gives their own address.
    const batch = await issueCodes(3, 'host@example.com');
    const guest = await redeemed(batch[0]!);
    expect(await application(guest.id)).toMatchObject({ email: null, emailVerifiedAt: null });

    // A second personal code for a proved address continues that application.
    const [again] = await issueCodes(1, 'personal@example.com');
    expect((await redeemed(again!)).id).toBe(mine.id);
  });

  it('the confirmation link of a new address proves it and opens the application', async () => {
    const [anonymous] = await issueCodes(1, null);
    const applicant = await redeemed(anonymous!);
    const res = await post(
      '/api/apply-details',
      { ...details, full_name: 'Grace Hopper', email: ' Grace.H@example.com ' },
      as(applicant.token),
    );
    expect(res.json()).toEqual({ ok: true, stage: 'detailed' });
    // Nothing leads to the application until the address is confirmed.
    await post('/api/apply-magic-link', { email: 'grace.h@example.com' });
    const [confirmation, ...rest] = await mailsTo('grace.h@example.com');
    expect(rest).toEqual([]);
    expect(confirmation).toMatchObject({
      template: 'apply_details.confirm_email',
      subject: 'Confirm your e-mail address',
    });
    // Not yet proven to be hers: greeted neutrally, her typed name not echoed.
    expect(confirmation!.text).toMatch(/^Hello,\n/);
    expect(confirmation!.text).not.toContain('Grace Hopper');

    const opened = await openLink(sidOf(confirmation!));
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ ok: true, basic_id: applicant.id });
    expect((await application(applicant.id))!.emailVerifiedAt).toBeInstanceOf(Date);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.applicationId, applicant.id),
          eq(auditLog.action, 'application.email_verified'),
        ),
      );
    expect(audit).toMatchObject({ after: { via: 'link' } });

    // From now on a resume link is sent there.
    await post('/api/apply-magic-link', { email: 'grace.h@example.com' });
    const resume = (await mailsTo('grace.h@example.com')).at(-1)!;
    expect(resume.template).toBe('apply_magic_link.resume_link');
    expect((await openLink(sidOf(resume))).json().basic_id).toBe(applicant.id);
  });

  it('a link works only while the application still has the address it was sent to', async () => {
    const owner = await provedApplicant('moving@example.com');
    await post('/api/apply-magic-link', { email: 'moving@example.com' });
    const resume = (await mailsTo('moving@example.com')).at(-1)!;
    await t.ctx.db
      .update(applications)
      .set({ email: 'moved@example.com', emailVerifiedAt: null })
      .where(eq(applications.id, owner.id));
    const res = await openLink(sidOf(resume));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, error: LINK_INVALID_MESSAGE });
    expect((await application(owner.id))!.emailVerifiedAt).toBeNull();
  });
});

describe('a new resume link retires the older ones', () => {
  it('only the newest link of an application opens it', async () => {
    const owner = await provedApplicant('twice.asked@example.com');
    await post('/api/apply-magic-link', { email: 'twice.asked@example.com' });
    await post('/api/apply-magic-link', { email: 'twice.asked@example.com' });
    const [older, newer] = (await mailsTo('twice.asked@example.com')).filter(
      (m) => m.template === 'apply_magic_link.resume_link',
    );
    const links = await linksOf(owner.id);
    expect(links).toHaveLength(2);
    expect(links[0]!.retiredAt).toBeInstanceOf(Date);
    expect(links[1]!.retiredAt).toBeNull();

    const stale = await openLink(sidOf(older!));
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ ok: false, error: LINK_INVALID_MESSAGE });
    expect((await openLink(sidOf(newer!))).json().basic_id).toBe(owner.id);
  });
});

describe('POST /api/apply-basic with an address that already has an application', () => {
  it("never gives the applicant's basic_id away and e-mails the owner a link instead", async () => {
    const owner = await provedApplicant('owner@example.com', 'Olive Owner');
    const [apps] = await t.ctx.db.select({ n: count() }).from(applications);
    const [eois] = await t.ctx.db.select({ n: count() }).from(eoiRequests);

    const res = await post('/api/apply-basic', {
      full_name: 'Mallory Squatter',
      email: ' OWNER@example.com ',
      website: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, basic_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const answered = res.json().basic_id as string;
    expect(answered).not.toBe(owner.id);
    // The id belongs to nothing, and nothing was made.
    expect(await application(answered)).toBeUndefined();
    expect((await t.ctx.db.select({ n: count() }).from(applications))[0]!.n).toBe(apps!.n);
    expect((await t.ctx.db.select({ n: count() }).from(eoiRequests))[0]!.n).toBe(eois!.n);

    const notice = (await mailsTo('owner@example.com')).at(-1)!;
    expect(notice).toMatchObject({
      template: 'apply_basic.already_applied',
      subject: 'You already have an application',
    });
    expect(notice.text).toContain('Dear Olive Owner,');
    expect(notice.text).not.toContain('Mallory');
    expect((await openLink(sidOf(notice))).json().basic_id).toBe(owner.id);
  });

  it("a newer application with the owner's address captures none of the owner's links", async () => {
    const owner = await provedApplicant('captured@example.com');
    // Unproved holders of the same address, from the public form and from an invitation.
    await post('/api/apply-basic', { full_name: 'Mallory', email: 'captured@example.com' });
    const [anonymous] = await issueCodes(1, null);
    const attacker = await redeemed(anonymous!);
    await post(
      '/api/apply-details',
      { ...details, full_name: 'Mallory', email: 'captured@example.com' },
      as(attacker.token),
    );

    await post('/api/apply-magic-link', { email: 'captured@example.com' });
    const resume = (await mailsTo('captured@example.com')).at(-1)!;
    expect(resume.template).toBe('apply_magic_link.resume_link');
    expect((await openLink(sidOf(resume))).json().basic_id).toBe(owner.id);
    const others = await t.ctx.db
      .select({ id: magicLinks.id })
      .from(magicLinks)
      .innerJoin(applications, eq(applications.id, magicLinks.applicationId))
      .where(
        and(
          sql`lower(${applications.email}) = 'captured@example.com'`,
          isNull(applications.emailVerifiedAt),
          isNull(magicLinks.retiredAt),
          isNull(magicLinks.usedAt),
        ),
      );
    // Only the attacker's own confirmation link, which the address's owner cannot be tricked
    // into using against their proved application (it is refused, as above).
    expect(others).toHaveLength(1);
  });
});

describe('POST /api/apply-signout', () => {
  it('revokes the session on the server and clears both cookies', async () => {
    const [code] = await issueCodes(1, 'leaving@example.com');
    const applicant = await redeemed(code!);
    expect(
      (await t.app.inject({ url: '/api/apply-status', headers: as(applicant.token) })).statusCode,
    ).toBe(200);

    const res = await post('/api/apply-signout', {}, as(applicant.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    for (const name of ['waj_session', 'apply_session']) {
      expect(cookies[name]?.value, name).toBe('');
      expect(cookies[name]!.expires!.getTime(), name).toBeLessThan(Date.now());
    }

    const after = await t.app.inject({ url: '/api/apply-status', headers: as(applicant.token) });
    expect(after.statusCode).toBe(401);
    const byCookie = await t.app.inject({
      url: '/api/apply-status',
      cookies: { waj_session: applicant.token },
    });
    expect(byCookie.statusCode).toBe(401);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.applicationId, applicant.id), eq(auditLog.action, 'applicant.sign_out')),
      );
    expect(audit).toMatchObject({ actorType: 'applicant', actorId: applicant.id });

    // Signing out again, or with no session at all, is no error.
    expect((await post('/api/apply-signout', {}, as(applicant.token))).json()).toEqual({
      ok: true,
    });
    expect((await post('/api/apply-signout')).statusCode).toBe(200);
  });
});
