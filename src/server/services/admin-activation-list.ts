import { asc, eq, max } from 'drizzle-orm';
import type { ActivationListRow } from '../../shared/schemas/admin.ts';
import type { Db } from '../db/client.ts';
import { idsPlaceholder, prepared } from '../db/prepared.ts';
import { applications, offers, staffMembers } from '../db/schema.ts';
import { assigneeOf, stageQueuePage, type QueueInput } from '../lib/queue.ts';
import type { ListTotal } from '../../shared/schemas/admin-lists.ts';

/**
 * One page's applicants and when each signed, given their ids (prepared: db/prepared.ts). The
 * signatures are a joined subquery, so every column is qualified.
 */
const activationRows = (db: Db) => {
  const signed = db
    .select({
      applicationId: offers.applicationId,
      acceptedAt: max(offers.acceptedAt).as('accepted_at'),
    })
    .from(offers)
    .where(idsPlaceholder(offers.applicationId))
    .groupBy(offers.applicationId)
    .as('signed');
  return db
    .select({
      id: applications.id,
      fullName: applications.fullName,
      email: applications.email,
      createdAt: applications.createdAt,
      tierAssigned: applications.tierAssigned,
      tierAccepted: applications.tierAccepted,
      acceptedAt: signed.acceptedAt,
      stageChangedAt: applications.stageChangedAt,
      assigneeId: staffMembers.id,
      assigneeName: staffMembers.name,
    })
    .from(applications)
    .leftJoin(signed, eq(signed.applicationId, applications.id))
    .leftJoin(staffMembers, eq(staffMembers.id, applications.assignedTo))
    .where(idsPlaceholder(applications.id))
    .orderBy(asc(applications.stageChangedAt), asc(applications.id))
    .prepare('activation_list_rows');
};

/**
 * `admin-activation-list`: applications at `accepted`, one page, longest in the stage first
 * (applications_stage_changed_idx), with the total (exact; a search's counted up to
 * COUNT_CAP).
 */
export async function adminActivationList(options: {
  db: Db;
  input: QueueInput;
  staffId: string;
}): Promise<{ data: ActivationListRow[] } & ListTotal> {
  const { db, input } = options;
  const { pageIds, ...total } = await stageQueuePage(db, input, options.staffId, 'accepted');
  if (!pageIds.length) return { data: [], ...total };

  const rows = await prepared(db, 'activation_list_rows', activationRows).execute({
    ids: pageIds,
  });
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
