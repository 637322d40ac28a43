import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { screeningEntries, screeningListVersions } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { ScreeningIndex, type IndexedList } from './matcher/index.ts';
import type { ListEntry, Match, ScreeningProvider, Subject } from './types.ts';
import { yenteProvider } from './yente.ts';

/** At most this many matches answer a search (CONTRACT §8). */
export const SEARCH_LIMIT = 20;

/**
 * The screening of this process: the provider (the built-in matcher over the loaded lists, or a
 * yente service) and the threshold at or above which a match opens an alert.
 */
export interface Screening {
  provider: ScreeningProvider;
  threshold: number;
  /** Whether any list is loaded (built-in) or a service is configured (yente). */
  ready(db?: Db | Tx): Promise<boolean>;
}

/** The current version of each list, as one key: it changes whenever any list loads. */
async function currentVersions(db: Db | Tx) {
  return db
    .select({
      id: screeningListVersions.id,
      list: screeningListVersions.list,
      version: screeningListVersions.version,
    })
    .from(screeningListVersions)
    .where(eq(screeningListVersions.isCurrent, true))
    .orderBy(asc(screeningListVersions.list));
}

/**
 * The built-in matcher over the lists in the database. Each instance keeps the index of the
 * current versions in memory (about 40,000 names) and rebuilds it when a version changes,
 * which costs one small query per search to notice.
 */
export function builtinProvider(
  db: Db,
): ScreeningProvider & { hasLists(reader?: Db | Tx): Promise<boolean> } {
  let key = '';
  let index = new ScreeningIndex([]);
  let loading: Promise<ScreeningIndex> | null = null;

  const load = async (reader: Db | Tx, versions: Awaited<ReturnType<typeof currentVersions>>) => {
    const lists: IndexedList[] = [];
    for (const version of versions) {
      const rows = await reader
        .select()
        .from(screeningEntries)
        .where(eq(screeningEntries.versionId, version.id));
      lists.push({
        list: version.list,
        version: version.version,
        entries: rows.map((row): ListEntry => ({
          entryId: row.entryId,
          kind: row.kind,
          name: row.name,
          names: row.names,
          datesOfBirth: row.datesOfBirth,
          nationalities: row.nationalities,
          programmes: row.programmes,
        })),
      });
    }
    return new ScreeningIndex(lists);
  };

  const current = async (reader: Db | Tx = db): Promise<ScreeningIndex> => {
    const versions = await currentVersions(reader);
    const wanted = versions.map((v) => v.id).join(',');
    if (wanted === key) return index;
    // One load at a time: concurrent searches wait for the same one.
    loading ??= load(reader, versions)
      .then((built) => {
        index = built;
        key = wanted;
        return built;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };

  return {
    name: 'builtin',
    async search(subject: Subject, options) {
      return (await current(options.db)).search(subject, options);
    },
    async searchMany(subjects: Subject[], options) {
      const built = await current(options.db);
      return subjects.map((subject) => built.search(subject, options));
    },
    async hasLists(reader = db) {
      return (await currentVersions(reader)).length > 0;
    },
  };
}

export function createScreening(env: Env, db: Db): Screening {
  if (env.SCREENING_PROVIDER === 'yente' && env.YENTE_URL) {
    const provider = yenteProvider({ url: env.YENTE_URL, dataset: env.YENTE_DATASET });
    return { provider, threshold: env.SCREENING_THRESHOLD, ready: async () => true };
  }
  const provider = builtinProvider(db);
  return {
    provider,
    threshold: env.SCREENING_THRESHOLD,
    ready: (reader) => provider.hasLists(reader),
  };
}

export type { Match };
