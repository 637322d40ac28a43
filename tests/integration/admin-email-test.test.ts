import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, emailOutbox, eoiRequests } from '#server/db/schema.ts';
import { EMAIL_TEST_MESSAGE, EMAIL_TEST_REASON } from '#server/services/admin-email-test.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const STAFF_EMAIL = 'inbox@staff.example';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp({
    STAFF_EMAIL,
    PUBLIC_URL: 'https://waj.example',
    RATE_LIMIT_SCALE: '0',
  });
  staff = await t.staffToken();
});
afterAll(async () => {
  await t?.close();
});

const emailTest = (payload: object, token: string | null = staff) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin-email-test',
    payload,
    headers: token ? { 'x-admin-pass': token } : {},
  });

async function inboxRows() {
  const [eois] = await t.ctx.db.select({ n: count() }).from(eoiRequests);
  const [contacts] = await t.ctx.db.select({ n: count() }).from(contactMessages);
  return { eois: eois!.n, contacts: contacts!.n };
}

async function newestMail() {
  const [mail] = await t.ctx.db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1);
  return mail!;
}

async function mailCount() {
  const [row] = await t.ctx.db.select({ n: count() }).from(emailOutbox);
  return row!.n;
}

describe('admin-email-test', () => {
  it('queues the EOI staff notification, marked as a test, to STAFF_EMAIL and stores no EOI', async () => {
    const res = await emailTest({ kind: 'eoi', name: ' Test Sender ', email: 'qa@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, to: STAFF_EMAIL });
    expect(await inboxRows()).toEqual({ eois: 0, contacts: 0 });

    const test = await newestMail();
    expect(test).toMatchObject({
      to: STAFF_EMAIL,
      status: 'pending',
      subject: '[TEST] New expression of interest: Test Sender',
    });

    // The same notification a real EOI with these details sends, but for the subject's mark.
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/eoi',
      payload: {
        fullName: 'Test Sender',
        email: 'qa@example.com',
        phone: '',
        reason: EMAIL_TEST_REASON,
        website: '',
      },
    });
    expect(real.statusCode).toBe(200);
    const realMail = await newestMail();
    expect(realMail.subject).toBe('New expression of interest: Test Sender');
    expect(test.text).toBe(realMail.text);
    expect(test.text).toContain('Email: qa@example.com');

    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, test.id));
    expect(audit).toMatchObject({
      actorType: 'staff',
      action: 'email.test',
      targetType: 'email_outbox',
      after: { kind: 'eoi', to: STAFF_EMAIL },
    });
  });

  it('queues the contact notification for kind contact and stores no contact message', async () => {
    const before = await inboxRows();
    const res = await emailTest({ kind: 'contact', name: 'Test Sender', email: 'qa@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, to: STAFF_EMAIL });
    expect(await inboxRows()).toEqual(before);

    const test = await newestMail();
    expect(test).toMatchObject({
      to: STAFF_EMAIL,
      subject: '[TEST] New contact message: Test Sender',
    });
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Test Sender',
        email: 'qa@example.com',
        message: EMAIL_TEST_MESSAGE,
        website: '',
      },
    });
    expect(real.statusCode).toBe(200);
    const realMail = await newestMail();
    expect(realMail.subject).toBe('New contact message: Test Sender');
    expect(test.text).toBe(realMail.text);
  });

  it('needs a name, an e-mail address and a kind (400), and queues nothing then', async () => {
    const mails = await mailCount();
    const cases: [object, string][] = [
      [{ kind: 'eoi', email: 'qa@example.com' }, 'Name must be at least 2 characters'],
      [{ kind: 'eoi', name: ' ', email: 'qa@example.com' }, 'Name must be at least 2 characters'],
      [{ kind: 'contact', name: 'Test Sender' }, 'Please enter a valid email address'],
      [
        { kind: 'contact', name: 'Test Sender', email: 'nope' },
        'Please enter a valid email address',
      ],
      [{ name: 'Test Sender', email: 'qa@example.com' }, 'Please choose EOI or contact'],
    ];
    for (const [payload, error] of cases) {
      const res = await emailTest(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect(await mailCount()).toBe(mails);
  });

  it('is for staff only', async () => {
    const mails = await mailCount();
    const res = await emailTest(
      { kind: 'eoi', name: 'Test Sender', email: 'qa@example.com' },
      null,
    );
    expect(res.statusCode).toBe(401);
    expect(await mailCount()).toBe(mails);
  });
});
