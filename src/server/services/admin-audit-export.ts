import { pipeline, Readable } from 'node:stream';
import { and, desc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  actionLabel,
  describeDetails,
  describeTarget,
  timelineActor,
} from '#shared/audit-labels.ts';
import type { AuditRow } from '#shared/schemas/audit.ts';
import { formatUkDateTimeSeconds } from '#shared/uk-time.ts';
import { writeAudit } from '../audit.ts';
import type { StaffIdentity } from '../auth/staff.ts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { csvStringifier, type CsvRecord } from '../lib/csv.ts';
import {
  auditMembers,
  auditRowsQuery,
  auditWhere,
  toAuditRow,
  type AuditFilters,
} from './admin-audit-list.ts';

/** Rows read per query: large enough to stream fast, small enough to keep memory flat. */
export const AUDIT_EXPORT_BATCH_SIZE = 1000;

export const AUDIT_CSV_HEADER = [
  'ID',
  'Time',
  'Member',
  'Role',
  'Action',
  'Target',
  'Details',
] as const;

/** `audit-export-2026-11-24.csv`: the day (UTC) it was exported. */
export function auditExportFileName(now: Date = new Date()): string {
  return `audit-export-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * `admin-audit-export`: the whole audit log under the view's filters, newest first, as an
 * RFC 4180 CSV stream (UTF-8 BOM, formulas neutralised by csvStringifier) in words: UK time
 * with seconds and GMT/BST, the member and their role then, the action's label, what it acted
 * on and its details. Rows are read in keyset batches as the client takes them, so memory
 * stays flat. The first batch is read and the export audited before a byte is sent, so an
 * early failure is an ordinary JSON error; a later one aborts the download (see
 * admin-export-csv).
 */
export async function adminAuditExport(options: {
  db: Db;
  input: AuditFilters;
  staff: StaffIdentity;
  log: FastifyBaseLogger;
  batchSize?: number;
}): Promise<{ fileName: string; stream: Readable }> {
  const { db, input, log } = options;
  const limit = options.batchSize ?? AUDIT_EXPORT_BATCH_SIZE;
  const where = auditWhere(input);

  /**
   * The next rows after `afterId` in (at, id) order. The bound is read from the row itself in
   * SQL: `at` has microseconds, which a JavaScript Date would round away.
   */
  const batch = (afterId: number | null) =>
    auditRowsQuery(db)
      .where(
        and(
          where,
          afterId === null
            ? undefined
            : sql`(${auditLog.at}, ${auditLog.id}) < (select a.at, a.id from audit_log a where a.id = ${afterId})`,
        ),
      )
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit)
      .then((rows) => rows.map(toAuditRow));

  const [first, members] = await Promise.all([batch(null), auditMembers(db)]);
  const names = new Map(members.map((member) => [member.id, member.name]));
  await writeAudit(db, {
    actor: options.staff.actor,
    action: 'audit.export',
    target: { type: 'audit_log' },
    // The filters as ids, keys and days: nothing about an applicant (CONTRACT §6).
    after: {
      member: input.member ?? null,
      action_filter: input.action ?? null,
      from: input.from ?? null,
      to_date: input.to ?? null,
    },
  });

  const memberName = (id: string) => names.get(id);
  const record = (row: AuditRow): CsvRecord => {
    const actor = timelineActor(row);
    return [
      String(row.id),
      formatUkDateTimeSeconds(row.at),
      actor.name,
      actor.role,
      actionLabel(row.action),
      describeTarget(row),
      describeDetails(row.before, row.after, { seconds: true, memberName }),
    ];
  };

  async function* records(): AsyncGenerator<CsvRecord> {
    let rows = first;
    let sent = 0;
    for (;;) {
      for (const row of rows) yield record(row);
      sent += rows.length;
      if (rows.length < limit) return;
      try {
        rows = await batch(rows.at(-1)!.id);
      } catch (error) {
        log.error({ err: error, rowsSent: sent }, 'Audit export failed');
        throw error;
      }
    }
  }

  const stringifier = csvStringifier(AUDIT_CSV_HEADER);
  // Errors travel down the pipeline to the response (and a client that leaves stops the
  // reads); there is nothing more to do with them here.
  pipeline(Readable.from(records()), stringifier, () => {});
  return { fileName: auditExportFileName(), stream: stringifier };
}
