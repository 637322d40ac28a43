import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantSessions, applications, emailOutbox, eoiRequests } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_SCALE: '0',
    STAFF_EMAIL: 'inbox@staff.example',
    PUBLIC_URL: 'https://waj.example',
  });
});
afterAll(async () => {
  await t?.close();
});

const apply = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/apply-basic', payload: payload as object });

async function counts() {
  const [apps] = await t.ctx.db.select({ n: count() }).from(applications);
  const [eois] = await t.ctx.db.select({ n: count() }).from(eoiRequests);
  const [mails] = await t.ctx.db.select({ n: count() }).from(emailOutbox);
  const [sessions] = await t.ctx.db.select({ n: count() }).from(applicantSessions);
  return { apps: apps!.n, eois: eois!.n, mails: mails!.n, sessions: sessions!.n };
}

const valid = {
  full_name: '  Ada <b>Lovelace</b> ',
  email: ' ada@example.com ',
  phone: ' +44 20 7946 0000 ',
  reason: 'I travel for work\nand want a metal card.',
  website: '',
};

describe('POST /api/apply-basic', () => {
  it('stores the application, its EOI request and both e-mails together, and no session', async () => {
    const before = await counts();
    const res = await apply(valid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ ok: true, basic_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(res.cookies).toHaveLength(0);

    const [row] = await t.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, body.basic_id));
    expect(row).toMatchObject({
      fullName: 'Ada <b>Lovelace</b>',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      reason: 'I travel for work\nand want a metal card.',
      source: 'application',
      stage: 'basic',
      tierAssigned: null,
    });
    const eois = await t.ctx.db
      .select()
      .from(eoiRequests)
      .where(eq(eoiRequests.applicationId, body.basic_id));
    expect(eois).toHaveLength(1);
    expect(eois[0]).toMatchObject({
      fullName: 'Ada <b>Lovelace</b>',
      email: 'ada@example.com',
      status: 'new',
    });

    const after = await counts();
    expect(after).toEqual({
      apps: before.apps + 1,
      eois: before.eois + 1,
      mails: before.mails + 2,
      sessions: before.sessions,
    });

    const [received] = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'apply_basic.application_received'));
    expect(received!.to).toBe('ada@example.com');
    expect(received!.subject).toBe('Application received');
    // The address is not proven: the mail greets neutrally and echoes nothing typed.
    expect(received!.text).toMatch(/^Hello,\n/);
    expect(received!.text).not.toContain('Lovelace');
    expect(received!.html).not.toContain('Lovelace');
    expect(received!.text).toContain("If selected, you'll receive an invitation code by email.");
    expect(received!.text).toContain('3-5 business days');
    expect(received!.html).toContain('you&#39;ll receive an invitation code by email.');

    const [staff] = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'apply_basic.staff_notification'));
    expect(staff!.to).toBe('inbox@staff.example');
    expect(staff!.subject).toBe('New membership application: Ada <b>Lovelace</b>');
    expect(staff!.html).toBeNull();
    expect(staff!.text).toContain('Email: ada@example.com');
    expect(staff!.text).toContain('Reason:\nI travel for work\nand want a metal card.');
    expect(staff!.text).toContain('https://waj.example/admin');
  });

  it('relays nothing typed to the address given: a spam "name" and reason never reach it', async () => {
    const res = await apply({
      full_name: 'Win £1000 at http://spam.example',
      email: 'stranger@example.com',
      reason: 'Claim now at http://spam.example/claim',
    });
    expect(res.statusCode).toBe(200);
    const mails = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'stranger@example.com'));
    expect(mails).toHaveLength(1);
    for (const part of [mails[0]!.subject, mails[0]!.text, mails[0]!.html ?? '']) {
      expect(part).not.toContain('spam.example');
      expect(part).not.toContain('£1000');
    }
    expect(mails[0]!.text).toMatch(/^Hello,\n/);
  });

  it('sends empty optional fields as null', async () => {
    const res = await apply({ full_name: 'Alan Turing', email: 'alan@example.com', phone: '  ' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, res.json().basic_id));
    expect(row).toMatchObject({ phone: null, reason: null });
  });

  it('tells a bot (honeypot filled) it succeeded and stores or sends nothing', async () => {
    const before = await counts();
    const res = await apply({
      ...valid,
      email: 'bot@example.com',
      website: 'https://spam.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await counts()).toEqual(before);
  });

  it("answers each of SPEC §5's messages and stores nothing", async () => {
    const before = await counts();
    const cases: [payload: Record<string, unknown>, details: Record<string, string>][] = [
      [
        { full_name: ' A ', email: 'not-an-email' },
        {
          full_name: 'Full name must be at least 2 characters',
          email: 'Please enter a valid email address',
        },
      ],
      [
        {
          full_name: 'x'.repeat(121),
          email: `${'a'.repeat(250)}@example.com`,
          phone: '1'.repeat(31),
          reason: 'r'.repeat(2001),
        },
        {
          full_name: 'Full name must be less than 120 characters',
          email: 'Email must be less than 255 characters',
          phone: 'Phone number must be less than 30 characters',
          reason: 'Reason must be less than 2000 characters',
        },
      ],
      [
        {},
        {
          full_name: 'Full name must be at least 2 characters',
          email: 'Please enter a valid email address',
        },
      ],
    ];
    for (const [payload, details] of cases) {
      const res = await apply(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ok: false, error: Object.values(details)[0], details });
    }
    // The limits are inclusive: exactly 120 / 30 / 2000 characters are fine.
    const edge = await apply({
      full_name: 'x'.repeat(120),
      email: 'edge@example.com',
      phone: '1'.repeat(30),
      reason: 'r'.repeat(2000),
    });
    expect(edge.statusCode).toBe(200);
    const after = await counts();
    expect(after.apps).toBe(before.apps + 1);
  });

  it('keeps nothing when the e-mails cannot be queued', async () => {
    await t.ctx.db.execute(sql`
      create or replace function test_refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'outbox unavailable'; end $$`);
    await t.ctx.db.execute(sql`
      create trigger test_refuse_mail before insert on email_outbox
      for each row execute function test_refuse_mail()`);
    try {
      const before = await counts();
      const res = await apply({ ...valid, email: 'atomic@example.com' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ ok: false, error: 'Something went wrong. Please try again.' });
      expect(await counts()).toEqual(before);
    } finally {
      await t.ctx.db.execute(sql`drop trigger test_refuse_mail on email_outbox`);
      await t.ctx.db.execute(sql`drop function test_refuse_mail()`);
    }
  });
});
