import { or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { containsPattern } from './like-pattern.ts';

/** A whole e-mail address, as staff paste one from a message. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Staff search of a person by name or e-mail, the same on every list: any part of either,
 * ignoring case and accents ('chloe' finds 'Chloé'). `searchName` and `searchEmail` are the
 * table's generated columns holding search_text() of each (decision 062), indexed by trigrams.
 * A whole e-mail address finds that address (a btree index, migration 0015): every address
 * shares most of its trigrams ('@', '.co', '.uk') with a million others, and matching them as
 * a substring took a second at a million rows.
 */
export function nameOrEmailMatches(
  searchName: SQLWrapper,
  searchEmail: SQLWrapper,
  query: string,
): SQL {
  if (WHOLE_EMAIL.test(query)) return sql`${searchEmail} = search_text(${query})`;
  const pattern = sql`search_text(${containsPattern(query)})`;
  return or(sql`${searchName} like ${pattern}`, sql`${searchEmail} like ${pattern}`)!;
}
