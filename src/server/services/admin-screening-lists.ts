import { asc, eq } from 'drizzle-orm';
import type { ScreeningListVersion } from '#shared/schemas/screening.ts';
import type { Db } from '../db/client.ts';
import { screeningListVersions } from '../db/schema.ts';

/** `admin-screening-lists` (compliance): each list's version in use, and when it loaded. */
export async function adminScreeningLists(options: { db: Db }): Promise<ScreeningListVersion[]> {
  const rows = await options.db
    .select()
    .from(screeningListVersions)
    .where(eq(screeningListVersions.isCurrent, true))
    .orderBy(asc(screeningListVersions.list));
  return rows.map((row) => ({
    list: row.list,
    version: row.version,
    loaded_at: row.loadedAt.toISOString(),
    entries: row.entries,
    source: row.source,
  }));
}
