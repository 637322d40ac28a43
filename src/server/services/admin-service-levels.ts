import { sql, type SQL } from 'drizzle-orm';
import type { ServiceLevelRow } from '#shared/schemas/casework.ts';
import {
  SERVICE_LEVEL_QUEUES,
  type ServiceLevelQueue,
  type ServiceLevels,
} from '#shared/service-levels.ts';
import { queryRows, type Db } from '../db/client.ts';

/**
 * Each queue's open items as `(since)`: the moment each started waiting. The same definitions
 * as the queues themselves (admin-kyc-list's pending files, the stage queues, the alerts, the
 * approvals, the erasure requests and the MLRO's escalations), so the counts match what staff
 * see there. Shared with the report's backlog.
 */
export const OPEN_ITEMS: Record<ServiceLevelQueue, SQL> = {
  identity_review: sql`select f.uploaded_at as since from kyc_files f
    join applications a on a.id = f.application_id
    where f.status = 'pending' and a.erased_at is null and a.stage <> 'declined'
      and not (a.stage = 'detailed' and f.uploaded_at < a.stage_changed_at)`,
  offer: sql`select stage_changed_at as since from applications
    where stage = 'kyc' and erased_at is null`,
  activation: sql`select stage_changed_at as since from applications
    where stage = 'accepted' and erased_at is null`,
  screening_alert: sql`select created_at as since from screening_alerts where status = 'open'`,
  approval: sql`select issued_at as since from offers where approval_status = 'pending_approval'
    union all select requested_at from decline_requests where status = 'pending'
    union all select clear_requested_at from screening_alerts where status = 'clear_requested'`,
  erasure_request: sql`select requested_at as since from erasure_requests where status = 'pending'`,
  escalation: sql`select escalated_at as since from case_escalations where status = 'open'`,
};

/**
 * `admin-service-levels`: for the dashboard, each queue's open items, how many are past their
 * service level, and since when the oldest has waited. One statement.
 */
export async function adminServiceLevels(options: {
  db: Db;
  levels: ServiceLevels;
  now?: Date;
}): Promise<ServiceLevelRow[]> {
  const now = options.now ?? new Date();
  const parts = SERVICE_LEVEL_QUEUES.map((queue) => {
    const cutoff = new Date(now.getTime() - options.levels[queue] * 3_600_000);
    return sql`select ${queue}::text as queue, count(*)::int as open,
        (count(*) filter (where since < ${cutoff.toISOString()}::timestamptz))::int as breached,
        min(since) as oldest
      from (${OPEN_ITEMS[queue]}) items`;
  });
  const rows = await queryRows<{
    queue: ServiceLevelQueue;
    open: number;
    breached: number;
    oldest: string | Date | null;
  }>(options.db, sql.join(parts, sql` union all `));
  return SERVICE_LEVEL_QUEUES.map((queue) => {
    const row = rows.find((r) => r.queue === queue);
    const oldest = row?.oldest ? new Date(row.oldest).toISOString() : null;
    return {
      queue,
      target_hours: options.levels[queue],
      open: row?.open ?? 0,
      breached: row?.breached ?? 0,
      oldest_since: oldest,
    };
  });
}

/**
 * The counts, read at most once per `ttlMs` per instance: every open panel asks for them in the
 * background, and at a million applications one reading walks every open queue item (about a
 * second of database time with the bench's 450,000). A count half a minute old is as good for a
 * dashboard; the queues themselves are always current.
 */
export function cachedServiceLevels(options: { db: Db; levels: ServiceLevels; ttlMs?: number }) {
  const ttl = options.ttlMs ?? 30_000;
  let last: { at: number; rows: Promise<ServiceLevelRow[]> } | undefined;
  return (): Promise<ServiceLevelRow[]> => {
    const now = Date.now();
    if (!last || now - last.at >= ttl) {
      const rows = adminServiceLevels(options);
      last = { at: now, rows };
      // A failed reading is not kept: the next call tries again.
      rows.catch(() => {
        if (last?.rows === rows) last = undefined;
      });
    }
    return last.rows;
  };
}
