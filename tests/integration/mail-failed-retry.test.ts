import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, emailOutbox } from '#server/db/schema.ts';
import { queueEmail, startMailWorker, type MailWorker } from '#server/mail/outbox.ts';
import type { OutgoingMail } from '#server/mail/transport.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * Mail that spent its retries is set aside, not lost: staff see it (with the last error),
 * send it again one by one or all at once, and monitoring reads the outbox's figures.
 */

let t: TestApp;
let staff: string;
const workers: MailWorker[] = [];
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.staffToken();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  await t?.close();
});

const log = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

/** A worker whose SMTP server refuses the recipient, with one attempt allowed: it fails at once. */
function failingWorker(logger = log()) {
  const worker = startMailWorker({
    db: t.ctx.db,
    transport: {
      send: () =>
        Promise.reject(
          Object.assign(new Error('550 5.1.1 <ada.l@example.com>: Recipient address rejected'), {
            responseCode: 550,
          }),
        ),
    },
    log: logger,
    maxAttempts: 1,
    pollIntervalMs: 3_600_000,
  });
  workers.push(worker);
  return worker;
}

function sendingWorker(sent: OutgoingMail[]) {
  const worker = startMailWorker({
    db: t.ctx.db,
    transport: { send: async (mail) => void sent.push(mail) },
    log: log(),
    pollIntervalMs: 3_600_000,
  });
  workers.push(worker);
  return worker;
}

const call = (url: string, payload: object, token: string | null = staff) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { 'x-admin-pass': token } : {},
  });

async function failedMail(subject: string): Promise<string> {
  const id = await queueEmail(t.ctx.db, {
    to: 'ada.l@example.com',
    subject,
    text: 'Your sign-in link: https://example.com/apply/review?sid=secret',
    template: 'resume-link',
  });
  await failingWorker().drainOnce();
  return id;
}

const statusOf = async (id: string) =>
  (await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

describe('failed mail', () => {
  it('is set aside after its last retry, logged without the address, and counted for monitoring', async () => {
    const before = (await t.app.inject('/healthz/detail')).json().mail.failed as number;
    const logger = log();
    const id = await queueEmail(t.ctx.db, {
      to: 'ada.l@example.com',
      subject: 'Continue your application',
      text: 'body',
      template: 'resume-link',
    });
    await failingWorker(logger).drainOnce();

    const row = await statusOf(id);
    expect(row.status).toBe('failed');
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.lastError).toBe('550: 550 5.1.1 <[address]>: Recipient address rejected');
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ id, template: 'resume-link', attempts: 1 }),
      'e-mail failed after its last retry; set aside for staff',
    );
    expect(JSON.stringify(logger.warn.mock.calls)).not.toContain('ada.l@');

    const health = await t.app.inject('/healthz/detail');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ ok: true, database: 'up', mail: { failed: before + 1 } });
    expect(health.body).not.toContain('@');
  });

  it('is listed for staff with its recipient and last error, never its body', async () => {
    await failedMail('Listed mail');
    const res = await call('/api/admin-email-failed-list', { page: 1, pageSize: 20 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(1);
    expect(body.data[0]).toMatchObject({
      to: 'ada.l@example.com',
      subject: 'Listed mail',
      template: 'resume-link',
      attempts: 1,
      last_error: expect.stringContaining('Recipient address rejected'),
    });
    expect(res.body).not.toContain('sid=secret');
  });

  it('is sent again when staff retry it, and the audit row names no address', async () => {
    const id = await failedMail('Retry me');
    const res = await call('/api/admin-email-retry', { id });
    expect(res.json()).toEqual({ ok: true, retried: 1 });
    expect(await statusOf(id)).toMatchObject({ status: 'pending', attempts: 0, failedAt: null });

    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'email.retry'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actorType: 'staff', targetType: 'email_outbox', targetId: id });
    expect(JSON.stringify(audit)).not.toContain('ada.l@');

    // A second retry of the same mail (a colleague's click) changes nothing.
    expect((await call('/api/admin-email-retry', { id })).statusCode).toBe(409);

    const sent: OutgoingMail[] = [];
    await sendingWorker(sent).drainOnce();
    expect(sent.map((m) => m.subject)).toContain('Retry me');
    expect((await statusOf(id)).status).toBe('sent');
  });

  it('can be retried all at once', async () => {
    const ids = [await failedMail('All one'), await failedMail('All two')];
    const res = await call('/api/admin-email-retry', { all: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().retried).toBeGreaterThanOrEqual(2);
    for (const id of ids) expect((await statusOf(id)).status).toBe('pending');
    const list = await call('/api/admin-email-failed-list', {});
    expect(list.json()).toMatchObject({ data: [], total: 0 });
    expect((await t.app.inject('/healthz/detail')).json().mail.failed).toBe(0);
  });

  it('refuses strangers and bad input, in the contract shape', async () => {
    expect((await call('/api/admin-email-failed-list', {}, null)).statusCode).toBe(401);
    expect((await call('/api/admin-email-retry', { all: true }, null)).statusCode).toBe(401);
    for (const payload of [{}, { id: 'not-an-id' }, { all: false }, { all: 'yes' }]) {
      const res = await call('/api/admin-email-retry', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: expect.any(String) });
    }
    const page = await call('/api/admin-email-failed-list', { page: '2' });
    expect(page.statusCode).toBe(400);
  });
});
