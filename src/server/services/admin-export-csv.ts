import { PassThrough, pipeline, Readable, Transform } from 'node:stream';
import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { InboxTable } from '#shared/schemas/admin-lists.ts';
import type { InboxStatus } from '#shared/stages.ts';
import { writeAudit } from '../audit.ts';
import type { StaffIdentity } from '../auth/staff.ts';
import type { Db } from '../db/client.ts';
import { contactMessages, eoiRequests } from '../db/schema.ts';
import { csvStringifier } from '../lib/csv.ts';
import { inboxWhere, INBOXES } from './inbox/inbox.ts';

/**
 * Rows read per query on PGlite: enough to stream fast, few enough that memory stays flat and
 * that a compressed first batch (about 8 KB of gzip) is still inside the compressor when the
 * second read starts, so a failure there is still a JSON error.
 */
export const EXPORT_BATCH_SIZE = 250;

/** `eoi-export-2025-06-01.csv`: the inbox and the day (UTC) it was exported. */
export function exportFileName(table: InboxTable, now: Date = new Date()): string {
  const prefix = table === 'eoi_requests' ? 'eoi' : 'contact';
  return `${prefix}-export-${now.toISOString().slice(0, 10)}.csv`;
}

type InboxColumns = typeof eoiRequests | typeof contactMessages;

/**
 * A text cell as the file shows it, computed by the database: src/server/lib/csv.ts's rule
 * (a cell starting with = + - @, a tab or a CR gets a leading ', OWASP's advice), and an empty
 * text as no value, since COPY would quote '' and csv-stringify would not.
 */
const cell = (column: SQL | AnyPgColumn) =>
  sql<string | null>`case when left(${column}, 1) in ('=', '+', '-', '@', chr(9), chr(13))
    then '''' || ${column} else nullif(${column}, '') end`;

/**
 * When it was sent, in UK time with its offset, as staff read it on screen, and as precise as
 * the JSON lists (ISO 8601, milliseconds): '2025-06-01T13:05:07.123+01:00' in summer,
 * '…+00:00' in winter. The offset is stated so a spreadsheet never guesses it.
 */
const ukTime = (column: InboxColumns['createdAt']) => {
  const london = sql`(${column} at time zone 'Europe/London')`;
  return sql<string>`to_char(${london}, 'YYYY-MM-DD"T"HH24:MI:SS.MS') ||
    case when ${london} = (${column} at time zone 'UTC') then '+00:00' else '+01:00' end`;
};

/** Each inbox's file: header → cell, in file order, the id last as the record's reference. */
const EXPORT_COLUMNS: Record<InboxTable, Record<string, SQL>> = {
  eoi_requests: {
    Date: ukTime(eoiRequests.createdAt),
    Name: cell(eoiRequests.fullName),
    Email: cell(eoiRequests.email),
    Phone: cell(eoiRequests.phone),
    Reason: cell(eoiRequests.reason),
    Status: sql`${eoiRequests.status}`,
    ID: sql`${eoiRequests.id}::text`,
  },
  contact_messages: {
    Date: ukTime(contactMessages.createdAt),
    Name: cell(contactMessages.name),
    Email: cell(contactMessages.email),
    Message: cell(contactMessages.message),
    Status: sql`${contactMessages.status}`,
    ID: sql`${contactMessages.id}::text`,
  },
};

/** The export's row source: the pool of a PostgreSQL server, or null on PGlite. */
function postgresPool(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * `admin-export-csv`: one inbox, with the list's filters, as an RFC 4180 CSV stream, newest
 * first, after a UTF-8 byte order mark. Nothing is sent, and the export is audited, only once
 * the first rows were read, so an early failure is still an ordinary JSON error. A failure
 * after that cannot change the status any more: it is logged and the stream errors, which
 * aborts the response, so the client sees a broken download rather than a short file that
 * looks complete.
 *
 * On PostgreSQL the database writes the CSV itself (`COPY (select …) TO STDOUT`, decision 037):
 * the rows never become JavaScript objects, which is what makes a million rows take seconds.
 * On PGlite, which cannot stream a COPY, the same select is read in keyset batches and written
 * by csv-stringify; both give the same bytes (tests/integration/admin-export-csv.test.ts).
 */
export async function adminExportCsv(options: {
  db: Db;
  input: { table: InboxTable; status?: InboxStatus | undefined; query?: string | undefined };
  staff: StaffIdentity;
  log: FastifyBaseLogger;
  batchSize?: number;
}): Promise<{ fileName: string; stream: Readable }> {
  const { db, input, log } = options;
  const where = await inboxWhere(db, INBOXES[input.table], input);
  const pool = postgresPool(db);
  const stream = pool
    ? await copyExport(db, pool, input.table, where, log)
    : await keysetExport(db, input.table, where, options.batchSize ?? EXPORT_BATCH_SIZE, log);
  try {
    await writeAudit(db, {
      actor: options.staff.actor,
      action: `${INBOXES[input.table].target}.export`,
      target: { type: input.table },
      // A search can be someone's name: only whether there was one (CONTRACT §6).
      after: { table: input.table, status: input.status ?? null, query_set: Boolean(input.query) },
    });
  } catch (error) {
    // Not exported after all: stop reading and give the connection back.
    stream.destroy();
    throw error;
  }
  return { fileName: exportFileName(input.table), stream };
}

const BOM = Buffer.from('\uFEFF');
const CRLF = Buffer.from('\r\n');

/**
 * COPY ends records with LF; the file ends them with CRLF (RFC 4180, as on PGlite), after a
 * byte order mark. A LF inside a value is inside quotes and stays; quotes in a value are
 * doubled, so counting them tells inside from outside, across chunk boundaries too.
 */
function crlfRecords(onFirst: () => void): Transform {
  let quoted = false;
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const parts: Buffer[] = [];
      if (!started) {
        started = true;
        parts.push(BOM);
        onFirst();
      }
      let from = 0;
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) {
          parts.push(chunk.subarray(from, i), CRLF);
          from = i + 1;
        }
      }
      parts.push(chunk.subarray(from));
      done(null, Buffer.concat(parts));
    },
  });
}

/** A statement with its parameters written in as literals: COPY takes none. */
function inlined(query: { toSQL(): { sql: string; params: unknown[] } }): string {
  const { sql: text, params } = query.toSQL();
  return text.replace(/\$(\d+)/g, (_match, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`CSV export: unexpected parameter ${typeof value}`);
    }
    return pg.escapeLiteral(String(value));
  });
}

/** Newest first; id breaks ties, the same order as the list. */
const newestFirst = (t: InboxColumns) => [desc(t.createdAt), desc(t.id)];

/**
 * The PostgreSQL path: one pooled connection runs the COPY for as long as the file streams, and
 * goes back to the pool when it ends, fails or the client leaves. Back-pressure reaches the
 * database: pg-copy-streams stops reading the socket while the response is full.
 */
async function copyExport(
  db: Db,
  pool: pg.Pool,
  table: InboxTable,
  where: SQL | undefined,
  log: FastifyBaseLogger,
): Promise<Readable> {
  const t = INBOXES[table].table;
  const columns = Object.fromEntries(
    Object.entries(EXPORT_COLUMNS[table]).map(([name, expression]) => [name, expression.as(name)]),
  );
  const select = db
    .select(columns)
    .from(t)
    .where(where)
    .orderBy(...newestFirst(t));
  const text = `copy (${inlined(select)}) to stdout with (format csv, header)`;

  const client = await pool.connect();
  let released = false;
  // A connection left mid-COPY cannot take another query: when the copy did not finish it is
  // ended (released with an error), not lent again.
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  let started = false;
  let databaseError: Error | undefined;
  let onFirst!: () => void;
  let onFailure!: (error: Error) => void;
  const firstChunk = new Promise<void>((resolve, reject) => {
    onFirst = resolve;
    onFailure = reject;
  });
  const copy = client.query(copyTo(text));
  copy.once('error', (error) => (databaseError = error));
  const out = new PassThrough();
  pipeline(
    copy,
    crlfRecords(() => {
      started = true;
      onFirst();
    }),
    out,
    (error) => {
      if (!error) return release();
      if (!started) {
        release(databaseError ?? error);
        return onFailure(databaseError ?? error);
      }
      if (databaseError) {
        log.error({ err: databaseError, table }, 'CSV export failed');
        return release(databaseError);
      }
      // The client left: the COPY is cut short with its connection.
      release(new Error('CSV export abandoned by the client'));
    },
  );
  await firstChunk;
  return out;
}

/**
 * The PGlite path: the same select in keyset batches on (created_at, id), each read only when
 * the last one was written, so memory stays flat; rows written by csv-stringify. The first
 * batch is read before anything is returned, so a failure then is still a JSON error.
 */
async function keysetExport(
  db: Db,
  table: InboxTable,
  where: SQL | undefined,
  limit: number,
  log: FastifyBaseLogger,
): Promise<Readable> {
  const t = INBOXES[table].table;
  const header = Object.keys(EXPORT_COLUMNS[table]);
  const columns = {
    ...Object.fromEntries(header.map((name, i) => [`c${i}`, EXPORT_COLUMNS[table][name]!])),
    // The exact created_at as PostgreSQL prints it: a JS Date would lose the microseconds,
    // and a cursor without them would skip or repeat rows.
    cursorAt: sql<string>`${t.createdAt}::text`,
    cursorId: t.id,
  };
  type Row = Record<string, unknown> & { cursorAt: string; cursorId: string };
  const batch = async (after: Row | undefined) =>
    (await db
      .select(columns)
      .from(t)
      .where(
        and(
          where,
          after
            ? sql`(${t.createdAt}, ${t.id}) < (${after.cursorAt}::timestamptz, ${after.cursorId}::uuid)`
            : undefined,
        ),
      )
      .orderBy(...newestFirst(t))
      .limit(limit)) as Row[];

  const first = await batch(undefined);
  async function* records(): AsyncGenerator<(string | null)[]> {
    let rows = first;
    let sent = 0;
    for (;;) {
      for (const row of rows) yield header.map((_name, i) => row[`c${i}`] as string | null);
      sent += rows.length;
      if (rows.length < limit) return;
      try {
        rows = await batch(rows.at(-1));
      } catch (error) {
        log.error({ err: error, table, rowsSent: sent }, 'CSV export failed');
        throw error;
      }
    }
  }
  const stringifier = csvStringifier(header);
  // Errors travel down the pipeline to the response (and a client that leaves stops the
  // reads); there is nothing more to do with them here.
  pipeline(Readable.from(records()), stringifier, () => {});
  return stringifier;
}
