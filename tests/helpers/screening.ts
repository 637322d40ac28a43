import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { screeningEntries, screeningListVersions } from '#server/db/schema.ts';
import type { ListEntry } from '#server/screening/types.ts';
import type { ScreeningList } from '#shared/schemas/screening.ts';

/**
 * A list version written straight into the database (what an import leaves behind), for tests
 * about who is screened and what an alert does. The importers have their own tests.
 */
export async function seedScreeningList(
  db: Db,
  list: ScreeningList,
  entries: (Partial<ListEntry> & { name: string })[],
): Promise<{ version: number }> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ version: sql<number>`coalesce(max(${screeningListVersions.version}), 0)` })
      .from(screeningListVersions)
      .where(eq(screeningListVersions.list, list));
    const version = Number(previous?.version ?? 0) + 1;
    await tx
      .update(screeningListVersions)
      .set({ isCurrent: false })
      .where(and(eq(screeningListVersions.list, list), eq(screeningListVersions.isCurrent, true)));
    const [row] = await tx
      .insert(screeningListVersions)
      .values({
        list,
        version,
        source: 'test',
        sha256: `test-${list}-${version}`,
        entries: entries.length,
        isCurrent: true,
      })
      .returning({ id: screeningListVersions.id });
    if (entries.length > 0) {
      await tx.insert(screeningEntries).values(
        entries.map((entry, i) => ({
          versionId: row!.id,
          entryId: entry.entryId ?? `${list}-${i + 1}`,
          kind: entry.kind ?? 'sanctions',
          name: entry.name,
          names: entry.names ?? [entry.name],
          datesOfBirth: entry.datesOfBirth ?? [],
          nationalities: entry.nationalities ?? [],
          programmes: entry.programmes ?? ['Test regime'],
        })),
      );
    }
    return { version };
  });
}
