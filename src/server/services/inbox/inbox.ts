import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { ContactRow, EoiRow, InboxMetrics, InboxTable } from '#shared/schemas/admin-lists.ts';
import type { InboxStatus } from '#shared/stages.ts';
import { writeAudit, type Actor } from '../../audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { idsPlaceholder, prepared, rowsByIds } from '../../db/prepared.ts';
import { contactMessages, eoiRequests, rowCounts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { ListTotal } from '#shared/schemas/admin-lists.ts';
import {
  cappedCountAndPage,
  COUNTED_COLUMNS,
  countedByK1Cte,
  countedTotalsByK1,
  nearerEndIds,
  type Direction,
  totalOfCountedPage,
  totalsByK1,
} from '../../lib/row-counts.ts';
import { nameOrEmailMatches, searchSurelyOverCap } from '../../lib/staff-search.ts';

/**
 * The two staff inboxes, EOI requests and contact messages, are one thing with two shapes:
 * the list, status changes and export below are written once and parameterised by an
 * InboxSpec. Both tables share id, created_at, email, status and updated_at (schema.ts).
 */
export interface InboxSpec<Row extends InboxRecord> {
  table: typeof eoiRequests | typeof contactMessages;
  /** The person's name as staff search it, searched together with the e-mail (decision 062). */
  searchName: typeof eoiRequests.searchName | typeof contactMessages.searchName;
  /** What the audit log calls one record. */
  target: 'eoi_request' | 'contact_message';
  /** Its row counter (migration 0014): the totals by status. */
  counter: 'eoi_requests' | 'contact_messages';
  notFound: string;
  /** The application a record belongs to, so a change shows on the applicant's timeline. */
  applicationId: SQL<string | null> | typeof eoiRequests.applicationId;
  columns: SelectedFields;
  toRow(record: unknown): Row;
}

/** What every inbox row has: its id and the keyset cursor the export pages on. */
export type InboxRecord = { id: string; cursor: string };

/** Ties a spec's row mapping to the columns it selects; the shared code sees it type-erased. */
function defineInbox<C extends SelectedFields, Row extends InboxRecord>(
  spec: Omit<InboxSpec<Row>, 'columns' | 'toRow'> & {
    columns: C;
    toRow(record: SelectResultFields<C>): Row;
  },
): InboxSpec<Row> {
  return spec as unknown as InboxSpec<Row>;
}

/**
 * The exact created_at as PostgreSQL prints it: a JS Date keeps milliseconds, the column keeps
 * microseconds, and a keyset cursor that lost them would skip or repeat rows.
 */
const exactCreatedAt = (column: typeof eoiRequests.createdAt | typeof contactMessages.createdAt) =>
  sql<string>`${column}::text`;

const eoiColumns = {
  id: eoiRequests.id,
  createdAt: eoiRequests.createdAt,
  cursor: exactCreatedAt(eoiRequests.createdAt),
  fullName: eoiRequests.fullName,
  email: eoiRequests.email,
  phone: eoiRequests.phone,
  reason: eoiRequests.reason,
  status: eoiRequests.status,
};

const contactColumns = {
  id: contactMessages.id,
  createdAt: contactMessages.createdAt,
  cursor: exactCreatedAt(contactMessages.createdAt),
  name: contactMessages.name,
  email: contactMessages.email,
  message: contactMessages.message,
  status: contactMessages.status,
};

/** A row with the keyset cursor the export pages on. */
type Cursored<Row> = Row & { cursor: string };
export type EoiRecord = Cursored<EoiRow>;
export type ContactRecord = Cursored<ContactRow>;

export const EOI_INBOX = defineInbox({
  table: eoiRequests,
  searchName: eoiRequests.searchName,
  target: 'eoi_request',
  counter: 'eoi_requests',
  notFound: 'EOI request not found',
  applicationId: eoiRequests.applicationId,
  columns: eoiColumns,
  toRow: (r): EoiRecord => ({
    id: r.id,
    created_at: r.createdAt.toISOString(),
    full_name: r.fullName,
    email: r.email,
    phone: r.phone,
    reason: r.reason,
    status: r.status,
    cursor: r.cursor,
  }),
});

export const CONTACT_INBOX = defineInbox({
  table: contactMessages,
  searchName: contactMessages.searchName,
  target: 'contact_message',
  counter: 'contact_messages',
  notFound: 'Contact message not found',
  applicationId: sql<null>`null`,
  columns: contactColumns,
  toRow: (r): ContactRecord => ({
    id: r.id,
    created_at: r.createdAt.toISOString(),
    name: r.name,
    email: r.email,
    message: r.message,
    status: r.status,
    cursor: r.cursor,
  }),
});

/** The inbox a bulk update or an export names by its table. */
export const INBOXES: Record<InboxTable, InboxSpec<InboxRecord>> = {
  eoi_requests: EOI_INBOX,
  contact_messages: CONTACT_INBOX,
};

export interface InboxFilter {
  status?: InboxStatus | undefined;
  query?: string | undefined;
}

/**
 * The list's and the export's filter: status (the (status, created_at) index) and a substring
 * of the name or e-mail ignoring case and accents ('chloe' finds 'Chloé'), as the applicant
 * list searches (search_text() trigram indexes, migration 0014).
 */
export async function inboxWhere(
  db: Db,
  spec: InboxSpec<InboxRecord>,
  filter: InboxFilter,
): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(spec.table.status, filter.status));
  if (filter.query) {
    conditions.push(
      await nameOrEmailMatches(
        db,
        spec.counter,
        { searchName: spec.searchName, searchEmail: spec.table.searchEmail },
        filter.query,
      ),
    );
  }
  return and(...conditions);
}

/** Newest first; id breaks ties so pages and export batches never overlap. */
const newestFirst = (spec: InboxSpec<InboxRecord>) => [
  desc(spec.table.createdAt),
  desc(spec.table.id),
];

/** Public row shape: the export cursor stays on the server. */
function withoutCursor<Row extends { cursor: string }>(row: Row): Omit<Row, 'cursor'> {
  const { cursor: _cursor, ...rest } = row;
  return rest;
}

/**
 * `admin-eoi-list` / `admin-contact-list`: one page newest first, the filtered total, and the
 * metrics, which describe the whole inbox whatever the filter. The totals by status are read
 * from the inbox's counter; a search is counted up to COUNT_CAP (decision 040); the week's
 * arrivals from its arrivals by day (decision 069).
 */
export async function listInbox<Row extends InboxRecord>(
  db: Db,
  spec: InboxSpec<Row>,
  input: InboxFilter & { page: number; pageSize: number },
): Promise<{ data: Omit<Row, 'cursor'>[]; metrics: InboxMetrics } & ListTotal> {
  const t = spec.table;
  const where = await inboxWhere(db, spec, input);
  const page = { limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
  // One statement for every page's rows, prepared (db/prepared.ts).
  const rowsOf = (ids: string[] | PromiseLike<{ id: string }[]>) =>
    rowsByIds(
      prepared(db, `${spec.counter}_rows`, (db) =>
        db
          .select(spec.columns)
          .from(t)
          .where(idsPlaceholder(t.id))
          .orderBy(...newestFirst(spec))
          .prepare(`${spec.counter}_rows`),
      ),
      ids,
    );
  // The page's ids from the index alone however deep the page (migration 0018), then those
  // rows: an OFFSET over whole rows read every skipped row from the table.
  const ordered = (filter: SQL | undefined, direction: Direction) =>
    db.select({ id: t.id }).from(t).where(filter).orderBy(direction(t.createdAt), direction(t.id));
  /**
   * Arrivals in the last seven days (decision 069): the whole UTC days after the cut from the
   * inbox's arrivals by day (migration 0024), and the rest of the cut's own day from the
   * created_at index, a day's entries at most rather than the week's.
   */
  const week = (db: Db) => {
    const cut = sql`(now() - interval '7 days')`;
    const restOfCutDay = db
      .select({ n: sql`count(*)` })
      .from(t)
      .where(
        sql`${t.createdAt} >= ${cut} and ${t.createdAt} < date_trunc('day', ${cut}, 'UTC') + interval '1 day'`,
      );
    return db
      .select({ n: sql<number>`(coalesce(sum(${rowCounts.n}), 0) + (${restOfCutDay}))::int` })
      .from(rowCounts)
      .where(
        and(
          eq(rowCounts.counter, `${spec.counter}_by_day`),
          sql`${rowCounts.k1} > to_char(${cut} at time zone 'UTC', 'YYYY-MM-DD')`,
        ),
      );
  };
  /** Every total the heading and a status filter need, in one read of the counter. */
  const totalsAndWeek = () =>
    Promise.all([
      countedTotalsByK1(db, spec.counter),
      prepared(db, `${spec.counter}_week`, (db) =>
        week(db).prepare(`${spec.counter}_week`),
      ).execute(),
    ]).then(([totals, [arrived]]) => ({ ...totals, week: arrived?.n ?? 0 }));

  let records: Awaited<ReturnType<typeof rowsOf>>;
  let filtered: ListTotal;
  let totals: { all: number; byK1: Map<string, number>; week: number };
  if (input.query) {
    // A search's few matches come with their count, from one scan (cappedCountAndPage).
    const [searched, counted] = await Promise.all([
      cappedCountAndPage(
        db,
        db.select({ id: t.id, created_at: t.createdAt }).from(t).where(where),
        sql.raw('created_at desc, id desc'),
        page,
        ordered(where, desc).limit(page.limit).offset(page.offset),
        // A search alone for a word the statistics show in thousands of names needs no count.
        !input.status && (await searchSurelyOverCap(db, spec.counter, input.query)),
      ).then(async (found) => ({ ...found, rows: await rowsOf(found.ids) })),
      totalsAndWeek(),
    ]);
    records = searched.rows;
    filtered = searched.total;
    totals = counted;
  } else {
    // The whole inbox or a status: the counter's totals by status, the week's arrivals, the
    // walk that finds the page's ids from the nearer end and their rows, in one prepared
    // statement (one round trip, planned once) per filter shape. A page past the end carries
    // no totals: they are read on their own.
    const name = `${spec.counter}_page_${input.status ? 'status' : 'all'}`;
    const status = input.status ? sql.placeholder('status') : undefined;
    const rows = await prepared(db, name, (db) => {
      const byStatus = countedByK1Cte(db, spec.counter);
      const counted = db.$with('counted').as(
        db
          .select({
            n: sql<string>`coalesce(sum(n), 0)::bigint`.as('n'),
            rows: sql<number>`(select coalesce(sum(rows), 0)::int from by_k1)`.as('rows'),
          })
          .from(byStatus)
          .where(status === undefined ? undefined : sql`k1 = ${status}`),
      );
      return db
        .with(byStatus, counted)
        .select({
          ...spec.columns,
          ...COUNTED_COLUMNS,
          byStatus: sql<Record<string, string> | null>`(select json_object_agg(k1, n) from by_k1)`,
          week: sql<number>`(${week(db)})`,
        })
        .from(t)
        .where(
          sql`${t.id} = any(${nearerEndIds((direction) =>
            ordered(status === undefined ? undefined : eq(t.status, status), direction),
          )})`,
        )
        .orderBy(...newestFirst(spec))
        .prepare(name);
    }).execute({ status: input.status, limit: page.limit, offset: page.offset });
    const first = rows[0];
    totals = first?.byStatus
      ? { ...totalsByK1(Object.entries(first.byStatus)), week: first.week }
      : await totalsAndWeek();
    filtered = {
      total: await totalOfCountedPage(db, rows, async () =>
        input.status ? (totals.byK1.get(input.status) ?? 0) : totals.all,
      ),
    };
    records = rows;
  }
  return {
    data: records.map((r) => withoutCursor(spec.toRow(r))),
    ...filtered,
    metrics: {
      newThisWeek: totals.week,
      total: totals.all,
      reviewed: totals.byK1.get('reviewed') ?? 0,
    },
  };
}

/** Locks and reads the given records, in id order so concurrent bulk updates never deadlock. */
async function lockRecords(tx: Tx, spec: InboxSpec<InboxRecord>, ids: string[]) {
  const t = spec.table;
  return tx
    .select({ id: t.id, status: t.status, applicationId: spec.applicationId })
    .from(t)
    .where(inArray(t.id, ids))
    .orderBy(t.id)
    .for('update');
}

/**
 * Sets the status of the given records of one inbox; ids that are not in it are ignored.
 * Each record whose status changes gets its audit row in the same transaction; one already at
 * that status is left alone and not counted. Returns the records changed.
 */
export async function setInboxStatus(
  db: Db,
  spec: InboxSpec<InboxRecord>,
  options: { ids: string[]; status: InboxStatus; actor: Actor & { type: 'staff' } },
): Promise<{ found: number; updated: number }> {
  const { status } = options;
  const ids = [...new Set(options.ids)];
  const t = spec.table;
  return db.transaction(async (tx) => {
    const records = await lockRecords(tx, spec, ids);
    const changed = records.filter((r) => r.status !== status);
    if (changed.length > 0) {
      await tx
        .update(t)
        .set({ status })
        .where(
          inArray(
            t.id,
            changed.map((r) => r.id),
          ),
        );
    }
    for (const record of changed) {
      await writeAudit(tx, {
        actor: options.actor,
        action: `${spec.target}.update_status`,
        target: { type: spec.target, id: record.id },
        applicationId: record.applicationId,
        before: { status: record.status },
        after: { status },
      });
    }
    return { found: records.length, updated: changed.length };
  });
}

/** `admin-eoi-update` / `admin-contact-update`: one record; an unknown id is a 404. */
export async function updateInboxRecord(
  db: Db,
  spec: InboxSpec<InboxRecord>,
  options: { id: string; status: InboxStatus; actor: Actor & { type: 'staff' } },
): Promise<void> {
  const { found } = await setInboxStatus(db, spec, { ...options, ids: [options.id] });
  if (found === 0) throw new AppError('not_found', spec.notFound);
}
