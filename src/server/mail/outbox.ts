import { and, desc, eq, getTableColumns, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { OutboxHealth } from '#shared/schemas/mail.ts';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { mailPriority } from './priority.ts';
import type { MailTransport } from './transport.ts';

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
             ${sql.identifier(emailOutbox.template.name)})
          values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.template})
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
  batchSize?: number;
  maxAttempts?: number;
}

export interface MailWorker {
  /** Look for due mail now, e.g. right after a transaction that queued some committed. */
  wake(): void;
  /** Stops the timers and waits for a batch in flight (graceful shutdown). */
  stop(): Promise<void>;
  /** Processes one batch and returns how many mails were sent. */
  drainOnce(): Promise<number>;
}

const DEFAULT_FROM = 'Waj <no-reply@waj.co.uk>';
/**
 * How long a wake waits for others to join it: under load every write wakes the worker, and
 * one look per burst, not one per write, keeps the database for the writes themselves.
 */
const WAKE_DELAY_MS = 25;
/**
 * How long a claim lasts. It must outlast sending a whole batch (the transport's timeouts
 * bound each send), or another instance could claim a row this one is still sending.
 */
const LEASE_SECONDS = 10 * 60;
const BACKOFF_BASE_SECONDS = 30;
const BACKOFF_CAP_SECONDS = 60 * 60;
const NO_TRANSPORT_NOTE = 'not sent: no SMTP_URL configured';

/** 30 s, 60 s, 120 s, … capped at an hour; `attempts` counts the one that just failed. */
export function retryDelaySeconds(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(BACKOFF_CAP_SECONDS, BACKOFF_BASE_SECONDS * 2 ** Math.min(exponent, 30));
}

/**
 * A short, single-line reason for `last_error` and logs; URL credentials and e-mail addresses
 * are masked.
 */
function describeError(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  const message = typeof e.message === 'string' ? e.message : String(error);
  const prefix = [
    typeof e.code === 'string' ? e.code : '',
    typeof e.responseCode === 'number' ? String(e.responseCode) : '',
  ]
    .filter(Boolean)
    .join(' ');
  const line = (message.split(/\r?\n/)[0] ?? '')
    .replace(/\/\/[^/@\s]*@/g, '//***@')
    // SMTP servers quote the recipient ('550 <ada@example.com>: unknown user'); the reason is
    // logged, and logs never hold an address.
    .replace(/[^\s<>()"',;:@]+@[^\s<>()"',;:@]+/g, '[address]');
  return (prefix ? `${prefix}: ${line}` : line).slice(0, 300);
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log } = options;
  const from = options.from ?? DEFAULT_FROM;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 10;
  const maxAttempts = options.maxAttempts ?? 12;

  /** Sends one claimed batch; `handled` says whether the batch was full (more may be due). */
  async function sendBatch(): Promise<{ handled: number; sent: number }> {
    if (!transport) return { handled: await noteKeptMail(), sent: 0 };

    // One statement claims the rows: SKIP LOCKED lets two instances claim disjoint rows, and
    // the lease plus the attempt count make the claim visible to everyone once committed.
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, 'pending'),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      // Mail someone is waiting for first (mail/priority.ts), then by when it is due.
      .orderBy(desc(emailOutbox.priority), emailOutbox.nextAttemptAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const claimed = await db
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
      });

    let sent = 0;
    for (const row of claimed) {
      // Updates match the attempt count this claim set, so a worker whose lease lapsed and
      // whose row was claimed again cannot overwrite the newer claim's outcome.
      const ours = and(
        eq(emailOutbox.id, row.id),
        eq(emailOutbox.attempts, row.attempts),
        eq(emailOutbox.status, 'pending'),
      );
      try {
        await transport.send({
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html === null ? {} : { html: row.html }),
        });
      } catch (error) {
        const reason = describeError(error);
        if (row.attempts >= maxAttempts) {
          await db
            .update(emailOutbox)
            .set({ status: 'failed', lastError: reason, lockedUntil: null, failedAt: sql`now()` })
            .where(ours);
          // Not lost, so a warning: staff see it on the dashboard and send it again, and
          // monitoring reads the failed count from /healthz/detail.
          log.warn(
            { id: row.id, template: row.template, attempts: row.attempts, error: reason },
            'e-mail failed after its last retry; set aside for staff',
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
            .where(ours);
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
        continue;
      }
      // Marked sent only now that the SMTP server has accepted the message.
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null })
        .where(ours);
      sent++;
      log.info({ id: row.id, template: row.template }, 'e-mail sent');
    }
    return { handled: claimed.length, sent };
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
      .returning({ id: emailOutbox.id, template: emailOutbox.template, to: emailOutbox.to });
    for (const row of kept) {
      log.info(
        { id: row.id, template: row.template, to: row.to },
        'e-mail kept in outbox (no SMTP_URL)',
      );
    }
    return kept.length;
  }

  // Batches run one at a time per worker, whether started by the timer, wake() or drainOnce().
  let chain: Promise<unknown> = Promise.resolve();
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const result = chain.then(fn);
    chain = result.catch(() => {});
    return result;
  }

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
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
      // A full batch means more may be due: keep going instead of waiting a whole interval.
      let handled: number;
      do {
        ({ handled } = await exclusive(sendBatch));
      } while (handled === batchSize && !stopped);
    } catch (error) {
      // E.g. the database is briefly unreachable; the next poll tries again.
      // The logger's err serializer keeps a database error's text (and values) out.
      log.error({ err: error }, 'mail worker poll failed');
    } finally {
      polling = false;
    }
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
      if (polling) wokenWhilePolling = true;
      else if (!wakePending) {
        wakePending = true;
        schedule(WAKE_DELAY_MS);
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await chain;
    },
    async drainOnce() {
      const { sent } = await exclusive(sendBatch);
      return sent;
    },
  };
}
