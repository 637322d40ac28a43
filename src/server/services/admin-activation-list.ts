import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ActivationListRow } from '#shared/schemas/admin.ts';
import type { Db } from '../db/client.ts';
import { applications, offers, staffMembers } from '../db/schema.ts';
import { assigneeOf, stageQueueRows, type QueueRequest } from '../lib/queue.ts';
import { COUNTED_COLUMNS, NOT_COUNTED, type CountedCte } from '../lib/row-counts.ts';
import type { ListTotal } from '#shared/schemas/admin-lists.ts';

/**
 * A page's applicants and when each signed, for the ids `ids` selects (prepared as `name`:
 * lib/queue.ts); with `counted`, each row carries the queue's total.
 */
const activationRowsOf = (db: Db, ids: SQL, name: string, counted?: CountedCte) =>
  (counted ? db.with(counted) : db)
    .select({
      id: applications.id,
      fullName: applications.fullName,
      email: applications.email,
      createdAt: applications.createdAt,
      tierAssigned: applications.tierAssigned,
      tierAccepted: applications.tierAccepted,
      acceptedAt: sql<Date | string | null>`(select max(${offers.acceptedAt}) from ${offers}
        where ${offers.applicationId} = ${applications.id})`,
      stageChangedAt: applications.stageChangedAt,
      assigneeId: staffMembers.id,
      assigneeName: staffMembers.name,
      ...(counted ? COUNTED_COLUMNS : NOT_COUNTED),
    })
    .from(applications)
    .leftJoin(staffMembers, eq(staffMembers.id, applications.assignedTo))
    .where(ids)
    .orderBy(asc(applications.stageChangedAt), asc(applications.id))
    .prepare(name);

/**
 * `admin-activation-list`: applications at `accepted`, one page, longest in the stage first
 * (applications_stage_changed_idx), with the total (exact; a search's counted up to
 * COUNT_CAP).
 */
export async function adminActivationList(
  options: QueueRequest,
): Promise<{ data: ActivationListRow[] } & ListTotal> {
  const { rows, ...total } = await stageQueueRows(
    options,
    'accepted',
    'activation_list',
    activationRowsOf,
  );
  return {
    data: rows.map((row) => ({
      basic_id: row.id,
      full_name: row.fullName,
      email: row.email,
      created_at: row.createdAt.toISOString(),
      tier_assigned: row.tierAssigned,
      tier_accepted: row.tierAccepted,
      accepted_at: row.acceptedAt ? new Date(row.acceptedAt).toISOString() : null,
      waiting_since: row.stageChangedAt.toISOString(),
      assignee: assigneeOf(row),
    })),
    ...total,
  };
}
