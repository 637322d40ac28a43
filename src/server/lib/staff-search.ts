import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { containsPattern } from './like-pattern.ts';
import { COUNT_CAP } from './row-counts.ts';

/** A whole e-mail address, as staff paste one from a message. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The tables staff search by name, each with its statistics of name words (migration 0022). */
export type SearchedTable = 'applications' | 'eoi_requests' | 'contact_messages';

/**
 * What PostgreSQL's statistics say of a table's searched name words (migration 0022): the
 * common words in search_text() form, the share of named rows holding each, and how many named
 * rows the table had when analysed.
 */
export interface NameWordStats {
  words: readonly string[];
  /** For each word, the share of rows with a name that hold it. */
  shares: readonly number[];
  /** Rows with a name, as of the last ANALYZE. */
  namedRows: number;
  /** Rows inserted, updated or deleted since then (each may have taken a match away). */
  modifiedSince: number;
}

/**
 * Statistics change only when the table is analysed, and the count of changes since is what
 * bounds how far they may be out: read both again after this long.
 */
const NAME_WORD_STATS_TTL_MS = 60_000;
const statsCache = new WeakMap<
  Db,
  Map<SearchedTable, { stats: Promise<NameWordStats | null>; until: number }>
>();

/**
 * A table's name-word statistics (decision 066), from those ANALYZE keeps
 * (pg_stats_ext_exprs), read at most once a minute per database; null while the table has none
 * (never analysed) or they cannot be read.
 */
export function nameWordStats(db: Db, table: SearchedTable): Promise<NameWordStats | null> {
  let byTable = statsCache.get(db);
  if (!byTable) statsCache.set(db, (byTable = new Map()));
  const cached = byTable.get(table);
  if (cached && cached.until > Date.now()) return cached.stats;
  const stats = readNameWordStats(db, table).catch(() => null);
  byTable.set(table, { stats, until: Date.now() + NAME_WORD_STATS_TTL_MS });
  return stats;
}

/** nameWordStats as they stand now, read from the catalogue (uncached). */
export async function readNameWordStats(
  db: Db,
  table: SearchedTable,
): Promise<NameWordStats | null> {
  const [row] = await queryRows<{
    words: string[];
    shares: number[] | null;
    named_rows: number;
    modified: number;
  }>(
    db,
    sql`select coalesce(s.most_common_elems::text::text[], '{}'::text[]) as words,
        s.most_common_elem_freqs::float8[] as shares,
        (greatest(c.reltuples, 0) * (1 - s.null_frac))::float8 as named_rows,
        coalesce(u.n_mod_since_analyze, 0)::float8 as modified
      from pg_stats_ext_exprs s
      join pg_namespace n on n.nspname = s.schemaname
      join pg_class c on c.relnamespace = n.oid and c.relname = s.tablename
      left join pg_stat_user_tables u on u.relid = c.oid
      where s.statistics_schemaname = current_schema() and s.statistics_name = ${`${table}_name_words`}`,
  );
  return row
    ? {
        words: row.words,
        // The array ends with three figures of its own (least and most share, nulls).
        shares: (row.shares ?? []).slice(0, row.words.length),
        namedRows: row.named_rows,
        modifiedSince: row.modified,
      }
    : null;
}

/**
 * The words PostgreSQL's statistics found common in a table's searched names, in search_text()
 * form; null while the table has none. They only steer which part of a query the trigram index
 * is given, never what matches: when they cannot be read the search uses the whole query.
 */
export type CommonWords = readonly string[] | null;

/** The common words of `table`'s searched names, from nameWordStats (cached the same way). */
export async function commonNameWords(db: Db, table: SearchedTable): Promise<CommonWords> {
  return (await nameWordStats(db, table))?.words ?? null;
}

/**
 * A search is known to match more than COUNT_CAP rows, without counting them, when the
 * statistics hold a word containing the whole query in at least this many rows, after taking
 * away every row changed since they were gathered (each might have lost the word). Every name
 * holding the word holds the query, so it is a lower bound; ten times the cap leaves room for
 * the statistics' sampling.
 */
export const SURELY_OVER_CAP_ROWS = 10 * COUNT_CAP;

/**
 * Whether `query` surely matches more than COUNT_CAP named rows, by the statistics: a single
 * word (several words must also be in order, which word statistics cannot tell) that is part
 * of a common word held by at least SURELY_OVER_CAP_ROWS rows, however the rows changed since.
 */
export function surelyOverCap(query: string, stats: NameWordStats | null): boolean {
  const word = query.trim();
  if (!stats || word === '' || /\s/.test(word)) return false;
  const form = folded(word);
  return stats.words.some(
    (known, i) =>
      known.includes(form) &&
      (stats.shares[i] ?? 0) * stats.namedRows - stats.modifiedSince >= SURELY_OVER_CAP_ROWS,
  );
}

/**
 * Whether a search of `table` for `query` surely matches more than COUNT_CAP rows, by the
 * table's statistics (surelyOverCap): the count can then be skipped (decision 072).
 */
export async function searchSurelyOverCap(
  db: Db,
  table: SearchedTable,
  query: string,
): Promise<boolean> {
  return surelyOverCap(query, await nameWordStats(db, table));
}

/** What search_text() does to a word, near enough to compare it with the common words. */
function folded(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The words of a query that the trigram index should be given instead of the whole query, or
 * null for the whole query. Every trigram of a common word ('grace', one name in eight) is in a
 * long posting list, and the index reads all of them for every search: a full name of common
 * words and one rare one took 17 ms at a million rows, the rare word alone 0.4 ms. A word is
 * common when it is part of a common word (so 'ace', inside 'grace', is), and a word of fewer
 * than three letters has no trigram of its own. When the query has such words and at least one
 * other, the others are given to the index. Any row holding the query holds each of its words,
 * so the whole query is then tested on the rows they find.
 */
export function narrowingWords(query: string, common: CommonWords): string[] | null {
  if (common === null) return null;
  const words = query.trim().split(/\s+/);
  const rare = words.filter((word) => {
    const form = folded(word);
    return form.length >= 3 && !common.some((known) => known.includes(form));
  });
  return rare.length > 0 && rare.length < words.length ? rare : null;
}

/**
 * Staff search of a person by name or e-mail, the same on every list: any part of either,
 * ignoring case and accents ('chloe' finds 'Chloé'). `searchName` and `searchEmail` are the
 * table's generated columns holding search_text() of each (decision 062), indexed by trigrams.
 * A whole e-mail address finds that address (a btree index, migration 0015): every address
 * shares most of its trigrams ('@', '.co', '.uk') with a million others, and matching them as
 * a substring took a second at a million rows. A name of several words gives the index its
 * rare words only, when the table's statistics show the others are common (narrowingWords).
 * `table` names the statistics; the columns are its search_name and search_email.
 */
export async function nameOrEmailMatches(
  db: Db,
  table: SearchedTable,
  { searchName, searchEmail }: { searchName: SQLWrapper; searchEmail: SQLWrapper },
  query: string,
): Promise<SQL> {
  if (WHOLE_EMAIL.test(query)) return sql`${searchEmail} = search_text(${query})`;
  const pattern = sql`search_text(${containsPattern(query)})`;
  const words = narrowingWords(query, await commonNameWords(db, table));
  const name = words
    ? and(
        ...words.map((word) => sql`${searchName} like search_text(${containsPattern(word)})`),
        // The whole query as a plain substring (strpos has no wildcards): tested per row only.
        sql`strpos(${searchName}, search_text(${query})) > 0`,
      )!
    : sql`${searchName} like ${pattern}`;
  return or(name, sql`${searchEmail} like ${pattern}`)!;
}
