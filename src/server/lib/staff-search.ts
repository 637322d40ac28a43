import { or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { containsPattern } from './like-pattern.ts';

/** A whole e-mail address, as staff paste one from a message. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Staff search of a person by name or e-mail, the same on every list: any part of either,
 * ignoring case and accents ('chloe' finds 'Chloé'; search_text() trigram indexes). A whole
 * e-mail address finds that address (its search_text() btree index, migration 0015): every
 * address shares most of its trigrams ('@', '.co', '.uk') with a million others, and matching
 * them as a substring took a second at a million rows.
 */
export function nameOrEmailMatches(name: SQLWrapper, email: SQLWrapper, query: string): SQL {
  if (WHOLE_EMAIL.test(query)) return sql`search_text(${email}) = search_text(${query})`;
  const pattern = sql`search_text(${containsPattern(query)})`;
  return or(sql`search_text(${name}) like ${pattern}`, sql`search_text(${email}) like ${pattern}`)!;
}
