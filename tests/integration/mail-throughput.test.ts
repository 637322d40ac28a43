import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { auditLog, emailOutbox } from '#server/db/schema.ts';
import {
  queueEmail,
  startMailWorker,
  type MailWorker,
  type MailWorkerOptions,
} from '#server/mail/outbox.ts';
import { isConnectionFailure } from '#server/mail/failure.ts';
import { createSmtpTransport, type MailTransport } from '#server/mail/transport.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { startSmtpSink } from '../helpers/smtp-sink.ts';

/**
 * Mail that cannot be held up (issue 36): the worker sends a flood over pooled SMTP
 * connections, a staff invitation queued during the flood leaves before the rest of it, a
 * send that hangs holds up nothing else, and mail the SMTP server could not take goes out by
 * itself once the server answers again (a recipient refused for good stays with staff).
 */

const BULK = 'admin_invite_generate.invitation_code';
const URGENT = 'admin_staff_invite.invitation';

let testDb: TestDatabase;
let db: Db;
const workers: MailWorker[] = [];
const closers: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(async () => {
  await testDb.destroy();
});
beforeEach(async () => {
  await db.delete(emailOutbox).where(sql`true`);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  for (const close of closers.splice(0).reverse()) await close();
});

const spyLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

/** A worker whose timer stays quiet unless `pollIntervalMs` says otherwise. */
function worker(transport: MailTransport, options: Partial<MailWorkerOptions> = {}) {
  const log = spyLog();
  const w = startMailWorker({ db, transport, log, pollIntervalMs: 3_600_000, ...options });
  workers.push(w);
  return { worker: w, log };
}

/** A sink and a pooled transport to it, both closed after the test. */
async function smtpSink(options: Parameters<typeof startSmtpSink>[0] = {}) {
  const sink = await startSmtpSink(options);
  const transport = createSmtpTransport(sink.url);
  closers.push(
    () => sink.close(),
    () => transport.close?.(),
  );
  return { sink, transport };
}

/** `count` bulk mails in one statement, as a large invitation run queues them. */
async function queueBulk(count: number) {
  await db.insert(emailOutbox).values(
    Array.from({ length: count }, (_, i) => ({
      to: `bulk${i}@example.com`,
      subject: 'Your invitation code',
      text: `Code ${i}`,
      template: BULK,
    })),
  );
}

const mail = (to: string, template = 'test-mail') => ({
  to,
  subject: 'Hello',
  text: 'Body',
  template,
});

async function row(id: string) {
  const [found] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

const waitFor = (check: () => Promise<void> | void) =>
  vi.waitFor(check, { timeout: 20_000, interval: 10 });

describe('a flood of bulk mail', () => {
  it('sends a staff invitation queued mid-flood over SMTP before the rest of the backlog', async () => {
    const backlog = 300;
    const running: { worker?: MailWorker } = {};
    let invite: Promise<string> | undefined;
    const { sink, transport } = await smtpSink({
      keepRaw: false,
      // Queued when the 20th bulk mail arrives, as staff invite someone during a run.
      onMail: () => {
        if (sink.received.length !== 20) return;
        invite = queueEmail(db, mail('new.member@example.com', URGENT)).then((id) => {
          running.worker?.wake();
          return id;
        });
      },
    });
    await queueBulk(backlog);
    running.worker = worker(transport).worker;
    running.worker.wake();

    await waitFor(() => expect(sink.received).toHaveLength(backlog + 1));
    const position = sink.received.findIndex((m) => m.to[0] === 'new.member@example.com');
    // What was in flight and sent while the wake gathered, not the 280 still queued.
    expect(position).toBeGreaterThanOrEqual(20);
    expect(position).toBeLessThan(backlog / 2);
    // Each mail once, each marked sent once: the marks follow the sends in batches, so the
    // last may land a moment after the sink has the mail.
    expect(new Set(sink.received.map((m) => m.to[0])).size).toBe(backlog + 1);
    await waitFor(async () => {
      expect((await row(await invite!)).status).toBe('sent');
      const pending = await db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
      expect(pending).toHaveLength(0);
    });
  });

  /** A transport whose first send waits for `release`; the rest go through at once. */
  function firstSendHeld() {
    const sent: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const transport: MailTransport = {
      async send(m) {
        if (first) {
          first = false;
          await held;
        } else await new Promise((resolve) => setImmediate(resolve));
        sent.push(m.to);
      },
    };
    return { transport, sent, release: () => release() };
  }

  it('on a wake, claims the invitation into the running batch, ahead of its queue', async () => {
    const { transport, sent, release } = firstSendHeld();
    await queueBulk(50);
    const { worker: w } = worker(transport, { concurrency: 1, batchSize: 10 });
    w.wake();
    // One bulk mail is being sent and nine wait behind it in the run's queue.
    await waitFor(async () => {
      const claimed = await db.select().from(emailOutbox).where(eq(emailOutbox.attempts, 1));
      expect(claimed).toHaveLength(10);
    });
    const invite = await queueEmail(db, mail('new.member@example.com', URGENT));
    w.wake();
    await waitFor(async () => expect((await row(invite)).attempts).toBe(1));
    release();
    await waitFor(() => expect(sent).toHaveLength(51));
    expect(sent.indexOf('new.member@example.com')).toBe(1);
  });

  it('unwoken (queued by another instance), takes the invitation with its next claim', async () => {
    const { transport, sent, release } = firstSendHeld();
    await queueBulk(50);
    const { worker: w } = worker(transport, { concurrency: 1, batchSize: 10 });
    w.wake();
    await waitFor(async () => {
      const claimed = await db.select().from(emailOutbox).where(eq(emailOutbox.attempts, 1));
      expect(claimed).toHaveLength(10);
    });
    await queueEmail(db, mail('other@example.com', URGENT));
    release();
    await waitFor(() => expect(sent).toHaveLength(51));
    // Behind the ten already claimed at most, ahead of the forty still in the table.
    const position = sent.indexOf('other@example.com');
    expect(position).toBeGreaterThan(0);
    expect(position).toBeLessThanOrEqual(10);
  });

  it('keeps up to `concurrency` sends in flight, and one that hangs holds up nothing else', async () => {
    let inFlight = 0;
    let most = 0;
    const sent: string[] = [];
    let releaseHung: () => void = () => {};
    const hung = new Promise<void>((resolve) => (releaseHung = resolve));
    const transport: MailTransport = {
      async send(m) {
        inFlight++;
        most = Math.max(most, inFlight);
        // A server stalling on one message, as a slow recipient domain would.
        if (m.to === 'bulk0@example.com') await hung;
        else await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
        sent.push(m.to);
      },
    };
    await queueBulk(120);
    const { worker: w } = worker(transport, { concurrency: 4, batchSize: 20 });
    w.wake();
    await waitFor(() => expect(sent).toHaveLength(119));
    expect(most).toBe(4);
    expect(sent).not.toContain('bulk0@example.com');
    releaseHung();
    await waitFor(() => expect(sent).toHaveLength(120));
    await waitFor(async () => {
      const left = await db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
      expect(left).toHaveLength(0);
    });
  });

  it('on stop gives back what it claimed but never sent, with the attempt unspent', async () => {
    let releaseSends: () => void = () => {};
    const gate = new Promise<void>((resolve) => (releaseSends = resolve));
    let started = 0;
    const transport: MailTransport = {
      async send() {
        started++;
        await gate;
      },
    };
    await queueBulk(30);
    const { worker: w } = worker(transport, { concurrency: 2, batchSize: 10 });
    w.wake();
    await waitFor(() => expect(started).toBe(2));
    const stopping = w.stop();
    releaseSends();
    await stopping;

    const rows = await db.select().from(emailOutbox);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(2);
    const pending = rows.filter((r) => r.status === 'pending');
    expect(pending).toHaveLength(28);
    expect(pending.every((r) => r.attempts === 0 && r.lockedUntil === null)).toBe(true);
  });
});

describe('when the SMTP server answers again', () => {
  it('sends mail set aside or backing off for a connection failure by itself, not a refused recipient', async () => {
    const { sink, transport } = await smtpSink({
      refuse: (address) => (address === 'unknown@example.com' ? 550 : null),
    });
    const once = worker(transport, { maxAttempts: 1 });
    const patient = worker(transport);

    // Refused for good: set aside for staff.
    const refused = await queueEmail(db, mail('unknown@example.com'));
    await once.worker.drainOnce();
    expect((await row(refused)).status).toBe('failed');

    // The server goes down: one mail spends its last attempt, one backs off.
    await sink.stop();
    const setAside = await queueEmail(db, mail('set.aside@example.com'));
    await once.worker.drainOnce();
    const waiting = await queueEmail(db, mail('waiting@example.com'));
    await patient.worker.drainOnce();
    expect(await row(setAside)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(isConnectionFailure((await row(setAside)).lastError ?? '')).toBe(true);
    expect(once.log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ id: setAside, template: 'test-mail', attempts: 1 }),
      'e-mail failed after its last retry; set aside until the SMTP server answers',
    );
    const backingOff = await row(waiting);
    expect(backingOff.status).toBe('pending');
    expect(backingOff.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Back up: the next mail that goes through brings both back, the refused one stays.
    await sink.start();
    await queueEmail(db, mail('next@example.com'));
    expect(await patient.worker.drainOnce()).toBe(1);
    expect(await row(setAside)).toMatchObject({ status: 'pending', attempts: 0, failedAt: null });
    expect((await row(waiting)).nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(await patient.worker.drainOnce()).toBe(2);
    expect((await row(setAside)).status).toBe('sent');
    expect((await row(waiting)).status).toBe('sent');
    expect((await row(refused)).status).toBe('failed');
    expect(sink.received.map((m) => m.to[0]).sort()).toEqual([
      'next@example.com',
      'set.aside@example.com',
      'waiting@example.com',
    ]);

    // Audited and logged like staff's retry, by the worker, with ids and no address.
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.retry'), eq(auditLog.actorType, 'system')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actorId: 'mail-worker', targetId: setAside });
    expect(audit?.after).toMatchObject({ retried: 1, ids: [setAside], automatic: true });
    expect(patient.log.info).toHaveBeenCalledWith(
      { requeued: 1, due: 1, ids: [setAside] },
      'SMTP server answers again; mail it could not take is queued again',
    );
    const logged = JSON.stringify(
      [once.log, patient.log].flatMap((l) => [l.info, l.warn, l.error].map((f) => f.mock.calls)),
    );
    expect(logged).not.toContain('@example.com');
  });

  it('asks a silent server whether it answers again, and sends what waited for it', async () => {
    const { sink, transport } = await smtpSink();
    await sink.stop();
    const id = await queueEmail(db, mail('patient@example.com'));
    // Polling often, probing at every poll: nothing else is queued to show the server is back.
    worker(transport, { maxAttempts: 1, pollIntervalMs: 20, recoveryIntervalMs: 0 });
    await waitFor(async () => expect((await row(id)).status).toBe('failed'));

    await sink.start();
    await waitFor(async () => expect((await row(id)).status).toBe('sent'));
    expect(sink.received.map((m) => m.to[0])).toEqual(['patient@example.com']);
  });
});
