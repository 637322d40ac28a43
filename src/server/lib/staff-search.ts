import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { containsPattern } from './like-pattern.ts';

/** A whole e-mail address, as staff paste one from a message. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The words PostgreSQL's statistics found common in a table's searched names (migration 0022),
 * in search_text() form; null while the table has none (never analysed).
 */
export type CommonWords = readonly string[] | null;

/** The tables staff search by name, each with its statistics of name words (migration 0022). */
export type SearchedTable = 'applications' | 'eoi_requests' | 'contact_messages';

/** Statistics change only when the table is analysed: read again after this long. */
const COMMON_WORDS_TTL_MS = 5 * 60_000;
const commonWordsCache = new WeakMap<
  Db,
  Map<SearchedTable, { words: Promise<CommonWords>; until: number }>
>();

/**
 * The common words of a table's searched names (decision 066), from the statistics ANALYZE
 * keeps (pg_stats_ext_exprs), read at most once every few minutes per database. They only
 * steer which part of a query the trigram index is given, never what matches: when they
 * cannot be read the search uses the whole query, as without statistics.
 */
export function commonNameWords(db: Db, table: SearchedTable): Promise<CommonWords> {
  let byTable = commonWordsCache.get(db);
  if (!byTable) commonWordsCache.set(db, (byTable = new Map()));
  const cached = byTable.get(table);
  if (cached && cached.until > Date.now()) return cached.words;
  const words = queryRows<{ words: string[] }>(
    db,
    sql`select coalesce(most_common_elems::text::text[], '{}'::text[]) as words
      from pg_stats_ext_exprs
      where statistics_schemaname = current_schema() and statistics_name = ${`${table}_name_words`}`,
  ).then(
    (rows) => rows[0]?.words ?? null,
    () => null,
  );
  byTable.set(table, { words, until: Date.now() + COMMON_WORDS_TTL_MS });
  return words;
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
