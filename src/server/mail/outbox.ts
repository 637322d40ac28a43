import { and, eq, getTableColumns, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { OutboxHealth } from '#shared/schemas/mail.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { CONNECTION_FAILURE, describeError, isConnectionFailure } from './failure.ts';
import { MAIL_PRIORITIES, mailPriority } from './priority.ts';
import { SMTP_CONNECTIONS, type MailTransport } from './transport.ts';

/**
 * The transactional outbox: a change that causes a mail queues it in the same transaction, so
 * the mail exists exactly when the change does, and a worker delivers it afterwards. Delivery
 * is at least once: if the process dies between the SMTP server's acceptance and the `sent`
 * update, the lease lapses and the mail is sent again. That is the right failure for sign-in
 * links and notifications; losing one is not.
 */

export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What kind of mail this is; logged instead of the content. */
  template: string;
  /** The applicant it is about, so subject access and erasure find it (CONTRACT §6). */
  applicationId?: string | null;
}

/** Uses only the handle it is given, so the mail commits or rolls back with the caller. */
export async function queueEmail(db: Db | Tx, mail: QueuedMail): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      template: mail.template,
      priority: mailPriority(mail.template),
      applicationId: mail.applicationId ?? null,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('email_outbox insert returned no row');
  return row.id;
}

/**
 * Inserts one row and queues its mail in one statement (two inserts in a WITH): atomic like a
 * transaction, in one round trip instead of four (BEGIN, two INSERTs, COMMIT). For the public
 * forms, the busiest writes. `values` are by the table's property names; resolves to the id.
 */
export async function insertWithMail<T extends PgTable & { id: PgColumn }>(
  db: Db,
  table: T,
  values: Partial<Record<keyof T['$inferInsert'] & string, unknown>>,
  mail: QueuedMail,
): Promise<string> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  const names = entries.map(([key]) => sql.identifier(columns[key]!.name));
  const params = entries.map(([, value]) => sql`${value}`);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`with stored as (
          insert into ${table} (${sql.join(names, sql`, `)}) values (${sql.join(params, sql`, `)})
          returning ${sql.identifier(table.id.name)} as id
        ), queued as (
          insert into ${emailOutbox}
            (${sql.identifier(emailOutbox.to.name)}, ${sql.identifier(emailOutbox.subject.name)},
             ${sql.identifier(emailOutbox.text.name)}, ${sql.identifier(emailOutbox.html.name)},
             ${sql.identifier(emailOutbox.template.name)}, ${sql.identifier(emailOutbox.priority.name)})
          values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.template},
                  ${mailPriority(mail.template)})
        )
        select id from stored`,
  );
  if (!row) throw new Error('insertWithMail: the insert returned no row');
  return row.id;
}

/** The outbox's figures for monitoring: counts and the oldest wait, nothing personal. */
export async function outboxHealth(db: Db): Promise<OutboxHealth> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${emailOutbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed')::int`,
      oldest: sql<number | null>`extract(epoch from now() - min(${emailOutbox.createdAt})
        filter (where ${emailOutbox.status} = 'pending'))::float8`,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ['pending', 'failed']));
  return {
    pending: row?.pending ?? 0,
    oldest_pending_seconds: Math.max(0, Math.floor(Number(row?.oldest ?? 0))),
    failed: row?.failed ?? 0,
  };
}

/** The subset of pino's logger the worker uses, so tests can pass a plain spy. */
export interface MailLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailWorkerOptions {
  db: Db;
  /** null when SMTP_URL is unset: mail is kept in the outbox and only logged. */
  transport: MailTransport | null;
  /** The sender, MAIL_FROM. */
  from?: string;
  log: MailLogger;
  pollIntervalMs?: number;
  /**
   * Rows one claim takes (default 50). Small, so mail queued during a flood is claimed within
   * a fraction of a second; large enough that claiming is a small part of sending.
   */
  batchSize?: number;
  /** Mails being sent at once (default SMTP_CONNECTIONS, one per pooled connection). */
  concurrency?: number;
  maxAttempts?: number;
  /**
   * At most how often mail that waits for the SMTP server is put back in the queue, and how
   * often the server is asked whether it answers again while such mail waits (default 60 s).
   */
  recoveryIntervalMs?: number;
}

export interface MailWorker {
  /** Look for due mail now, e.g. right after a transaction that queued some committed. */
  wake(): void;
  /** Stops claiming, lets the sends in flight finish and waits for their outcome to be kept. */
  stop(): Promise<void>;
  /** Claims one batch, sends it and returns how many mails were sent. */
  drainOnce(): Promise<number>;
}

const DEFAULT_FROM = 'Waj <no-reply@waj.co.uk>';
/**
 * How long a wake waits for others to join it: under load every write wakes the worker, and
 * one look per burst, not one per write, keeps the database for the writes themselves.
 */
const WAKE_DELAY_MS = 25;
/**
 * How long a claim lasts. It must outlast a claimed row's wait in the run's queue and its send
 * (the transport's timeouts bound each send; a timeout ends the run and gives the queue back),
 * or another instance could claim a row this one is still sending.
 */
const LEASE_SECONDS = 10 * 60;
/**
 * How long a sent mail may wait to be marked sent. Marks are written a batch at a time; a crash
 * before the write sends those mails again (at least once), so the wait is kept short.
 */
const MARK_WITHIN_MS = 500;
const BACKOFF_BASE_SECONDS = 30;
const BACKOFF_CAP_SECONDS = 60 * 60;
/**
 * Mail older than this is no longer sent again by itself when SMTP answers (staff still can):
 * a bound on how long a mail that keeps failing can keep coming back.
 */
const AUTO_RESEND_HOURS = 72;
const NO_TRANSPORT_NOTE = 'not sent: no SMTP_URL configured';
/** Who the audit log names for mail the worker queues again by itself. */
const WORKER_ACTOR: Actor = { type: 'system', id: 'mail-worker' };

/** 30 s, 60 s, 120 s, … capped at an hour; `attempts` counts the one that just failed. */
export function retryDelaySeconds(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(BACKOFF_CAP_SECONDS, BACKOFF_BASE_SECONDS * 2 ** Math.min(exponent, 30));
}

interface Claimed {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  template: string;
  attempts: number;
  priority: number;
  nextAttemptAt: Date;
}

/** How a send ended: sent, failed, or failed because the server could not be reached. */
type Outcome = 'sent' | 'failed' | 'unreachable';

/** Urgent first, then by when due; the sort is stable, so rows already queued keep their turn. */
function byTurn(a: Claimed, b: Claimed): number {
  return b.priority - a.priority || a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime();
}

/**
 * Every update of a claimed row matches the attempt count its claim set, so a worker whose
 * lease lapsed and whose row was claimed again cannot overwrite the newer claim's outcome.
 */
function claimedRows(rows: readonly Claimed[]) {
  return and(
    eq(emailOutbox.status, 'pending'),
    inArray(
      emailOutbox.id,
      rows.map((row) => row.id),
    ),
    sql`(${emailOutbox.id}, ${emailOutbox.attempts}) in (${sql.join(
      rows.map((row) => sql`(${row.id}::uuid, ${row.attempts}::integer)`),
      sql`, `,
    )})`,
  );
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log } = options;
  const from = options.from ?? DEFAULT_FROM;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 50;
  const concurrency = Math.max(1, options.concurrency ?? SMTP_CONNECTIONS);
  const maxAttempts = options.maxAttempts ?? 12;
  const recoveryIntervalMs = options.recoveryIntervalMs ?? 60_000;

  /**
   * Claims up to `limit` due rows, urgent first (mail/priority.ts), then by when due; with
   * `minPriority` only rows at least that urgent. One statement a priority level, most urgent
   * first: each reads the (status, priority, next_attempt_at) index as one range in its order,
   * which the planner uses whatever its statistics say (one statement sorting every due row by
   * priority and due time could not use it, and sorted all 10,000 of a flood for each claim).
   * SKIP LOCKED lets instances claim disjoint rows, and the lease plus the attempt count make
   * the claim visible to everyone once committed.
   */
  async function claim(limit: number, minPriority = 0): Promise<Claimed[]> {
    const claimed: Claimed[] = [];
    for (const priority of MAIL_PRIORITIES) {
      if (priority < minPriority || claimed.length >= limit) break;
      const due = db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.status, 'pending'),
            eq(emailOutbox.priority, priority),
            lte(emailOutbox.nextAttemptAt, sql`now()`),
            or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, sql`now()`)),
          ),
        )
        .orderBy(emailOutbox.nextAttemptAt)
        .limit(limit - claimed.length)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(emailOutbox)
        .set({
          lockedUntil: sql`now() + ${LEASE_SECONDS}::integer * interval '1 second'`,
          attempts: sql`${emailOutbox.attempts} + 1`,
        })
        .where(inArray(emailOutbox.id, due))
        .returning({
          id: emailOutbox.id,
          to: emailOutbox.to,
          subject: emailOutbox.subject,
          text: emailOutbox.text,
          html: emailOutbox.html,
          template: emailOutbox.template,
          attempts: emailOutbox.attempts,
          priority: emailOutbox.priority,
          nextAttemptAt: emailOutbox.nextAttemptAt,
        });
      claimed.push(...rows);
    }
    // RETURNING keeps no order.
    return claimed.sort(byTurn);
  }

  async function send(sender: MailTransport, row: Claimed): Promise<Outcome> {
    try {
      await sender.send({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html === null ? {} : { html: row.html }),
      });
      return 'sent';
    } catch (error) {
      return recordFailure(row, error);
    }
  }

  /**
   * Set when a send found the server unreachable (and at start, for mail set aside before):
   * the next send that succeeds looks for mail to put back in the queue.
   */
  let recoveryArmed = true;
  let lastRecoveryAt = -Infinity;

  async function recordFailure(row: Claimed, error: unknown): Promise<Outcome> {
    const reason = describeError(error);
    const unreachable = isConnectionFailure(reason);
    if (unreachable) recoveryArmed = true;
    if (row.attempts >= maxAttempts) {
      await db
        .update(emailOutbox)
        .set({ status: 'failed', lastError: reason, lockedUntil: null, failedAt: sql`now()` })
        .where(claimedRows([row]));
      // Not lost, so a warning: staff see it on the dashboard and can send it again, monitoring
      // reads the failed count from /healthz/detail, and if the server could not be reached it
      // goes out again by itself once the server answers (recover below).
      log.warn(
        { id: row.id, template: row.template, attempts: row.attempts, error: reason },
        unreachable
          ? 'e-mail failed after its last retry; set aside until the SMTP server answers'
          : 'e-mail failed after its last retry; set aside for staff',
      );
    } else {
      const delay = retryDelaySeconds(row.attempts);
      await db
        .update(emailOutbox)
        .set({
          lastError: reason,
          nextAttemptAt: sql`now() + ${delay}::integer * interval '1 second'`,
          lockedUntil: null,
        })
        .where(claimedRows([row]));
      log.warn(
        {
          id: row.id,
          template: row.template,
          attempts: row.attempts,
          retryInSeconds: delay,
          error: reason,
        },
        'e-mail not sent; will retry',
      );
    }
    return unreachable ? 'unreachable' : 'failed';
  }

  /**
   * Marked sent only once the SMTP server has accepted them: one statement for the lot. Resolves
   * to how many were still this worker's to mark (a lapsed lease's row is another's).
   */
  async function markSent(rows: readonly Claimed[]): Promise<number> {
    if (rows.length === 0) return 0;
    const marked = await db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null })
      .where(claimedRows(rows))
      .returning({ id: emailOutbox.id, template: emailOutbox.template });
    for (const row of marked) log.info({ id: row.id, template: row.template }, 'e-mail sent');
    return marked.length;
  }

  /** Claimed rows never handed to the server go back as they were, their attempt unspent. */
  async function release(rows: readonly Claimed[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .update(emailOutbox)
      .set({ lockedUntil: null, attempts: sql`${emailOutbox.attempts} - 1` })
      .where(claimedRows(rows));
  }

  /** Mail the server, not the mail, stopped: set aside, or waiting out a back-off. */
  const setAsideUnreachable = and(
    eq(emailOutbox.status, 'failed'),
    gt(emailOutbox.createdAt, sql`now() - ${AUTO_RESEND_HOURS}::integer * interval '1 hour'`),
    sql`${emailOutbox.lastError} ~ ${CONNECTION_FAILURE}`,
  );
  const backingOffUnreachable = and(
    eq(emailOutbox.status, 'pending'),
    gt(emailOutbox.nextAttemptAt, sql`now()`),
    or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, sql`now()`)),
    sql`${emailOutbox.lastError} ~ ${CONNECTION_FAILURE}`,
  );

  /**
   * The SMTP server answers again: mail set aside because the server could not be reached goes
   * back in the queue as if new, as staff's retry puts it, and mail waiting out a back-off after
   * a connection failure is due now. A refused recipient or message (4yz, 5yz) stays as it is,
   * for its back-off or for staff. Audited like staff's retry, by the worker; ids and counts
   * only. Mail queued more than AUTO_RESEND_HOURS ago is left to staff.
   */
  async function recover(): Promise<number> {
    recoveryArmed = false;
    lastRecoveryAt = Date.now();
    const { requeued, hurried } = await db.transaction(async (tx) => {
      const requeued = await tx
        .update(emailOutbox)
        .set({
          status: 'pending',
          attempts: 0,
          nextAttemptAt: sql`now()`,
          lockedUntil: null,
          failedAt: null,
        })
        .where(setAsideUnreachable)
        .returning({ id: emailOutbox.id });
      const hurried = await tx
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(backingOffUnreachable)
        .returning({ id: emailOutbox.id });
      if (requeued.length > 0) {
        await writeAudit(tx, {
          actor: WORKER_ACTOR,
          action: 'email.retry',
          target: { type: 'email_outbox', id: requeued.length === 1 ? requeued[0]!.id : null },
          after: {
            retried: requeued.length,
            ids: requeued.map((r) => r.id).slice(0, 100),
            automatic: true,
          },
        });
      }
      return { requeued, hurried };
    });
    if (requeued.length + hurried.length > 0) {
      log.info(
        {
          requeued: requeued.length,
          due: hurried.length,
          ids: requeued.map((r) => r.id).slice(0, 100),
        },
        'SMTP server answers again; mail it could not take is queued again',
      );
    }
    return requeued.length + hurried.length;
  }

  /** After a send succeeded: recover, if a failure since the last look asks for it. */
  async function recoverAfterSuccess(): Promise<number> {
    if (!recoveryArmed || Date.now() - lastRecoveryAt < recoveryIntervalMs) return 0;
    return recover();
  }

  let lastProbeAt = Date.now();
  /**
   * With nothing being sent, no success tells the worker the server is back: while mail waits
   * for it, ask the server itself, at most once per recovery interval.
   */
  async function probe(): Promise<number> {
    if (!transport?.verify || Date.now() - lastProbeAt < recoveryIntervalMs) return 0;
    lastProbeAt = Date.now();
    const [waiting] = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(or(setAsideUnreachable, backingOffUnreachable))
      .limit(1);
    if (!waiting) return 0;
    try {
      await transport.verify();
    } catch {
      // Still unreachable: the next probe asks again.
      return 0;
    }
    return recover();
  }

  let stopped = false;
  /** Whether the timer's run (not drainOnce) is sending: a wake then claims into it. */
  let pumping = false;
  /** A wake came during a run: claim what outranks the run's queue, and claim once more. */
  let claimAhead = false;
  let aheadTimer: NodeJS.Timeout | undefined;
  /** Resolves the run's current wait: a send ended, a claim or mark came back, a wake, stop. */
  let poke: () => void = () => {};

  /**
   * Sends due mail, `concurrency` at a time, until none is due (or after `claims` claims).
   * Claims run beside the sends, each `batchSize` rows, whenever fewer than two rounds of sends
   * are queued: a flood is claimed in small steps, so mail queued during it (urgent first by
   * the claim's order) waits for one step at most; a wake claims at once what outranks the
   * queue and puts it at its head. A send that finds the server unreachable ends the run: what
   * is claimed and unsent goes back, its attempt unspent, and the next poll tries again.
   */
  async function sendDue(sender: MailTransport, claims: number): Promise<number> {
    const queue: Claimed[] = [];
    const inFlight = new Set<Promise<void>>();
    let toMark: Claimed[] = [];
    /** The oldest unmarked send has waited MARK_WITHIN_MS. */
    let markDue = false;
    let claiming: Promise<void> | null = null;
    let marking: Promise<void> | null = null;
    let claimsLeft = claims;
    let more = true;
    let unreachable = false;
    /** What went wrong with the database, if anything: the run ends and throws it. */
    const failures: unknown[] = [];
    let sent = 0;
    let markTimer: NodeJS.Timeout | undefined;

    const background = (work: Promise<void>, done: () => void) =>
      work
        .catch((error: unknown) => {
          failures.push(error);
        })
        .finally(() => {
          done();
          poke();
        });

    function startClaim(minPriority: number) {
      claimsLeft--;
      claiming = background(
        claim(batchSize, minPriority).then((rows) => {
          if (minPriority === 0) more = rows.length === batchSize;
          queue.push(...rows);
          queue.sort(byTurn);
        }),
        () => (claiming = null),
      );
    }

    function startMark() {
      const rows = toMark;
      toMark = [];
      markDue = false;
      clearTimeout(markTimer);
      markTimer = undefined;
      marking = background(
        (async () => {
          sent += await markSent(rows);
          // Mail put back goes out in this run (drainOnce's one claim is spent: its next one).
          if ((await recoverAfterSuccess()) > 0) more = true;
        })(),
        () => (marking = null),
      );
    }

    function startSend(row: Claimed) {
      const task = send(sender, row)
        .then((outcome) => {
          if (outcome === 'sent') {
            if (toMark.length === 0) {
              markTimer = setTimeout(() => {
                markDue = true;
                poke();
              }, MARK_WITHIN_MS);
              markTimer.unref();
            }
            toMark.push(row);
          } else if (outcome === 'unreachable') unreachable = true;
        })
        .catch((error: unknown) => {
          failures.push(error);
        })
        .finally(() => {
          inFlight.delete(task);
          poke();
        });
      inFlight.add(task);
    }

    try {
      for (;;) {
        const ending = stopped || unreachable || failures.length > 0;
        if (!ending) {
          while (inFlight.size < concurrency && queue.length > 0) startSend(queue.shift()!);
          if (!claiming && claimsLeft > 0) {
            if (pumping && claimAhead) {
              claimAhead = false;
              more = true;
              // Only what outranks the queue: the rest waits its turn in the table.
              startClaim(queue.length > 0 ? queue.at(-1)!.priority + 1 : 0);
            } else if (more && queue.length < 2 * concurrency) startClaim(0);
          }
        }
        const idle = inFlight.size === 0 && !claiming;
        if (!marking && toMark.length > 0 && (toMark.length >= batchSize || idle || markDue)) {
          startMark();
        }
        const done = ending || claimsLeft === 0 || !more;
        if (idle && !marking && toMark.length === 0 && (queue.length === 0 || ending) && done) {
          break;
        }
        await new Promise<void>((resolve) => (poke = resolve));
      }
    } finally {
      clearTimeout(markTimer);
      poke = () => {};
      await release(queue.splice(0)).catch((error: unknown) => {
        failures.push(error);
      });
    }
    if (failures.length > 0) throw failures[0];
    return sent;
  }

  /**
   * Without a transport nothing is claimed (attempts stay 0, so the mail is delivered in full
   * once SMTP_URL is set). Each pending row is logged once: the same atomic update that picks
   * it stamps `last_error` with a note, so neither later polls, restarts nor a second instance
   * log it again. Logging on queue instead would log mail whose transaction then rolled back.
   * Only id, template and recipient are logged: bodies and subjects carry sign-in links.
   */
  async function noteKeptMail(): Promise<number> {
    const unnoted = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), isNull(emailOutbox.lastError)))
      .orderBy(emailOutbox.createdAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const kept = await db
      .update(emailOutbox)
      .set({ lastError: NO_TRANSPORT_NOTE })
      .where(inArray(emailOutbox.id, unnoted))
      .returning({ id: emailOutbox.id, template: emailOutbox.template });
    // The id and the kind, never the address: a log line is kept far longer and more widely
    // than the row (staff find the mail itself through the id).
    for (const row of kept) {
      log.info({ id: row.id, template: row.template }, 'e-mail kept in outbox (no SMTP_URL)');
    }
    return kept.length;
  }

  /** The timer's run: everything due, then a probe if mail waits for the server. */
  async function pump(): Promise<void> {
    if (!transport) {
      while ((await noteKeptMail()) === batchSize && !stopped);
      return;
    }
    pumping = true;
    try {
      do await sendDue(transport, Infinity);
      while (!stopped && (await probe()) > 0);
    } finally {
      pumping = false;
      claimAhead = false;
      clearTimeout(aheadTimer);
      aheadTimer = undefined;
    }
  }

  // Runs one at a time per worker, whether started by the timer, wake() or drainOnce().
  let chain: Promise<unknown> = Promise.resolve();
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const result = chain.then(fn);
    chain = result.catch(() => {});
    return result;
  }

  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  let wokenWhilePolling = false;
  /** A look is already due within WAKE_DELAY_MS: further wakes join it. */
  let wakePending = false;

  function schedule(delayMs: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void poll(), delayMs);
    // The worker must never keep the process alive on its own.
    timer.unref();
  }

  async function poll() {
    timer = undefined;
    wakePending = false;
    polling = true;
    try {
      await exclusive(pump);
    } catch (error) {
      // E.g. the database is briefly unreachable; the next poll tries again.
      // The logger's err serializer keeps a database error's text (and values) out.
      log.error({ err: error }, 'mail worker poll failed');
    } finally {
      polling = false;
    }
    // A wake during the run may have come after its last claim: look once more, soon.
    if (wokenWhilePolling) {
      wakePending = true;
      schedule(WAKE_DELAY_MS);
    } else schedule(pollIntervalMs);
    wokenWhilePolling = false;
  }

  // The first look comes after one interval; wake() makes it sooner.
  schedule(pollIntervalMs);

  return {
    wake() {
      if (stopped) return;
      if (polling) {
        wokenWhilePolling = true;
        // Mail queued now may outrank everything the run holds: claim it into the run soon,
        // rather than after the run's queue.
        if (pumping && !aheadTimer) {
          aheadTimer = setTimeout(() => {
            aheadTimer = undefined;
            claimAhead = true;
            poke();
          }, WAKE_DELAY_MS);
          aheadTimer.unref();
        }
      } else if (!wakePending) {
        wakePending = true;
        schedule(WAKE_DELAY_MS);
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      poke();
      await chain;
    },
    drainOnce() {
      return exclusive(async () => {
        if (!transport) {
          await noteKeptMail();
          return 0;
        }
        return sendDue(transport, 1);
      });
    },
  };
}
