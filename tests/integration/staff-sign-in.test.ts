import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '#server/auth/staff-throttle.ts';
import { NOT_AUTHENTICATED } from '#server/auth/staff.ts';
import { queryRows } from '#server/db/client.ts';
import {
  auditLog,
  emailOutbox,
  staffAuthFailures,
  staffChallenges,
  staffInvitations,
  staffMembers,
  staffRecoveryCodes,
  staffTokens,
} from '#server/db/schema.ts';
import { hashPassphrase, hashToken } from '#server/lib/crypto.ts';
import {
  CHALLENGE_EXPIRED,
  INVALID_CODE,
  INVALID_CREDENTIALS,
  JOIN_LINK_INVALID,
  LAST_OWNER,
  PASSPHRASE_TOO_SHORT,
} from '#shared/schemas/staff.ts';
import type { StaffRole } from '#shared/staff.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { fingerprint } from '../helpers/fingerprint.ts';
import {
  seedStaffMember,
  seedStaffToken,
  totpCode,
  type SeededMember,
} from '../helpers/staff-seed.ts';

/**
 * Named staff sign-in (CONTRACT §5), through the real routes with the real limits: e-mail and
 * passphrase open a challenge, and only a second factor (a TOTP code or a recovery code) turns
 * it into a token. Each test signs in from its own client address, so the per-IP counting of
 * one test never reaches another.
 */

const PUBLIC_URL = 'https://waj.example';
const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { logLines });
});
afterAll(async () => {
  await t?.close();
});

let addresses = 0;
/** A client address no other attempt in this file has used. */
function freshIp(): string {
  addresses += 1;
  return `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

function call(name: string, payload: object, options: { ip: string; token?: string }) {
  return t.app.inject({
    method: 'POST',
    url: `/api/${name}`,
    payload,
    remoteAddress: options.ip,
    headers: options.token ? { 'x-admin-pass': options.token } : {},
  });
}

/** Anything secret a test handled: none of it may reach the audit trail or the logs. */
const secrets = new Set<string>();

const member = (role: StaffRole = 'compliance', name?: string) =>
  seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, { role, ...(name ? { name } : {}) });

/** An active member with a passphrase and no second factor yet. */
async function memberWithoutMfa(role: StaffRole = 'operations') {
  const email = `no-mfa-${randomUUID()}@staff.test`;
  const passphrase = `enrol me ${randomUUID()}`;
  const [row] = await t.ctx.db
    .insert(staffMembers)
    .values({
      email,
      name: 'Nadia Enrol',
      role,
      status: 'active',
      passphraseHash: await hashPassphrase(passphrase),
    })
    .returning({ id: staffMembers.id });
  secrets.add(passphrase);
  return { id: row!.id, email, passphrase };
}

/** A 6-digit code the member's authenticator does not show now, nor a step either side. */
function wrongCode(secret: string): string {
  const now = Date.now();
  const valid = new Set(
    [-60_000, -30_000, 0, 30_000, 60_000].map((d) => totpCode(secret, now + d)),
  );
  for (let n = 123_456; ; n += 1) {
    const code = String(n % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

/** The passphrase step; expects a challenge. */
async function challengeFor(m: { email: string; passphrase: string }, ip: string) {
  const res = await call('admin-auth', { email: m.email, passphrase: m.passphrase }, { ip });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  secrets.add(body.challenge as string);
  return body as {
    ok: true;
    challenge: string;
    mfa: string;
    otpauth_url?: string;
    secret?: string;
  };
}

/** Both steps with the code of the step at `at`; the session's token. */
async function signIn(m: SeededMember, ip: string, at = Date.now()) {
  const { challenge } = await challengeFor(m, ip);
  const res = await call(
    'admin-auth-verify',
    { challenge, code: totpCode(m.totpSecret, at) },
    { ip },
  );
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().token as string;
  secrets.add(token);
  return token;
}

const me = (token: string, ip = '127.0.0.1') => call('admin-me', {}, { ip, token });

async function tokensOf(memberId: string) {
  return t.ctx.db
    .select()
    .from(staffTokens)
    .where(eq(staffTokens.memberId, memberId))
    .orderBy(asc(staffTokens.createdAt));
}

async function auditsOf(memberId: string, action: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, memberId)))
    .orderBy(asc(auditLog.id));
}

const UNAUTHENTICATED = { ok: false, error: NOT_AUTHENTICATED };

describe('the two steps of signing in', () => {
  it('answers e-mail and passphrase with a challenge only; the right code gives the token', async () => {
    const m = await member('compliance');
    const ip = freshIp();
    const step = await challengeFor({ ...m, email: m.email.toUpperCase() }, ip);
    // Upper case typed, lower case stored: the same member.
    expect(step).toEqual({ ok: true, challenge: expect.any(String), mfa: 'verify' });
    expect(await tokensOf(m.id)).toHaveLength(0);
    // The challenge is no staff token.
    expect((await me(step.challenge)).statusCode).toBe(401);

    const wrong = await call(
      'admin-auth-verify',
      { challenge: step.challenge, code: wrongCode(m.totpSecret) },
      { ip },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ ok: false, error: INVALID_CODE });
    expect(await tokensOf(m.id)).toHaveLength(0);

    // A wrong code does not spend the challenge: the right one still completes it.
    const before = Date.now();
    const right = await call(
      'admin-auth-verify',
      { challenge: step.challenge, code: totpCode(m.totpSecret) },
      { ip },
    );
    expect(right.statusCode, right.body).toBe(200);
    const body = right.json();
    expect(body).toEqual({
      ok: true,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_at: expect.any(String),
      staff: { id: m.id, email: m.email, name: m.name, role: 'compliance' },
    });
    secrets.add(body.token);
    const lifetime = Date.parse(body.expires_at) - before;
    expect(lifetime).toBeGreaterThan(8 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(8 * 3600_000 + 60_000);
    const [stored] = await tokensOf(m.id);
    expect(stored!.tokenHash).toBe(hashToken(body.token));

    // The token works on admin-me, in both accepted forms.
    const who = await me(body.token);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({ ok: true, staff: body.staff });
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/admin-me',
      payload: {},
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(bearer.json()).toEqual({ ok: true, staff: body.staff });

    // The challenge is used: not even the next step's right code makes a second token from it.
    const again = await call(
      'admin-auth-verify',
      { challenge: step.challenge, code: totpCode(m.totpSecret, Date.now() + 30_000) },
      { ip },
    );
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ ok: false, error: CHALLENGE_EXPIRED });
    expect(await tokensOf(m.id)).toHaveLength(1);
    const [row] = await t.ctx.db
      .select({ lastSignInAt: staffMembers.lastSignInAt })
      .from(staffMembers)
      .where(eq(staffMembers.id, m.id));
    expect(row!.lastSignInAt).not.toBeNull();
  });

  it('accepts a code once: the same code on a new challenge is refused', async () => {
    const m = await member('operations');
    const ip = freshIp();
    const code = totpCode(m.totpSecret);
    const first = await challengeFor(m, ip);
    const ok = await call('admin-auth-verify', { challenge: first.challenge, code }, { ip });
    expect(ok.statusCode, ok.body).toBe(200);
    secrets.add(ok.json().token);

    const second = await challengeFor(m, ip);
    const replay = await call('admin-auth-verify', { challenge: second.challenge, code }, { ip });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ ok: false, error: INVALID_CODE });
    expect(await tokensOf(m.id)).toHaveLength(1);
    // An older code (an earlier step) is no better.
    const older = await call(
      'admin-auth-verify',
      { challenge: second.challenge, code: totpCode(m.totpSecret, Date.now() - 30_000) },
      { ip },
    );
    expect(older.statusCode).toBe(401);
    expect(await tokensOf(m.id)).toHaveLength(1);
  });

  it('refuses an expired, an unknown or a wrong-purpose challenge, even with the right code', async () => {
    const m = await member('compliance');
    const ip = freshIp();
    const { challenge } = await challengeFor(m, ip);
    await t.ctx.db
      .update(staffChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffChallenges.tokenHash, hashToken(challenge)));
    const expired = await call(
      'admin-auth-verify',
      { challenge, code: totpCode(m.totpSecret) },
      { ip },
    );
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ ok: false, error: CHALLENGE_EXPIRED });

    const unknown = await call(
      'admin-auth-verify',
      { challenge: 'not-a-challenge', code: totpCode(m.totpSecret) },
      { ip },
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ ok: false, error: CHALLENGE_EXPIRED });

    // A 'verify' challenge does not enrol a new authenticator.
    const fresh = await challengeFor(m, ip);
    const enrol = await call(
      'admin-mfa-enroll',
      { challenge: fresh.challenge, code: totpCode(m.totpSecret) },
      { ip },
    );
    expect(enrol.statusCode).toBe(401);
    expect(enrol.json()).toEqual({ ok: false, error: CHALLENGE_EXPIRED });
    expect(await tokensOf(m.id)).toHaveLength(0);
    // And the code was not spent by any of that: the live challenge still completes.
    const ok = await call(
      'admin-auth-verify',
      { challenge: fresh.challenge, code: totpCode(m.totpSecret) },
      { ip },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    secrets.add(ok.json().token);
  });
});

describe('enrolling a second factor and recovery codes', () => {
  it('enrols a member without one: secret, first code, token and ten recovery codes', async () => {
    const m = await memberWithoutMfa('operations');
    const ip = freshIp();
    const step = await challengeFor(m, ip);
    expect(step).toEqual({
      ok: true,
      challenge: expect.any(String),
      mfa: 'enroll',
      otpauth_url: expect.any(String),
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
    });
    const secret = step.secret!;
    secrets.add(secret);
    const url = new URL(step.otpauth_url!);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Waj');
    expect(decodeURIComponent(url.pathname)).toContain(m.email);
    // Nothing is the member's until a code proves the app holds the secret.
    const [pending] = await t.ctx.db.select().from(staffMembers).where(eq(staffMembers.id, m.id));
    expect(pending).toMatchObject({ totpSecret: null, mfaEnabledAt: null });
    // An enrolment challenge is no sign-in challenge.
    const asVerify = await call(
      'admin-auth-verify',
      { challenge: step.challenge, code: totpCode(secret) },
      { ip },
    );
    expect(asVerify.statusCode).toBe(401);

    const wrong = await call(
      'admin-mfa-enroll',
      { challenge: step.challenge, code: wrongCode(secret) },
      { ip },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ ok: false, error: INVALID_CODE });
    expect(await tokensOf(m.id)).toHaveLength(0);

    const res = await call(
      'admin-mfa-enroll',
      { challenge: step.challenge, code: totpCode(secret) },
      { ip },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      ok: true,
      token: expect.any(String),
      expires_at: expect.any(String),
      staff: { id: m.id, email: m.email, name: 'Nadia Enrol', role: 'operations' },
      recovery_codes: expect.any(Array),
    });
    secrets.add(body.token);
    const codes = body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      secrets.add(code);
    }
    expect((await me(body.token)).statusCode).toBe(200);

    // Stored: the secret encrypted, the recovery codes hashed.
    const [enrolled] = await t.ctx.db.select().from(staffMembers).where(eq(staffMembers.id, m.id));
    expect(enrolled!.totpSecret).not.toBeNull();
    expect(enrolled!.totpSecret).not.toContain(secret);
    expect(enrolled!.mfaEnabledAt).not.toBeNull();
    const stored = await t.ctx.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.memberId, m.id));
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    }
    expect((await auditsOf(m.id, 'staff.mfa_enroll')).length).toBe(1);

    // The next sign-in asks for a code from that app, not for a new enrolment.
    const next = await challengeFor(m, ip);
    expect(next.mfa).toBe('verify');
    expect(next).not.toHaveProperty('secret');

    // A recovery code works once, typed in lower case; a second time it is refused.
    const recovery = await call(
      'admin-auth-verify',
      { challenge: next.challenge, code: codes[3]!.toLowerCase() },
      { ip },
    );
    expect(recovery.statusCode, recovery.body).toBe(200);
    secrets.add(recovery.json().token);
    expect((await me(recovery.json().token)).statusCode).toBe(200);
    expect((await auditsOf(m.id, 'staff.recovery_code_used')).length).toBe(1);
    const again = await challengeFor(m, ip);
    const reused = await call(
      'admin-auth-verify',
      { challenge: again.challenge, code: codes[3]! },
      { ip },
    );
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ ok: false, error: INVALID_CODE });
    // Another of the ten still works.
    const other = await call(
      'admin-auth-verify',
      { challenge: again.challenge, code: codes[7]! },
      { ip },
    );
    expect(other.statusCode, other.body).toBe(200);
    secrets.add(other.json().token);
    const used = stored.length - (await unusedRecoveryCodes(m.id));
    expect(used).toBe(2);
  });

  it("an owner's reset-mfa ends the member's sessions and their next sign-in enrols again", async () => {
    const owner = await t.staffToken('owner');
    const m = await member('compliance');
    const ip = freshIp();
    const live = await signIn(m, ip);
    const res = await call('admin-staff-reset-mfa', { id: m.id }, { ip: freshIp(), token: owner });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(live)).json()).toEqual(UNAUTHENTICATED);
    const [row] = await t.ctx.db.select().from(staffMembers).where(eq(staffMembers.id, m.id));
    expect(row).toMatchObject({ totpSecret: null, mfaEnabledAt: null, status: 'active' });

    // The old authenticator opens nothing; the new one is enrolled with its first code.
    const step = await challengeFor(m, ip);
    expect(step.mfa).toBe('enroll');
    secrets.add(step.secret!);
    const old = await call(
      'admin-mfa-enroll',
      { challenge: step.challenge, code: totpCode(m.totpSecret, Date.now() + 30_000) },
      { ip },
    );
    expect(old.statusCode).toBe(401);
    const enrol = await call(
      'admin-mfa-enroll',
      { challenge: step.challenge, code: totpCode(step.secret!) },
      { ip },
    );
    expect(enrol.statusCode, enrol.body).toBe(200);
    secrets.add(enrol.json().token);
    const [audit] = await auditsOf(m.id, 'staff.mfa_reset');
    expect(audit).toMatchObject({ actorType: 'staff', actorRole: 'owner' });
  });
});

async function unusedRecoveryCodes(memberId: string): Promise<number> {
  const rows = await t.ctx.db
    .select()
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.memberId, memberId), sql`used_at is null`));
  return rows.length;
}

describe('what a failed sign-in reveals and how failures are limited', () => {
  it('answers an unknown e-mail, a wrong passphrase, a disabled and an invited member alike', async () => {
    const known = await member('operations');
    const disabled = await member('operations');
    await t.ctx.db
      .update(staffMembers)
      .set({ status: 'disabled' })
      .where(eq(staffMembers.id, disabled.id));
    const invitedEmail = `invited-${randomUUID()}@staff.test`;
    await t.ctx.db
      .insert(staffMembers)
      .values({ email: invitedEmail, name: 'Ivy Invited', role: 'operations' });

    const attempts: [string, { email: string; passphrase: string }][] = [
      [
        'unknown e-mail',
        { email: `nobody-${randomUUID()}@staff.test`, passphrase: known.passphrase },
      ],
      ['wrong passphrase', { email: known.email, passphrase: 'not the passphrase at all' }],
      ['disabled member', { email: disabled.email, passphrase: disabled.passphrase }],
      ['invited member', { email: invitedEmail, passphrase: known.passphrase }],
    ];
    const answers: { label: string; status: number; body: string }[] = [];
    for (const [label, payload] of attempts) {
      const res = await call('admin-auth', payload, { ip: freshIp() });
      answers.push({ label, status: res.statusCode, body: res.body });
    }
    for (const answer of answers) {
      expect(answer, answer.label).toEqual({
        label: answer.label,
        status: 401,
        body: JSON.stringify({ ok: false, error: INVALID_CREDENTIALS }),
      });
    }
    expect(await tokensOf(disabled.id)).toHaveLength(0);
    expect(
      await t.ctx.db
        .select()
        .from(staffChallenges)
        .where(eq(staffChallenges.memberId, disabled.id)),
    ).toHaveLength(0);
  });

  it('limits one account to 10 failures from any number of addresses, codes included', async () => {
    const m = await member('compliance');
    // A challenge opened before the failures: its right code is refused once the limit is hit.
    const { challenge } = await challengeFor(m, freshIp());
    for (let i = 0; i < 5; i += 1) {
      // Upper and lower case are one account.
      const email = i % 2 ? m.email.toUpperCase() : m.email;
      const res = await call('admin-auth', { email, passphrase: `wrong ${i}` }, { ip: freshIp() });
      expect(res.statusCode, `passphrase ${i}`).toBe(401);
    }
    for (let i = 0; i < 5; i += 1) {
      const res = await call(
        'admin-auth-verify',
        { challenge, code: wrongCode(m.totpSecret) },
        { ip: freshIp() },
      );
      expect(res.statusCode, `code ${i}`).toBe(401);
    }

    const blocked = await call(
      'admin-auth',
      { email: m.email, passphrase: m.passphrase },
      { ip: freshIp() },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ ok: false, error: TOO_MANY_ATTEMPTS });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const code = await call(
      'admin-auth-verify',
      { challenge, code: totpCode(m.totpSecret) },
      { ip: freshIp() },
    );
    expect(code.statusCode).toBe(429);
    expect(Number(code.headers['retry-after'])).toBeGreaterThan(0);
    expect(await tokensOf(m.id)).toHaveLength(0);

    // An unknown e-mail is limited the same way, so the limit tells nothing either.
    const ghost = `ghost-${randomUUID()}@staff.test`;
    for (let i = 0; i < 10; i += 1) {
      const res = await call(
        'admin-auth',
        { email: ghost, passphrase: `guess ${i}` },
        { ip: freshIp() },
      );
      expect(res.statusCode, `ghost ${i}`).toBe(401);
    }
    const ghostBlocked = await call(
      'admin-auth',
      { email: ghost, passphrase: 'guess 10' },
      { ip: freshIp() },
    );
    expect(ghostBlocked.statusCode).toBe(429);
    expect(ghostBlocked.body).toBe(blocked.body);
    expect(Number(ghostBlocked.headers['retry-after'])).toBeGreaterThan(0);

    // Other accounts are untouched.
    const other = await member('compliance');
    await signIn(other, freshIp());
  });

  it('slows one address down after 5 failures, longer after each, with 429 and Retry-After; a delay, not a lock', async () => {
    const ip = freshIp();
    const m = await member('operations');
    const guess = (i: number) =>
      call(
        'admin-auth',
        { email: `stranger-${i}-${randomUUID()}@staff.test`, passphrase: `guess ${i}` },
        { ip },
      );
    /** Dates the address's failures back, as if that much time had passed (no sleeping). */
    const pass = (seconds: number) =>
      t.ctx.db
        .update(staffAuthFailures)
        .set({ at: sql`${staffAuthFailures.at} - (${seconds}::int * interval '1 second')` })
        .where(eq(staffAuthFailures.ip, ip));
    for (let i = 0; i < 5; i += 1) expect((await guess(i)).statusCode, `guess ${i}`).toBe(401);
    // Past the five free failures, each one makes the next attempt wait twice as long after it
    // (1 s, 2 s, 4 s, 8 s): once that time has passed, the attempt is checked as usual.
    for (let i = 5; i < 8; i += 1) {
      await pass(60);
      expect((await guess(i)).statusCode, `guess ${i}`).toBe(401);
    }
    // Eight failures, the last just now: 8 s to wait, even with the right passphrase. (Some
    // slack below 8 for a slow machine; above 4 shows the wait grew from the first second.)
    const early = await call('admin-auth', { email: m.email, passphrase: m.passphrase }, { ip });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ ok: false, error: TOO_MANY_ATTEMPTS });
    const retryAfter = Number(early.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(4);
    expect(retryAfter).toBeLessThanOrEqual(8);
    // Another address is not slowed down.
    await challengeFor(m, freshIp());

    // Once the wait has passed, the right passphrase gets through.
    await pass(9);
    await challengeFor(m, ip);
  });
});

describe('what ends a session at once', () => {
  it('disabling a member kills their live tokens and any challenge they hold', async () => {
    const owner = await t.staffToken('owner');
    const ownerId = await t.staffTokenId(owner);
    const m = await member('compliance');
    const ip = freshIp();
    const live = await signIn(m, ip);
    const seeded = await seedStaffToken(t.ctx.db, m.id);
    const pending = await challengeFor(m, ip);
    expect((await me(live)).statusCode).toBe(200);
    expect((await me(seeded)).statusCode).toBe(200);

    const res = await call(
      'admin-staff-update',
      { id: m.id, status: 'disabled' },
      { ip: freshIp(), token: owner },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    for (const token of [live, seeded]) {
      const after = await me(token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual(UNAUTHENTICATED);
    }
    expect((await tokensOf(m.id)).every((row) => row.revokedAt !== null)).toBe(true);
    // The challenge opened before cannot finish, and the passphrase opens nothing now.
    const verify = await call(
      'admin-auth-verify',
      { challenge: pending.challenge, code: totpCode(m.totpSecret, Date.now() + 30_000) },
      { ip },
    );
    expect(verify.statusCode).toBe(401);
    const auth = await call('admin-auth', { email: m.email, passphrase: m.passphrase }, { ip });
    expect(auth.json()).toEqual({ ok: false, error: INVALID_CREDENTIALS });
    expect(await tokensOf(m.id)).toHaveLength(2);
    const [audit] = await auditsOf(m.id, 'staff.status_change');
    expect(audit).toMatchObject({
      actorType: 'staff',
      actorId: ownerId,
      actorRole: 'owner',
      before: { role: 'compliance', status: 'active' },
      after: { role: 'compliance', status: 'disabled' },
    });

    // Enabling them again does not bring the old sessions back.
    const enable = await call(
      'admin-staff-update',
      { id: m.id, status: 'active' },
      { ip: freshIp(), token: owner },
    );
    expect(enable.statusCode).toBe(200);
    expect((await me(live)).statusCode).toBe(401);
    expect((await me(seeded)).statusCode).toBe(401);
  });

  it('a role change kills live tokens; the next sign-in carries the new role', async () => {
    const owner = await t.staffToken('owner');
    const m = await member('compliance');
    const ip = freshIp();
    const live = await signIn(m, ip);
    const kyc = await call('admin-kyc-list', { status: 'pending' }, { ip, token: live });
    expect(kyc.statusCode).toBe(200);

    const res = await call(
      'admin-staff-update',
      { id: m.id, role: 'operations' },
      { ip: freshIp(), token: owner },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(live)).json()).toEqual(UNAUTHENTICATED);
    expect(
      (await call('admin-kyc-list', { status: 'pending' }, { ip, token: live })).statusCode,
    ).toBe(401);
    const [audit] = await auditsOf(m.id, 'staff.role_change');
    expect(audit).toMatchObject({
      before: { role: 'compliance' },
      after: { role: 'operations' },
    });

    const fresh = await signIn(m, ip, Date.now() + 30_000);
    expect((await me(fresh)).json().staff).toMatchObject({ id: m.id, role: 'operations' });
  });
});

describe('the last active owner', () => {
  it('can be neither demoted nor disabled, and nothing changes', async () => {
    // Its own app: this test leaves a single owner behind.
    const u = await createTestApp({ RATE_LIMIT_SCALE: '0' });
    try {
      const post = (name: string, payload: object, token: string) =>
        u.app.inject({
          method: 'POST',
          url: `/api/${name}`,
          payload,
          headers: { 'x-admin-pass': token },
        });
      const token = await u.staffToken('owner');
      const self = await u.staffMember('owner');
      // The first owner (ADMIN_EMAIL) is the other active owner: disable it.
      const list = (await post('admin-staff-list', {}, token)).json().data as {
        id: string;
        role: string;
        status: string;
      }[];
      const others = list.filter(
        (row) => row.role === 'owner' && row.status === 'active' && row.id !== self.id,
      );
      expect(others.length).toBeGreaterThan(0);
      for (const other of others) {
        const res = await post('admin-staff-update', { id: other.id, status: 'disabled' }, token);
        expect(res.statusCode, res.body).toBe(200);
      }

      const before = await fingerprint(u.ctx.db, u.env.DATA_DIR);
      for (const change of [
        { role: 'compliance' },
        { role: 'operations' },
        { status: 'disabled' },
        { role: 'operations', status: 'disabled' },
      ]) {
        const res = await post('admin-staff-update', { id: self.id, ...change }, token);
        expect(res.statusCode, JSON.stringify(change)).toBe(409);
        expect(res.json()).toEqual({ ok: false, error: LAST_OWNER });
      }
      expect(await fingerprint(u.ctx.db, u.env.DATA_DIR)).toEqual(before);
      expect((await post('admin-me', {}, token)).json().staff).toMatchObject({ role: 'owner' });

      // With a second active owner the same demotion goes through (and ends the session).
      await seedStaffMember(u.ctx.db, u.ctx.secrets.mfaKey, { role: 'owner' });
      const demote = await post('admin-staff-update', { id: self.id, role: 'compliance' }, token);
      expect(demote.statusCode, demote.body).toBe(200);
      expect((await post('admin-me', {}, token)).statusCode).toBe(401);
    } finally {
      await u.close();
    }
  });
});

describe('inviting a member', () => {
  it('e-mails a single-use join link; joining sets the passphrase and leads to enrolment', async () => {
    const owner = await t.staffToken('owner');
    const ownerId = await t.staffTokenId(owner);
    const ip = freshIp();
    const email = `grace-${randomUUID()}@staff.test`;
    const invite = await call(
      'admin-staff-invite',
      { email: email.toUpperCase(), name: 'Grace Hopper', role: 'operations' },
      { ip, token: owner },
    );
    expect(invite.statusCode, invite.body).toBe(200);
    const { id } = invite.json() as { id: string };
    expect(invite.json()).toEqual({ ok: true, id: expect.any(String) });

    const mails = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('admin_staff_invite.invitation');
    const link = new RegExp(`${PUBLIC_URL}/admin/join\\?token=([A-Za-z0-9_-]+)`).exec(
      mails[0]!.text,
    );
    expect(link, mails[0]!.text).not.toBeNull();
    const joinToken = link![1]!;
    expect(mails[0]!.html).toContain(`${PUBLIC_URL}/admin/join?token=${joinToken}`);
    secrets.add(joinToken);

    const listed = (await call('admin-staff-list', {}, { ip, token: owner })).json().data as {
      id: string;
    }[];
    expect(listed.find((row) => row.id === id)).toMatchObject({
      email,
      name: 'Grace Hopper',
      role: 'operations',
      status: 'invited',
      mfa_enabled: false,
      last_sign_in_at: null,
    });
    const [audit] = await auditsOf(id, 'staff.invite');
    expect(audit).toMatchObject({ actorId: ownerId, actorRole: 'owner' });

    // A passphrase under 12 characters is refused, and the link is not spent by that.
    const short = await call(
      'admin-staff-join',
      { token: joinToken, passphrase: 'eleven char' },
      { ip },
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ ok: false, error: PASSPHRASE_TOO_SHORT });

    const passphrase = `grace chose ${randomUUID()}`;
    secrets.add(passphrase);
    const join = await call('admin-staff-join', { token: joinToken, passphrase }, { ip });
    expect(join.statusCode, join.body).toBe(200);
    const joined = join.json();
    expect(joined).toEqual({
      ok: true,
      challenge: expect.any(String),
      mfa: 'enroll',
      otpauth_url: expect.stringContaining('otpauth://totp/'),
      secret: expect.any(String),
    });
    secrets.add(joined.secret);
    expect(await tokensOf(id)).toHaveLength(0);

    // The link works once.
    const twice = await call(
      'admin-staff-join',
      { token: joinToken, passphrase: 'another passphrase entirely' },
      { ip },
    );
    expect(twice.statusCode).toBe(401);
    expect(twice.json()).toEqual({ ok: false, error: JOIN_LINK_INVALID });

    const enrol = await call(
      'admin-mfa-enroll',
      { challenge: joined.challenge, code: totpCode(joined.secret) },
      { ip },
    );
    expect(enrol.statusCode, enrol.body).toBe(200);
    expect(enrol.json().staff).toEqual({ id, email, name: 'Grace Hopper', role: 'operations' });
    secrets.add(enrol.json().token);
    expect((await me(enrol.json().token)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(staffMembers).where(eq(staffMembers.id, id));
    expect(row).toMatchObject({ status: 'active', invitedBy: ownerId });
    expect(await auditsOf(id, 'staff.join')).toHaveLength(1);

    // The passphrase chosen with the link is the one that signs in from now on.
    const step = await challengeFor({ email, passphrase }, ip);
    expect(step.mfa).toBe('verify');
  });

  it('an expired join link is refused', async () => {
    const owner = await t.staffToken('owner');
    const email = `late-${randomUUID()}@staff.test`;
    const invite = await call(
      'admin-staff-invite',
      { email, name: 'Late Larry', role: 'compliance' },
      { ip: freshIp(), token: owner },
    );
    expect(invite.statusCode).toBe(200);
    const [mail] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const joinToken = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    await t.ctx.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.tokenHash, hashToken(joinToken)));
    const res = await call(
      'admin-staff-join',
      { token: joinToken, passphrase: 'a long enough passphrase' },
      { ip: freshIp() },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, error: JOIN_LINK_INVALID });
    const [row] = await t.ctx.db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.id, invite.json().id));
    expect(row).toMatchObject({ status: 'invited', passphraseHash: null });
  });
});

describe('sessions', () => {
  it('lists the caller\'s own sessions and revokes one, then all; another\'s is "not found"', async () => {
    const m = await member('operations');
    const ip = freshIp();
    const current = await signIn(m, ip);
    const second = await seedStaffToken(t.ctx.db, m.id);
    const third = await seedStaffToken(t.ctx.db, m.id);
    const other = await member('operations');
    const othersToken = await seedStaffToken(t.ctx.db, other.id);
    const idOf = async (token: string) => {
      const [row] = await t.ctx.db
        .select({ id: staffTokens.id })
        .from(staffTokens)
        .where(eq(staffTokens.tokenHash, hashToken(token)));
      return row!.id;
    };

    const list = await call('admin-session-list', {}, { ip, token: current });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as { id: string; current: boolean; ip: string | null }[];
    expect(rows.map((row) => row.id).sort()).toEqual(
      [await idOf(current), await idOf(second), await idOf(third)].sort(),
    );
    expect(rows.find((row) => row.current)).toMatchObject({ id: await idOf(current), ip });
    expect(rows.filter((row) => row.current)).toHaveLength(1);
    expect(rows[0]).toEqual({
      id: expect.any(String),
      created_at: expect.any(String),
      expires_at: expect.any(String),
      last_active_at: expect.any(String),
      ip: expect.anything(),
      user_agent: expect.anything(),
      current: expect.any(Boolean),
    });
    // From the second session's point of view, that one is current.
    const fromSecond = (await call('admin-session-list', {}, { ip, token: second })).json()
      .data as { id: string; current: boolean }[];
    expect(fromSecond.find((row) => row.current)?.id).toBe(await idOf(second));

    // Another member's session: 404, and it lives on.
    const foreign = await call(
      'admin-session-revoke',
      { id: await idOf(othersToken) },
      { ip, token: current },
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ ok: false, error: 'Session not found' });
    expect((await me(othersToken)).statusCode).toBe(200);

    const one = await call(
      'admin-session-revoke',
      { id: await idOf(second) },
      { ip, token: current },
    );
    expect(one.statusCode, one.body).toBe(200);
    expect((await me(second)).json()).toEqual(UNAUTHENTICATED);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(third)).statusCode).toBe(200);
    const left = (await call('admin-session-list', {}, { ip, token: current })).json().data as {
      id: string;
    }[];
    expect(left.map((row) => row.id).sort()).toEqual(
      [await idOf(current), await idOf(third)].sort(),
    );
    // Revoking an ended session again: the same 404.
    const ended = await call(
      'admin-session-revoke',
      { id: await idOf(second) },
      { ip, token: current },
    );
    expect(ended.statusCode).toBe(404);

    const all = await call('admin-session-revoke', { all: true }, { ip, token: current });
    expect(all.statusCode, all.body).toBe(200);
    for (const token of [current, third]) expect((await me(token)).statusCode).toBe(401);
    expect((await me(othersToken)).statusCode).toBe(200);
    const audits = await auditsOf(m.id, 'staff.session_revoke');
    expect(audits).toHaveLength(2);
    expect(audits.every((row) => row.actorId === m.id && row.actorEmail === m.email)).toBe(true);
  });
});

describe('the audit trail of signing in', () => {
  it('records sign-ins and failures by member, and no secret reaches audit rows or logs', async () => {
    const m = await member('compliance', 'Audrey Audit');
    const ip = freshIp();
    const typo = `my typo ${randomUUID()}`;
    secrets.add(typo);
    const wrong = await call('admin-auth', { email: m.email, passphrase: typo }, { ip });
    expect(wrong.statusCode).toBe(401);
    const { challenge } = await challengeFor(m, ip);
    const badCode = wrongCode(m.totpSecret);
    expect((await call('admin-auth-verify', { challenge, code: badCode }, { ip })).statusCode).toBe(
      401,
    );
    const goodCode = totpCode(m.totpSecret);
    const ok = await call('admin-auth-verify', { challenge, code: goodCode }, { ip });
    expect(ok.statusCode).toBe(200);
    const token = ok.json().token as string;
    secrets.add(token);

    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, m.id))
      .orderBy(asc(auditLog.id));
    expect(rows.map((row) => row.action)).toEqual([
      'staff.sign_in_failed',
      'staff.sign_in_failed',
      'staff.sign_in',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        actorType: 'staff',
        actorEmail: m.email,
        actorRole: 'compliance',
        ip,
      });
    }
    expect(rows[0]!.after).toEqual({ reason: 'wrong passphrase' });
    expect(rows[1]!.after).toEqual({ reason: 'wrong code' });
    expect(rows[2]).toMatchObject({
      targetType: 'staff_token',
      after: { second_factor: 'totp', expires_at: expect.any(String) },
    });
    const [session] = await tokensOf(m.id);
    expect(rows[2]!.targetId).toBe(session!.id);

    // Nothing typed or handed out is kept: not the passphrases (wrong or right), codes, tokens,
    // challenges, TOTP secrets, recovery codes or join links of any test in this file.
    const audit = await queryRows<{ row: string }>(
      t.ctx.db,
      sql`select a::text as row from audit_log a`,
    );
    const dump = audit.map((row) => row.row).join('\n');
    const logs = logLines.join('\n');
    expect(logs).toContain('/api/admin-auth');
    const all = [...secrets, m.passphrase, badCode];
    expect(all.length).toBeGreaterThan(20);
    for (const secret of all) {
      expect(dump, 'audit_log').not.toContain(secret);
      expect(logs, 'logs').not.toContain(secret);
    }
    // The TOTP code is six digits, too short to search a whole log for: the audit rows of this
    // sign-in are enough.
    expect(JSON.stringify(rows)).not.toContain(goodCode);
  });
});
