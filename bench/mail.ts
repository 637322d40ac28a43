/**
 * Part of `npm run bench`: the mail outbox (issue 36, "Mail that cannot be held up"). One worker,
 * as one instance runs it, sends to an SMTP sink on loopback (smtp-server, in a thread of its
 * own as a mail server is a process of its own) over the product's pooled transport:
 *
 * 1. Throughput: BENCH_MAIL_COUNT (10,000) invitation-code mails, the product's own template,
 *    queued at once; mails a second from the first wake until the sink has them all, and until
 *    every row is marked sent. Target: ≥ 200 a second.
 * 2. Priority under load: the same backlog again; while it drains, staff invitations are queued
 *    one after another (BENCH_MAIL_INVITES, 6), half followed by a wake as a handler does
 *    (ctx.wakeMailer), half not (queued by another instance: only the worker's own claims find
 *    them). Each is timed from before its insert to the sink's receipt. Target: ≤ 5 s.
 *
 * On PGlite and, with DATABASE_URL, on PostgreSQL (a fresh database each, dropped after).
 * Fails when a target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { openDatabase, queryRows, type Db } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { seedDatabase } from '#server/db/seed.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { queueEmail, startMailWorker, type MailWorker } from '#server/mail/outbox.ts';
import { invitationCodeMail } from '#server/mail/templates/invitation-code.ts';
import { staffInvitationMail } from '#server/mail/templates/staff-invitation.ts';
import { createSmtpTransport } from '#server/mail/transport.ts';
import { createEmptyPostgresDatabase } from '../tests/helpers/db.ts';

const COUNT = Number(process.env.BENCH_MAIL_COUNT ?? 10_000);
const INVITES = Number(process.env.BENCH_MAIL_INVITES ?? 6);
const TARGET_PER_SECOND = 200;
const TARGET_URGENT_MS = 5_000;
const BULK = 'admin_invite_generate.invitation_code';
const URGENT = 'admin_staff_invite.invitation';
const say = (line: string) => process.stdout.write(`${line}\n`);
/** Wall-clock milliseconds both threads agree on. */
const now = () => performance.timeOrigin + performance.now();

type SinkMessage = { port: number } | { to: string; at: number };

if (!isMainThread) {
  // The sink: accepts everything and tells the bench who got a mail and when.
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]?.address ?? '';
        parentPort!.postMessage({ to, at: now() } satisfies SinkMessage);
        callback();
      });
    },
  });
  server.on('error', () => {});
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.server.address() as AddressInfo;
    parentPort!.postMessage({ port } satisfies SinkMessage);
  });
} else {
  const kinds = process.env.DATABASE_URL
    ? (['pglite', 'postgres'] as const)
    : (['pglite'] as const);
  let failed = false;
  for (const kind of kinds) {
    const result = await run(kind);
    failed ||= result.perSecond < TARGET_PER_SECOND || result.worstUrgentMs > TARGET_URGENT_MS;
  }
  process.exitCode = failed ? 1 : 0;
}

/**
 * A fresh, migrated database as a server opens it: PGlite in a directory on disk (an in-memory
 * one grows its files by copying them, which a server's never does), or a new PostgreSQL
 * database made from DATABASE_URL.
 */
async function openFresh(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'waj-bench-mail-'));
    const database = await openDatabase({ dataDir: dir });
    await migrateDatabase(database, seedDatabase);
    return {
      database,
      async destroy() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ url: empty.url, dataDir: 'memory' });
  await migrateDatabase(database, seedDatabase);
  return {
    database,
    async destroy() {
      await database.close();
      await empty.drop();
    },
  };
}

async function run(kind: 'pglite' | 'postgres') {
  const testDb = await openFresh(kind);
  const { db } = testDb.database;
  const sink = new Worker(new URL(import.meta.url));
  const arrivals = new Map<string, number>();
  let received = 0;
  const port = await new Promise<number>((resolve) => {
    sink.on('message', (message: SinkMessage) => {
      if ('port' in message) return resolve(message.port);
      received++;
      arrivals.set(message.to, message.at);
    });
  });
  const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`);
  let warnings = 0;
  let errors = 0;
  // Quiet, but a failure must not pass unseen.
  const log = {
    info: () => {},
    warn: () => void warnings++,
    error: () => void errors++,
  };
  let worker: MailWorker | undefined;
  try {
    worker = startMailWorker({ db, transport, log, pollIntervalMs: 3_600_000 });

    // 1. Throughput.
    await queueBulk(db, COUNT);
    const load = loadavg()[0]!;
    let started = now();
    // The worker's thread (with PGlite, which runs in it); the sink has a thread of its own.
    const cpuBefore = process.threadCpuUsage();
    worker.wake();
    await until(() => received >= COUNT);
    const deliveredSeconds = (now() - started) / 1000;
    const cpu = process.threadCpuUsage(cpuBefore);
    const cpuPerMailMs = (cpu.user + cpu.system) / 1000 / COUNT;
    await until(async () => (await pendingCount(db)) === 0);
    const markedSeconds = (now() - started) / 1000;
    const perSecond = COUNT / deliveredSeconds;

    // 2. Staff invitations queued while the backlog drains.
    received = 0;
    await queueBulk(db, COUNT);
    started = now();
    worker.wake();
    const invites: { woken: boolean; ms: number; bulkLeft: number }[] = [];
    for (let i = 0; i < INVITES; i++) {
      const threshold = Math.floor(((i + 1) * COUNT) / (INVITES + 2));
      await until(() => received >= threshold);
      const to = `new.staff${i}@example.com`;
      const woken = i % 2 === 0;
      const queuedAt = now();
      await queueEmail(db, {
        to,
        template: URGENT,
        ...staffInvitationMail({
          name: `New Member ${i}`,
          role: 'operations',
          invitedBy: 'Ada Owner',
          joinUrl: `https://waj.example/admin/join?token=${'x'.repeat(43)}`,
        }),
      });
      if (woken) worker.wake();
      await until(() => arrivals.has(to), 60_000);
      invites.push({ woken, ms: arrivals.get(to)! - queuedAt, bulkLeft: COUNT - received });
    }
    await until(async () => (await pendingCount(db)) === 0);
    const floodSeconds = (now() - started) / 1000;

    const worst = (woken: boolean) =>
      Math.max(...invites.filter((x) => x.woken === woken).map((x) => x.ms));
    const worstUrgentMs = Math.max(...invites.map((x) => x.ms));
    say(
      `mail (${kind}): ${COUNT} mails delivered in ${deliveredSeconds.toFixed(1)} s = ` +
        `${Math.round(perSecond)}/s (all marked sent at ${markedSeconds.toFixed(1)} s), ` +
        `${cpuPerMailMs.toFixed(2)} ms of the worker's thread's CPU a mail, load average ` +
        `${load.toFixed(1)}; target ≥ ${TARGET_PER_SECOND}/s`,
    );
    say(
      `mail (${kind}): staff invitation during a ${COUNT}-mail flood: woken ` +
        `${invites
          .filter((x) => x.woken)
          .map((x) => Math.round(x.ms))
          .join(', ')} ms, unwoken ${invites
          .filter((x) => !x.woken)
          .map((x) => Math.round(x.ms))
          .join(', ')} ms ` +
        `(worst ${Math.round(worst(true))} / ${Math.round(worst(false))} ms, ` +
        `${Math.min(...invites.map((x) => x.bulkLeft))}+ bulk still queued each time); ` +
        `flood drained in ${floodSeconds.toFixed(1)} s; target ≤ ${TARGET_URGENT_MS} ms`,
    );
    if (warnings || errors) say(`mail (${kind}): ${warnings} warnings, ${errors} errors logged`);
    return { perSecond, worstUrgentMs: warnings || errors ? Infinity : worstUrgentMs };
  } finally {
    await worker?.stop();
    transport.close?.();
    await sink.terminate();
    await testDb.destroy();
  }
}

/** `count` invitation-code mails in one statement, the product's template, one address each. */
async function queueBulk(db: Db, count: number) {
  const content = invitationCodeMail({
    fullName: 'Grace Hopper',
    codes: ['WAJ-7K3Q-9XPM'],
    publicUrl: 'https://waj.example',
  });
  await db.execute(sql`
    insert into ${emailOutbox} (to_address, subject, text_body, html_body, template)
    select 'bulk' || i || '@example.com', ${content.subject}, ${content.text}, ${content.html},
      ${BULK}
    from generate_series(1, ${count}) as i`);
}

async function pendingCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${emailOutbox} where status = 'pending'`,
  );
  return row?.n ?? 0;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 600_000) {
  const deadline = now() + timeoutMs;
  while (!(await check())) {
    if (now() > deadline) throw new Error(`bench/mail: gave up after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
