import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, emailOutbox, eoiRequests } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  // Limits off here; the last test checks them on an app of its own.
  t = await createTestApp({
    STAFF_EMAIL: 'inbox@staff.example',
    PUBLIC_URL: 'https://waj.example',
    RATE_LIMIT_SCALE: '0',
  });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

async function rowCounts() {
  const [contacts] = await t.ctx.db.select({ n: count() }).from(contactMessages);
  const [eois] = await t.ctx.db.select({ n: count() }).from(eoiRequests);
  const [mails] = await t.ctx.db.select({ n: count() }).from(emailOutbox);
  return { contacts: contacts!.n, eois: eois!.n, mails: mails!.n };
}

/** Makes every outbox insert fail until the returned function is called. */
async function breakOutbox() {
  await t.ctx.db.execute(sql`
    create or replace function test_refuse_mail() returns trigger language plpgsql as $$
    begin raise exception 'outbox unavailable'; end $$`);
  await t.ctx.db.execute(sql`
    create trigger test_refuse_mail before insert on email_outbox
    for each row execute function test_refuse_mail()`);
  return async () => {
    await t.ctx.db.execute(sql`drop trigger test_refuse_mail on email_outbox`);
    await t.ctx.db.execute(sql`drop function test_refuse_mail()`);
  };
}

describe('POST /api/contact', () => {
  it('stores the message as new and queues the staff notification with it', async () => {
    const res = await post('/api/contact', {
      name: '  Ada Lovelace ',
      email: ' ada@example.com ',
      message: 'I would like to know more\nabout Titan.',
      website: '',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const [row] = await t.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, body.id));
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'I would like to know more\nabout Titan.',
      status: 'new',
    });

    const mails = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'contact.staff_notification'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe('inbox@staff.example');
    expect(mail.subject).toBe('New contact message: Ada Lovelace');
    expect(mail.html).toBeNull();
    expect(mail.text).toContain('Name: Ada Lovelace');
    expect(mail.text).toContain('Email: ada@example.com');
    expect(mail.text).toContain('Message:\nI would like to know more\nabout Titan.');
    expect(mail.text).toContain('https://waj.example/admin');
  });

  it('keeps a line break typed into the name out of the mail subject', async () => {
    const res = await post('/api/contact', {
      name: 'Eve\r\nBcc: victim@example.com',
      email: 'eve@example.com',
      message: 'hello',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(sql`${emailOutbox.text} like '%eve@example.com%'`);
    expect(row!.subject).toBe('New contact message: Eve Bcc: victim@example.com');
  });

  it("answers the spec's messages for bad input and stores nothing", async () => {
    const before = await rowCounts();
    const res = await post('/api/contact', { name: ' A ', email: 'not-an-email', message: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ok: false,
      error: 'Name must be at least 2 characters',
      details: {
        name: 'Name must be at least 2 characters',
        email: 'Please enter a valid email address',
        message: 'Message is required',
      },
    });

    const long = await post('/api/contact', {
      name: 'x'.repeat(121),
      email: `${'a'.repeat(250)}@example.com`,
      message: 'm'.repeat(3001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual({
      name: 'Name must be less than 120 characters',
      email: 'Email must be less than 255 characters',
      message: 'Message must be less than 3000 characters',
    });

    // The longest allowed values are accepted.
    const edge = await post('/api/contact', {
      name: 'x'.repeat(120),
      email: 'edge@example.com',
      message: 'm'.repeat(3000),
    });
    expect(edge.statusCode).toBe(200);

    const missing = await t.app.inject({ method: 'POST', url: '/api/contact' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().details).sort()).toEqual(['email', 'message', 'name']);

    const after = await rowCounts();
    expect(after.contacts).toBe(before.contacts + 1);
    expect(after.mails).toBe(before.mails + 1);
  });

  it('a filled honeypot gets a plain success and nothing is stored or queued', async () => {
    const before = await rowCounts();
    const res = await post('/api/contact', {
      name: 'Bot Name',
      email: 'bot@example.com',
      message: 'Buy now',
      website: 'https://spam.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // Even invalid fields get the same answer: a bot learns nothing.
    const invalid = await post('/api/contact', { name: '', website: 'x' });
    expect(invalid.statusCode).toBe(200);
    expect(invalid.json()).toEqual({ ok: true });
    expect(await rowCounts()).toEqual(before);
  });

  it('stores neither the message nor the mail when the mail cannot be queued', async () => {
    const before = await rowCounts();
    const repair = await breakOutbox();
    try {
      const res = await post('/api/contact', {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        message: 'hello',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ ok: false, error: 'Something went wrong. Please try again.' });
    } finally {
      await repair();
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('POST /api/eoi', () => {
  it('records the expression of interest and queues the staff notification with it', async () => {
    const res = await post('/api/eoi', {
      fullName: ' Alan Turing ',
      email: 'alan@example.com',
      phone: ' +44 20 7946 0000 ',
      reason: 'Frequent traveller.',
      website: '',
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    expect(res.json()).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [row] = await t.ctx.db.select().from(eoiRequests).where(eq(eoiRequests.id, id));
    expect(row).toMatchObject({
      fullName: 'Alan Turing',
      email: 'alan@example.com',
      phone: '+44 20 7946 0000',
      reason: 'Frequent traveller.',
      status: 'new',
      applicationId: null,
    });
    const mails = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'eoi.staff_notification'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('inbox@staff.example');
    expect(mails[0]!.subject).toBe('New expression of interest: Alan Turing');
    expect(mails[0]!.text).toContain('Full name: Alan Turing');
    expect(mails[0]!.text).toContain('Phone: +44 20 7946 0000');
    expect(mails[0]!.text).toContain('Reason: Frequent traveller.');
  });

  it('keeps blank optional fields as empty (null)', async () => {
    const res = await post('/api/eoi', {
      fullName: 'Mary Somerville',
      email: 'mary@example.com',
      phone: '  ',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(eoiRequests)
      .where(eq(eoiRequests.id, res.json().id));
    expect(row).toMatchObject({ phone: null, reason: null });
  });

  it("answers the spec's messages for bad input and stores nothing", async () => {
    const before = await rowCounts();
    const res = await post('/api/eoi', {
      fullName: 'A',
      email: 'nope',
      phone: '1'.repeat(31),
      reason: 'r'.repeat(2001),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ok: false,
      error: 'Full name must be at least 2 characters',
      details: {
        fullName: 'Full name must be at least 2 characters',
        email: 'Please enter a valid email address',
        phone: 'Phone number must be less than 30 characters',
        reason: 'Reason must be less than 2000 characters',
      },
    });
    const long = await post('/api/eoi', { fullName: 'x'.repeat(121), email: 'a@example.com' });
    expect(long.json().details).toEqual({
      fullName: 'Full name must be less than 120 characters',
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('a filled honeypot gets a plain success and nothing is stored or queued', async () => {
    const before = await rowCounts();
    const res = await post('/api/eoi', {
      fullName: 'Bot Name',
      email: 'bot@example.com',
      website: 'filled',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await rowCounts()).toEqual(before);
  });

  it('stores neither the request nor the mail when the mail cannot be queued', async () => {
    const before = await rowCounts();
    const repair = await breakOutbox();
    try {
      const res = await post('/api/eoi', { fullName: 'Ada Byron', email: 'ada@example.com' });
      expect(res.statusCode).toBe(500);
    } finally {
      await repair();
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('rate limits on the public forms', () => {
  it('answer 429 with Retry-After per IP, after the allowance', async () => {
    // 0.2 × 5 per 10 minutes: one submission per address per form.
    const limited = await createTestApp({ RATE_LIMIT_SCALE: '0.2' });
    try {
      for (const [url, payload] of [
        ['/api/contact', { name: 'Ada Lovelace', email: 'ada@example.com', message: 'hi' }],
        ['/api/eoi', { fullName: 'Ada Lovelace', email: 'ada@example.com' }],
      ] as const) {
        const send = (remoteAddress: string) =>
          limited.app.inject({ method: 'POST', url, payload, remoteAddress });
        expect((await send('10.1.1.1')).statusCode, url).toBe(200);
        const refused = await send('10.1.1.1');
        expect(refused.statusCode, url).toBe(429);
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(500);
        expect(retryAfter).toBeLessThanOrEqual(600);
        expect(refused.json()).toEqual({
          ok: false,
          error: 'Too many attempts. Please try again later.',
        });
        // Another address still gets through.
        expect((await send('10.1.1.2')).statusCode, url).toBe(200);
      }
      const [stored] = await limited.ctx.db.select({ n: count() }).from(contactMessages);
      expect(stored!.n).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
