import { pipeline, Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { InboxTable } from '../../shared/schemas/admin-lists.ts';
import type { InboxStatus } from '../../shared/stages.ts';
import { writeAudit } from '../audit.ts';
import type { StaffIdentity } from '../auth/staff.ts';
import type { Db } from '../db/client.ts';
import { csvStringifier, type CsvRecord } from '../lib/csv.ts';
import { inboxBatch, inboxWhere, INBOXES } from './inbox/inbox.ts';

/** Rows read per query: large enough to stream fast, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 1000;

/** `eoi-export-2025-06-01.csv`: the inbox and the day (UTC) it was exported. */
export function exportFileName(table: InboxTable, now: Date = new Date()): string {
  const prefix = table === 'eoi_requests' ? 'eoi' : 'contact';
  return `${prefix}-export-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * `admin-export-csv`: one inbox, with the list's filters, as an RFC 4180 CSV stream, newest
 * first. The rows are read in keyset batches only as fast as the client takes them (the
 * stream pulls the next batch when the last one is written), so memory stays flat however
 * many rows there are. The first batch is read and the export audited before anything is
 * sent, so an early failure is still an ordinary JSON error. A failure after that cannot
 * change the status any more: it is logged and the stream errors, which aborts the response,
 * so the client sees a broken download rather than a short file that looks complete.
 */
export async function adminExportCsv(options: {
  db: Db;
  input: { table: InboxTable; status?: InboxStatus | undefined; query?: string | undefined };
  staff: StaffIdentity;
  log: FastifyBaseLogger;
  batchSize?: number;
}): Promise<{ fileName: string; stream: Readable }> {
  const { db, input, log } = options;
  const limit = options.batchSize ?? EXPORT_BATCH_SIZE;
  const spec = INBOXES[input.table];
  const where = inboxWhere(spec, input);

  const first = await inboxBatch(db, spec, { where, after: null, limit });
  await writeAudit(db, {
    actor: options.staff.actor,
    action: `${spec.target}.export`,
    target: { type: input.table },
    // A search can be someone's name: only whether there was one (CONTRACT §6).
    after: { table: input.table, status: input.status ?? null, query_set: Boolean(input.query) },
  });

  async function* records(): AsyncGenerator<CsvRecord> {
    let batch = first;
    let sent = 0;
    for (;;) {
      for (const row of batch) yield spec.csvRecord(row);
      sent += batch.length;
      if (batch.length < limit) return;
      try {
        batch = await inboxBatch(db, spec, { where, after: batch.at(-1)!, limit });
      } catch (error) {
        log.error({ err: error, table: input.table, rowsSent: sent }, 'CSV export failed');
        throw error;
      }
    }
  }

  const stringifier = csvStringifier(spec.csvHeader);
  // Errors travel down the pipeline to the response (and a client that leaves stops the
  // reads); there is nothing more to do with them here.
  pipeline(Readable.from(records()), stringifier, () => {});
  return { fileName: exportFileName(input.table), stream: stringifier };
}
