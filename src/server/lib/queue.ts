import { and, asc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { QueueAssigned, QueueAssignee } from '#shared/schemas/admin.ts';
import type { Stage } from '#shared/stages.ts';
import { applications } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { nameOrEmailMatches } from './staff-search.ts';
import type { ListTotal } from '#shared/schemas/admin-lists.ts';
import { idsPlaceholder, prepared } from '../db/prepared.ts';
import {
  cappedCountAndPage,
  countedCte,
  countedTotal,
  totalOfCountedPage,
  type Counter,
  type CountedCte,
} from './row-counts.ts';

/** What the three staff queues (KYC, Offers, Activations) are asked, once parsed. */
export interface QueueInput {
  page: number;
  page_size: number;
  query?: string | undefined;
  assigned?: QueueAssigned | undefined;
}

/** What a queue's service is given: the database, the parsed request and who is asking. */
export interface QueueRequest<Input extends QueueInput = QueueInput> {
  db: Db;
  input: Input;
  staffId: string;
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
  const k2 = assigneeKey(input.assigned, staffId);
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

/** The counter's keys for a queue's assignment filter: k2 is the assignee ('' for none). */
export function assigneeKey<S extends string | Placeholder>(
  assigned: QueueAssigned | undefined,
  staff: S,
): S | '' | undefined {
  return assigned === 'me' ? staff : assigned === 'unassigned' ? '' : undefined;
}

/** Rows of a queue's page carrying the queue's total (COUNTED_COLUMNS), or not (NOT_COUNTED). */
type CountedRow = { listTotal: string | null; counterRows: number | null };

/**
 * What a stage queue shows for the applications `ids` selects, as one statement prepared as
 * `name`; with `counted` (countedCte) every row also carries the queue's total.
 */
type QueueRowsOf<Row extends CountedRow> = (
  db: Db,
  ids: SQL,
  name: string,
  counted?: CountedCte,
) => { execute(values: Record<string, unknown>): Promise<Row[]> };

/**
 * A queue of applications at one stage (Offers: `kyc`, Activations: `accepted`), one page
 * longest in the stage first (applications_stage_changed_idx), read with `rowsOf`, and the
 * total. Without a search, the total from the counter, the walk that finds the page's ids and
 * their rows are one prepared statement per assignment filter (`${name}_page_…`), planned once:
 * 'Assigned to me' too, as applications_assigned_idx (assignee, stage, time in stage) is its
 * walk whether the member holds no case or thousands (the KYC queue walks its files' own copy
 * of the assignee, decision 070). A search's few matches come with their count, from one scan
 * (cappedCountAndPage), then their rows.
 */
export async function stageQueueRows<Row extends CountedRow>(
  { db, input, staffId }: QueueRequest,
  stage: Stage,
  name: string,
  rowsOf: QueueRowsOf<Row>,
): Promise<{ rows: Row[] } & ListTotal> {
  const offset = queueOffset(input);
  const inQueue = (assigned: SQL | undefined, search?: SQL) =>
    and(eq(applications.stage, stage), isNull(applications.erasedAt), assigned, search);
  /** The queue's ids in queue order, off applications_stage_changed_idx. */
  const ordered = (db: Db, assigned: SQL | undefined, search?: SQL) =>
    db
      .select({ id: applications.id })
      .from(applications)
      .where(inQueue(assigned, search))
      .orderBy(asc(applications.stageChangedAt), asc(applications.id));
  if (input.query) {
    const search = await nameOrEmailMatches(db, 'applications', applications, input.query);
    const assigned = assignedCondition(input.assigned, staffId);
    const found = await cappedCountAndPage(
      db,
      db
        .select({ id: applications.id, stage_changed_at: applications.stageChangedAt })
        .from(applications)
        .where(inQueue(assigned, search)),
      sql.raw('stage_changed_at asc, id asc'),
      { limit: input.page_size, offset },
      ordered(db, assigned, search).limit(input.page_size).offset(offset),
    );
    const rows = found.ids.length
      ? await prepared(db, `${name}_rows`, (db) =>
          rowsOf(db, idsPlaceholder(applications.id), `${name}_rows`),
        ).execute({ ids: found.ids })
      : [];
    return { rows, ...found.total };
  }
  const statement = `${name}_page_${input.assigned ?? 'any'}`;
  const staff = sql.placeholder('staffId');
  const rows = await prepared(db, statement, (db) =>
    rowsOf(
      db,
      sql`${applications.id} = any(array(${ordered(db, assignedCondition(input.assigned, staff))}
          limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}))`,
      statement,
      countedCte(db, 'applications', { k1: stage, k2: assigneeKey(input.assigned, staff) }),
    ),
  ).execute({ staffId, limit: input.page_size, offset });
  const total = await totalOfCountedPage(db, rows, async () =>
    countedTotal(db, 'applications', { k1: stage, k2: assigneeKey(input.assigned, staffId) }),
  );
  return { rows, total };
}
