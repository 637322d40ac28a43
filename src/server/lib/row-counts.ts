import {
  and,
  asc,
  desc,
  eq,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { ListTotal } from '#shared/schemas/admin-lists.ts';
import { queryRows, type Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { rowCounts } from '../db/schema.ts';

/** The counters migration 0014's triggers keep (schema.ts `rowCounts` says what each key is). */
export type Counter =
  'applications' | 'kyc_files' | 'eoi_requests' | 'contact_messages' | 'audit_log';

/**
 * A total read from the counters has at most a few rows per key between compactions; when a
 * read finds more than this, the rows are folded together in the background.
 */
const COMPACT_ABOVE_ROWS = 200;
let compacting: Promise<void> | null = null;

/**
 * The exact number of rows a counter holds under the given keys (k2 '' is "none": unassigned,
 * or not a staff row). One indexed read of a few rows, whatever the table's size.
 */
export async function countedTotal(
  db: Db,
  counter: Counter,
  keys: { k1?: string | undefined; k2?: string | undefined } = {},
): Promise<number> {
  const shape = `${keys.k1 === undefined ? '' : '1'}${keys.k2 === undefined ? '' : '2'}`;
  const [row] = await prepared(db, `row_count_${shape}`, (db) =>
    db
      .select({
        n: sql<string>`coalesce(sum(${rowCounts.n}), 0)`,
        rows: sql<number>`count(*)::int`,
      })
      .from(rowCounts)
      .where(
        and(
          eq(rowCounts.counter, sql.placeholder('counter')),
          keys.k1 === undefined ? undefined : eq(rowCounts.k1, sql.placeholder('k1')),
          keys.k2 === undefined ? undefined : eq(rowCounts.k2, sql.placeholder('k2')),
        ),
      )
      .prepare(`row_count_${shape}`),
  ).execute({ counter, k1: keys.k1, k2: keys.k2 });
  compactIfLong(db, row?.rows ?? 0);
  return Number(row?.n ?? 0);
}

/** A counter's rows summed by their first key, with how many rows make up each sum. */
function byK1Select(db: Db, counter: Counter | Placeholder) {
  return db
    .select({
      k1: rowCounts.k1,
      n: sql<string>`sum(${rowCounts.n})`.as('n'),
      rows: sql<number>`count(*)::int`.as('rows'),
    })
    .from(rowCounts)
    .where(eq(rowCounts.counter, counter))
    .groupBy(rowCounts.k1);
}

/** Totals by first key, and the whole counter's, from each key's sum. */
export function totalsByK1(sums: [string, string | number][]): {
  all: number;
  byK1: Map<string, number>;
} {
  const byK1 = new Map(sums.map(([k1, n]) => [k1, Number(n)]));
  return { all: [...byK1.values()].reduce((sum, n) => sum + n, 0), byK1 };
}

/**
 * A counter's totals by its first key, and the whole counter's, in one read (an inbox's
 * heading wants all, reviewed and the status filtered on). Keys with no rows are absent.
 */
export async function countedTotalsByK1(
  db: Db,
  counter: Counter,
): Promise<{ all: number; byK1: Map<string, number> }> {
  const rows = await prepared(db, 'row_counts_by_k1', (db) =>
    byK1Select(db, sql.placeholder('counter')).prepare('row_counts_by_k1'),
  ).execute({ counter });
  compactIfLong(
    db,
    rows.reduce((sum, row) => sum + row.rows, 0),
  );
  return totalsByK1(rows.map((row) => [row.k1, row.n]));
}

/**
 * countedTotalsByK1 inside a page's own statement: `with by_k1 (k1, n, rows)`, to be read as a
 * JSON object of k1 → n (the page's rows carry it) and turned into totals with totalsByK1.
 */
export function countedByK1Cte(db: Db, counter: Counter) {
  return db.$with('by_k1').as(byK1Select(db, counter));
}

/**
 * A counter's total read inside the statement of the page it heads, as `with counted (n,
 * rows)`: a page then costs one statement to send, run and read back, not two, and a later page
 * need not wait for its total before walking (nearerEndIds). Keys may be placeholders of a
 * prepared statement. Its rows carry the total in COUNTED_COLUMNS; read it with
 * totalOfCountedPage.
 */
export function countedCte(
  db: Db,
  counter: Counter,
  keys: { k1?: string | Placeholder | undefined; k2?: string | Placeholder | undefined } = {},
) {
  return db.$with('counted').as(
    db
      .select({
        n: sql<string>`coalesce(sum(${rowCounts.n}), 0)::bigint`.as('n'),
        rows: sql<number>`count(*)::int`.as('rows'),
      })
      .from(rowCounts)
      .where(
        and(
          eq(rowCounts.counter, counter),
          keys.k1 === undefined ? undefined : eq(rowCounts.k1, keys.k1),
          keys.k2 === undefined ? undefined : eq(rowCounts.k2, keys.k2),
        ),
      ),
  );
}

/** A countedCte, for the statements that take one. */
export type CountedCte = ReturnType<typeof countedCte>;

type CountedColumns = { listTotal: SQL<string | null>; counterRows: SQL<number | null> };

/** The columns that carry a countedCte's total on every row of the page. */
export const COUNTED_COLUMNS: CountedColumns = {
  listTotal: sql`(select n from counted)`,
  counterRows: sql`(select rows from counted)`,
};

/** The same columns in a statement without a countedCte: empty. */
export const NOT_COUNTED: CountedColumns = { listTotal: sql`null`, counterRows: sql`null` };

/**
 * The total a page's rows carry (COUNTED_COLUMNS). A page with no rows (past the end, or an
 * empty list) carries none: `orElse` reads it.
 */
export async function totalOfCountedPage(
  db: Db,
  rows: readonly { listTotal: string | null; counterRows: number | null }[],
  orElse: () => Promise<number>,
): Promise<number> {
  const first = rows[0];
  if (!first || first.listTotal === null) return orElse();
  compactIfLong(db, first.counterRows ?? 0);
  return Number(first.listTotal);
}

/** How a walk orders its index: `desc` is newest first. */
export type Direction = typeof asc | typeof desc;

/**
 * pageFromNearerEnd inside the statement, from the total of its countedCte: the ids of the page
 * at the `offset` placeholder of `limit` rows, walked from the newest end, or, for a page in the
 * older half, from the oldest. `ordered` selects the ids in the direction given (newest first
 * is `desc`), without limit or offset. Each walk is an InitPlan, and only the one the total
 * chooses runs.
 */
export function nearerEndIds(ordered: (direction: Direction) => SQLWrapper): SQL {
  const offset = sql`${sql.placeholder('offset')}::int`;
  const size = sql`${sql.placeholder('limit')}::int`;
  const end = sql`least(${offset} + ${size}, n)`;
  return sql`case when (select ${offset} + ${size} / 2.0 > n / 2.0 from counted)
    then array(${ordered(asc)}
      limit (select greatest(${end} - ${offset}, 0) from counted)
      offset (select greatest(n - ${end}, 0) from counted))
    else array(${ordered(desc)} limit ${size} offset ${offset}) end`;
}

/** A read that found more than COMPACT_ABOVE_ROWS rows folds them together in the background. */
function compactIfLong(db: Db, rows: number) {
  if (rows <= COMPACT_ABOVE_ROWS || compacting) return;
  // Not awaited: this call's total is already exact. A failure (say the database is closing)
  // leaves the rows as they are, still exact, and a later read tries again.
  compacting = db
    .execute(sql`select compact_row_counts()`)
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      compacting = null;
    });
}

/** Folds the counters' rows together now (tests; the list reads do it on their own). */
export async function compactRowCounts(db: Db): Promise<void> {
  await db.execute(sql`select compact_row_counts()`);
}

/**
 * A search or a filter no counter keeps is counted up to this many matches; past it the list
 * says "200+" (decision 040). Counting every match of a common name among a million rows takes
 * seconds, and even counting a thousand of them makes PostgreSQL build a bitmap of every match
 * (30–70 ms); up to 200 it reads the table until it has them (a few ms). Ten pages of results
 * are as far as anyone reads: past that they narrow the search.
 */
export const COUNT_CAP = 200;

/**
 * A search's total counted up to COUNT_CAP and the ids of one page of its matches in the list's
 * order, in one statement. `matches` selects `id` and the columns `order` names, without order
 * or limit; `walk` selects the page's `id`s in list order off the list's index. Under the cap
 * the matches are few: the page is sorted from the same scan that counted them (a trigram
 * search read its index twice when the count and the page were separate). Past it they are
 * common, and walking the index in list order meets a page of them soon. Only the branch the
 * count chooses runs (each is an InitPlan, evaluated when first needed), and the choice costs
 * no round trip of its own.
 */
export async function cappedCountAndPage(
  db: Db,
  matches: SQLWrapper,
  order: SQL,
  page: { limit: number; offset: number },
  walk: SQLWrapper,
  /** Known to match more than COUNT_CAP rows (staff-search.ts surelyOverCap): only walk. */
  overCap = false,
): Promise<{ total: ListTotal; ids: string[] }> {
  if (overCap) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`select id::text as id from (${walk}) as page`,
    );
    return { total: { total: COUNT_CAP, total_capped: true }, ids: rows.map((row) => row.id) };
  }
  const [row] = await queryRows<CappedRow>(db, cappedSql(matches, order, page, walk));
  return cappedResult(row);
}

/** What a cappedCountAndPage statement answers: the count, and the page's ids. */
type CappedRow = { n: number; ids: string[] | null };

function cappedSql(
  matches: SQLWrapper,
  order: SQL,
  page: { limit: number | Placeholder; offset: number | Placeholder },
  walk: SQLWrapper,
): SQL {
  return sql`with matches as materialized (${matches} limit ${COUNT_CAP + 1}),
      counted as (select count(*)::int as n from matches)
    select n, case when n <= ${COUNT_CAP}
      then (select array_agg(id::text order by ordinal) from (
        select id, row_number() over (order by ${order}) as ordinal from matches
        order by ${order} limit ${page.limit} offset ${page.offset}) as page)
      else array(${walk})::text[] end as ids
    from counted`;
}

function cappedResult(row: CappedRow | undefined): { total: ListTotal; ids: string[] } {
  const n = row?.n ?? 0;
  const ids = row?.ids ?? [];
  return n > COUNT_CAP
    ? { total: { total: COUNT_CAP, total_capped: true }, ids }
    : { total: { total: n }, ids };
}

/**
 * cappedCountAndPage as a statement of fixed shape, for builtOnce (db/prepared.ts): the page is
 * the placeholders `limit` and `offset`, which `walk` takes too. Execute it with cappedOf.
 */
export function cappedCountAndPageQuery(db: Db, matches: SQLWrapper, order: SQL, walk: SQLWrapper) {
  return db
    .select({ n: sql<number>`n`, ids: sql<string[] | null>`ids` })
    .from(
      sql`(${cappedSql(matches, order, { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') }, walk)}) as found`,
    );
}

/** The total and the ids a cappedCountAndPageQuery statement answered. */
export async function cappedOf(
  rows: PromiseLike<CappedRow[]>,
): Promise<{ total: ListTotal; ids: string[] }> {
  return cappedResult((await rows)[0]);
}

/**
 * How to read one page of a list kept newest first by `columns` (its time, then its id). Given
 * the list's exact total, a page in its older half is read from the other end (the order
 * reversed; the caller sorts the rows back), so no page walks more than half of the list's
 * index; without it, from the start.
 */
export function pageFromNearerEnd(
  columns: readonly [AnyColumn, AnyColumn],
  exactTotal: number | undefined,
  offset: number,
  pageSize: number,
): { orderBy: SQL[]; limit: number; offset: number; fromOldest: boolean } {
  if (exactTotal !== undefined && offset + pageSize / 2 > exactTotal / 2) {
    const end = Math.min(offset + pageSize, exactTotal);
    return {
      orderBy: columns.map((column) => asc(column)),
      limit: Math.max(end - offset, 0),
      offset: Math.max(exactTotal - end, 0),
      fromOldest: true,
    };
  }
  return {
    orderBy: columns.map((column) => desc(column)),
    limit: pageSize,
    offset,
    fromOldest: false,
  };
}

/** Whether a page starting at `offset` can hold rows: past an exact total it cannot. */
export function pageIsPastEnd(offset: number, total: ListTotal): boolean {
  return !total.total_capped && offset >= total.total;
}

/**
 * A page this many rows or more from both ends of the applicant list is found by day
 * (dayOfOffset): below it, walking the index from the nearer end is as cheap.
 */
export const DEEP_PAGE_ROWS = 5_000;

/** Where a deep page of the applicant list starts: in one UTC day, after its newer rows. */
export interface PageStart {
  /** The day's first instant (UTC midnight). */
  from: Date;
  /** The next day's first instant: the day's rows are created before it. */
  before: Date;
  /** How many of the day's rows, newest first, come before the page. */
  skip: number;
  /** How many rows the day has (in the list or the stage). */
  dayRows: number;
}

/**
 * Where the newest-first page at `offset` of the applicant list starts, optionally at one
 * stage, from the counters of applications by day: 'applications_by_day' (k1 the stage,
 * migration 0021, decision 064) or 'applications_by_day_all' (every stage, migration 0026,
 * decision 071). PostgreSQL reads the days newest first off
 * row_counts_key_idx, adding them up as it goes, and stops at the day the page falls in: the
 * days a page needs rather than every day. Null past the end. Prepared and planned once; the
 * same statement serves the whole list and each stage.
 */
export async function dayOfOffset(
  db: Db,
  stage: string | undefined,
  offset: number,
): Promise<PageStart | null> {
  const [row] = await prepared(db, 'applications_day_of_offset', (db) => {
    const offsetParam = sql`${sql.placeholder('offset')}::bigint`;
    return db
      .select({
        day: sql<string>`day`,
        skip: sql<number>`(${offsetParam} - (through - day_rows))::int`,
        dayRows: sql<number>`day_rows`,
        extra: sql<number>`extra`,
      })
      .from(
        // A day's rows between compactions are its peers in the window's order (RANGE):
        // `through` is every row up to and including the day's, `day_rows` the day's own.
        sql`(select ${rowCounts.k2} as day,
              (sum(${rowCounts.n}) over newer)::bigint as through,
              (sum(${rowCounts.n}) over (newer range between current row and current row))::int
                as day_rows,
              -- Rows read beyond one a day: waiting to be folded together.
              (count(*) over newer - dense_rank() over newer)::int as extra
            from ${rowCounts}
            where ${rowCounts.counter} = ${sql.placeholder('counter')}
              and ${rowCounts.k1} = ${sql.placeholder('stage')}
            window newer as (order by ${rowCounts.k2} desc)) as days`,
      )
      .where(sql`through > ${offsetParam}`)
      .limit(1)
      .prepare('applications_day_of_offset');
  }).execute({
    counter: stage === undefined ? 'applications_by_day_all' : 'applications_by_day',
    stage: stage ?? '',
    offset,
  });
  if (!row) return null;
  compactIfLong(db, row.extra);
  const from = new Date(`${row.day}T00:00:00Z`);
  return {
    from,
    before: new Date(from.getTime() + 86_400_000),
    skip: row.skip,
    dayRows: row.dayRows,
  };
}
