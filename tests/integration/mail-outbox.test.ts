import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema.ts';
import {
  queueEmail,
  startMailWorker,
  type MailWorker,
  type MailWorkerOptions,
} from '#server/mail/outbox.ts';
import { createSmtpTransport, type MailTransport } from '#server/mail/transport.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { startSmtpSink, type SinkMail, type SmtpSink } from '../helpers/smtp-sink.ts';

let testDb: TestDatabase;
let db: Db;
let smtp: SmtpSink;
let transport: MailTransport;
let received: SinkMail[] = [];
/** While false the SMTP peer refuses every recipient, as a server in trouble would. */
let accepting = true;
const workers: MailWorker[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
  smtp = await startSmtpSink({ refuse: () => (accepting ? null : 451) });
  transport = createSmtpTransport(smtp.url);
});

afterAll(async () => {
  transport.close?.();
  await smtp.close();
  await testDb.destroy();
});

beforeEach(async () => {
  await db.delete(emailOutbox).where(sql`true`);
  smtp.received.length = 0;
  received = smtp.received;
  accepting = true;
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

function spyLog() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

/** A worker whose timer never fires during a test: batches run only through drainOnce/wake. */
function worker(options: Partial<MailWorkerOptions> = {}) {
  const log = spyLog();
  const w = startMailWorker({
    db,
    transport,
    from: 'Waj <no-reply@waj.test>',
    log,
    pollIntervalMs: 3_600_000,
    ...options,
  });
  workers.push(w);
  return { worker: w, log };
}

function mail(to: string, template = 'test-mail') {
  return {
    to,
    subject: `Hello ${to}`,
    text: `Your link: https://waj.test/apply/review?sid=secret-${to}`,
    html: `<p>Hello ${to}</p>`,
    template,
  };
}

async function row(id: string) {
  const [found] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

/** Makes a row due now, standing in for the back-off having passed. */
async function makeDue(id: string) {
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(emailOutbox.id, id));
}

describe('e-mail outbox', () => {
  it('delivers a queued mail once and marks it sent', async () => {
    const id = await db.transaction((tx) => queueEmail(tx, mail('ada@example.com', 'magic-link')));
    expect((await row(id)).status).toBe('pending');

    const { worker: w } = worker();
    expect(await w.drainOnce()).toBe(1);

    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['ada@example.com']);
    expect(received[0]?.from).toBe('no-reply@waj.test');
    expect(received[0]?.raw).toContain('Subject: Hello ada@example.com');
    expect(received[0]?.raw).toContain('sid=secret-ada@example.com');
    const sent = await row(id);
    expect(sent.status).toBe('sent');
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.attempts).toBe(1);
    expect(sent.lockedUntil).toBeNull();

    expect(await w.drainOnce()).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('never sends mail whose transaction rolled back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await queueEmail(tx, mail('ghost@example.com'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    const { worker: w } = worker();
    expect(await w.drainOnce()).toBe(0);
    expect(received).toHaveLength(0);
    expect(await db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('keeps a refused mail pending with back-off, then delivers it once accepted', async () => {
    const id = await queueEmail(db, mail('bob@example.com'));
    const { worker: w, log } = worker();
    accepting = false;

    const before = Date.now();
    expect(await w.drainOnce()).toBe(0);
    let failed = await row(id);
    expect(received).toHaveLength(0);
    expect(failed.status).toBe('pending');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/451/);
    expect(failed.lockedUntil).toBeNull();
    // First retry after 30 s.
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(before + 25_000);
    expect(failed.nextAttemptAt.getTime()).toBeLessThan(before + 60_000);
    expect(log.warn).toHaveBeenCalledTimes(1);

    // Not due yet: a drain leaves it alone.
    expect(await w.drainOnce()).toBe(0);
    expect((await row(id)).attempts).toBe(1);

    // Second failure backs off twice as long.
    await makeDue(id);
    const beforeSecond = Date.now();
    expect(await w.drainOnce()).toBe(0);
    failed = await row(id);
    expect(failed.attempts).toBe(2);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(beforeSecond + 55_000);
    expect(failed.nextAttemptAt.getTime()).toBeLessThan(beforeSecond + 90_000);

    accepting = true;
    await makeDue(id);
    expect(await w.drainOnce()).toBe(1);
    expect(received).toHaveLength(1);
    const sent = await row(id);
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBe(3);
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it('sets the mail aside after maxAttempts, with a warning that names no address', async () => {
    const id = await queueEmail(db, mail('carol@example.com'));
    const { worker: w, log } = worker({ maxAttempts: 2 });
    accepting = false;

    await w.drainOnce();
    expect((await row(id)).status).toBe('pending');
    await makeDue(id);
    await w.drainOnce();

    const failed = await row(id);
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(2);
    expect(failed.lastError).toMatch(/451/);
    expect(failed.failedAt).toBeInstanceOf(Date);
    // Not lost (staff retry it from the dashboard), so a warning, not an error.
    expect(log.error).not.toHaveBeenCalled();
    const warned = log.warn.mock.calls.find((call) => String(call[1]).includes('set aside'));
    expect(warned?.[0]).toMatchObject({ id, template: 'test-mail', attempts: 2 });
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('carol@');

    // A claim never picks up a failed row (only staff, or the worker once SMTP answers again,
    // put it back in the queue).
    accepting = true;
    await makeDue(id);
    expect(await w.drainOnce()).toBe(0);
    expect(received).toHaveLength(0);
  });

  it('delivers each mail exactly once when two workers drain concurrently', async () => {
    const count = 25;
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await queueEmail(db, mail(`user${i}@example.com`)));

    const a = worker({ batchSize: 4 }).worker;
    const b = worker({ batchSize: 4 }).worker;
    let total = 0;
    for (let round = 0; round < 20; round++) {
      const [sentA, sentB] = await Promise.all([a.drainOnce(), b.drainOnce()]);
      total += sentA + sentB;
      if (sentA + sentB === 0) break;
    }

    expect(total).toBe(count);
    expect(received).toHaveLength(count);
    const recipients = received.flatMap((r) => r.to).sort();
    expect(new Set(recipients).size).toBe(count);
    const rows = await db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('without a transport keeps mail pending and logs each one once, without its content or address', async () => {
    const first = await queueEmail(db, mail('dan@example.com', 'magic-link'));
    const second = await queueEmail(db, mail('eve@example.com', 'staff-notice'));
    const { worker: w, log } = worker({ transport: null });

    expect(await w.drainOnce()).toBe(0);
    expect(await w.drainOnce()).toBe(0);
    // A second instance, or a restart, does not log them again either.
    const other = worker({ transport: null });
    expect(await other.worker.drainOnce()).toBe(0);

    expect(received).toHaveLength(0);
    for (const id of [first, second]) {
      const kept = await row(id);
      expect(kept.status).toBe('pending');
      expect(kept.attempts).toBe(0);
    }
    expect(other.log.info).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledTimes(2);
    expect(log.info.mock.calls).toEqual(
      expect.arrayContaining([
        [{ id: first, template: 'magic-link' }, 'e-mail kept in outbox (no SMTP_URL)'],
        [{ id: second, template: 'staff-notice' }, 'e-mail kept in outbox (no SMTP_URL)'],
      ]),
    );
    expect(JSON.stringify(log.info.mock.calls)).not.toContain('sid=');
    expect(JSON.stringify(log.info.mock.calls)).not.toContain('@example.com');

    // Once SMTP is configured the kept mail goes out.
    const { worker: smtpWorker } = worker();
    expect(await smtpWorker.drainOnce()).toBe(2);
    expect(received).toHaveLength(2);
  });

  it('wake() sends promptly and stop() ends the worker', async () => {
    const { worker: w } = worker();
    const id = await queueEmail(db, mail('fay@example.com'));
    w.wake();
    await vi.waitFor(async () => expect((await row(id)).status).toBe('sent'), {
      timeout: 10_000,
      interval: 20,
    });
    expect(received).toHaveLength(1);

    await w.stop();
    await queueEmail(db, mail('gus@example.com'));
    w.wake();
    // Let any wrongly scheduled poll run: nothing must be sent after stop().
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);
  });

  it('keeps credentials out of last_error', async () => {
    const failing: MailTransport = {
      send: () =>
        Promise.reject(
          new Error('connect failed for smtp://mailer:hunter2@smtp.example.com:587\nstack'),
        ),
    };
    const id = await queueEmail(db, mail('hal@example.com'));
    const { worker: w } = worker({ transport: failing });
    await w.drainOnce();
    const failed = await row(id);
    expect(failed.lastError).toBeTruthy();
    expect(failed.lastError).not.toContain('hunter2');
    expect(failed.lastError).not.toContain('\n');
  });

  it('sends mail someone is waiting for before a backlog of bulk mail', async () => {
    for (let i = 0; i < 25; i += 1) {
      await queueEmail(db, mail(`bulk${i}@example.com`, 'admin_offer_issue.offer_issued'));
    }
    const invite = await queueEmail(
      db,
      mail('new.member@example.com', 'admin_staff_invite.invitation'),
    );
    const link = await queueEmail(db, mail('back@example.com', 'apply_magic_link.resume_link'));
    const { worker: w } = worker({ batchSize: 5 });
    await w.drainOnce();
    // The first batch of five holds both waited-for mails, though 25 were queued before them.
    expect(received).toHaveLength(5);
    expect(received.map((m) => m.to[0])).toEqual(
      expect.arrayContaining(['back@example.com', 'new.member@example.com']),
    );
    expect((await row(invite)).status).toBe('sent');
    expect((await row(link)).status).toBe('sent');
  });
});
