import { and, asc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { QueueAssigned, QueueAssignee } from '../../shared/schemas/admin.ts';
import type { Stage } from '../../shared/stages.ts';
import { applications } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { nameOrEmailMatches } from './staff-search.ts';
import type { ListTotal } from '../../shared/schemas/admin-lists.ts';
import { cappedCountAndPage, countedTotal, pageIsPastEnd, type Counter } from './row-counts.ts';

/** What the three staff queues (KYC, Offers, Activations) are asked, once parsed. */
export interface QueueInput {
  page: number;
  page_size: number;
  query?: string | undefined;
  assigned?: QueueAssigned | undefined;
}

/**
 * Who has the case, as a queue's filter asks: `staff` is the caller's id, or a placeholder for
 * it in a prepared statement.
 */
export function assignedCondition(
  assigned: QueueAssigned | undefined,
  staff: string | Placeholder,
): SQL | undefined {
  if (assigned === 'me') return eq(applications.assignedTo, staff);
  if (assigned === 'unassigned') return isNull(applications.assignedTo);
  return undefined;
}

/** The application conditions every queue shares: who has the case, and the search. */
export async function queueConditions(db: Db, input: QueueInput, staffId: string): Promise<SQL[]> {
  const conditions: SQL[] = [];
  const assigned = assignedCondition(input.assigned, staffId);
  if (assigned) conditions.push(assigned);
  if (input.query) {
    conditions.push(await nameOrEmailMatches(db, 'applications', applications, input.query));
  }
  return conditions;
}

/**
 * A queue's total, exact from the counters: the whole queue, or one assignee's part of it,
 * whatever its size. (A search is counted with its page: cappedCountAndPage.)
 */
export async function queueTotal(
  db: Db,
  input: QueueInput,
  staffId: string,
  counted: { counter: Counter; k1?: string | undefined },
): Promise<ListTotal> {
  const k2 = input.assigned === 'me' ? staffId : input.assigned === 'unassigned' ? '' : undefined;
  return { total: await countedTotal(db, counted.counter, { k1: counted.k1, k2 }) };
}

export function queueOffset(input: QueueInput): number {
  return (input.page - 1) * input.page_size;
}

export function assigneeOf(row: {
  assigneeId: string | null;
  assigneeName: string | null;
}): QueueAssignee {
  return row.assigneeId ? { id: row.assigneeId, name: row.assigneeName ?? 'Staff' } : null;
}

/**
 * A queue of applications at one stage (Offers: `kyc`, Activations: `accepted`): its total and
 * the ids of one page, longest in the stage first (applications_stage_changed_idx). The caller
 * reads what it shows for those ids only.
 */
export async function stageQueuePage(
  db: Db,
  input: QueueInput,
  staffId: string,
  stage: Stage,
): Promise<{ pageIds: string[] } & ListTotal> {
  const where = and(
    eq(applications.stage, stage),
    isNull(applications.erasedAt),
    ...(await queueConditions(db, input, staffId)),
  );
  const offset = queueOffset(input);
  /** The page's ids in queue order, off applications_stage_changed_idx. */
  const pageQuery = () =>
    db
      .select({ id: applications.id })
      .from(applications)
      .where(where)
      .orderBy(asc(applications.stageChangedAt), asc(applications.id))
      .limit(input.page_size)
      .offset(offset);
  const walked = async () => (await pageQuery()).map((row) => row.id);
  if (input.query) {
    // A search: its few matches come with their count, from one scan (cappedCountAndPage).
    const found = await cappedCountAndPage(
      db,
      db
        .select({ id: applications.id, stage_changed_at: applications.stageChangedAt })
        .from(applications)
        .where(where),
      sql.raw('stage_changed_at asc, id asc'),
      { limit: input.page_size, offset },
      pageQuery(),
    );
    return { pageIds: found.ids, ...found.total };
  }
  const counted = queueTotal(db, input, staffId, { counter: 'applications', k1: stage });
  // The first page, by far the most asked for, reads its total and its ids at once; a later
  // one checks the total first, so a page typed past the end walks nothing.
  if (offset === 0) {
    const [total, pageIds] = await Promise.all([counted, walked()]);
    return { pageIds, ...total };
  }
  const total = await counted;
  return { pageIds: pageIsPastEnd(offset, total) ? [] : await walked(), ...total };
}
