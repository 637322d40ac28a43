import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  SCREENING_FILE_MISSING,
  SCREENING_LISTS,
  type ScreeningList,
} from '#shared/schemas/screening.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { screeningEntries, screeningListVersions } from '../db/schema.ts';
import { uniqueNames, unique } from './importers/common.ts';
import { parseListFile } from './importers/index.ts';
import { ListFormatError, type ListEntry, type ParsedList } from './types.ts';

export const OFAC_ALTERNATES_FIRST =
  'Load the OFAC SDN list before its alternate names (or upload both files together).';
export const ONE_LIST_AT_A_TIME =
  'These files belong to different lists. Upload one list at a time (OFAC: the SDN and alternate-names files together).';

/**
 * Namespace of the per-list advisory lock (two-key form, apart from the migration lock): two
 * loads of one list, on any instances, take turns, so they never make the same version.
 */
const LIST_LOCK_NAMESPACE = 4210;

/** List versions whose entries are kept: this one and the two before it. */
const KEEP_VERSIONS = 3;

/** Rows per INSERT: one statement per thousand entries, well under PostgreSQL's parameter cap. */
const INSERT_CHUNK = 1000;

export interface ListFile {
  name: string;
  bytes: Buffer;
}

export interface ImportOptions {
  /** A file name or a SCREENING_SOURCES address. */
  source: string;
  /** The staff member who uploaded it; null for the CLI and the scheduled sources. */
  loadedBy: string | null;
  /** Who the audit row names (default: the system). */
  actor?: Actor;
}

export interface ImportResult {
  list: ScreeningList;
  version: number;
  entries: number;
  /** False when the bytes were those of the version in use, which stays. */
  created: boolean;
}

/** Entries of several files of one list, by entry id: a repeated entry's names are merged. */
function mergeEntries(parts: ListEntry[][]): Map<string, ListEntry> {
  const byId = new Map<string, ListEntry>();
  for (const part of parts) {
    for (const entry of part) {
      const seen = byId.get(entry.entryId);
      byId.set(
        entry.entryId,
        seen
          ? {
              ...seen,
              kind: seen.kind === 'sanctions' || entry.kind === 'sanctions' ? 'sanctions' : 'pep',
              names: uniqueNames([...seen.names, ...entry.names]),
              datesOfBirth: unique([...seen.datesOfBirth, ...entry.datesOfBirth]),
              nationalities: unique([...seen.nationalities, ...entry.nationalities]),
              programmes: unique([...seen.programmes, ...entry.programmes]),
            }
          : entry,
      );
    }
  }
  return byId;
}

/** Of the files' bytes, whatever their order: the same upload again is recognised. */
function digest(files: ListFile[]): string {
  const each = files.map((file) => createHash('sha256').update(file.bytes).digest('hex')).sort();
  return each.length === 1 ? each[0]! : createHash('sha256').update(each.join('\n')).digest('hex');
}

async function currentEntries(tx: Tx, versionId: string): Promise<ListEntry[]> {
  const rows = await tx
    .select()
    .from(screeningEntries)
    .where(eq(screeningEntries.versionId, versionId));
  return rows.map((row) => ({
    entryId: row.entryId,
    kind: row.kind,
    name: row.name,
    names: row.names,
    datesOfBirth: row.datesOfBirth,
    nationalities: row.nationalities,
    programmes: row.programmes,
  }));
}

/** A file already read by its importer (the scheduled sources read before they group). */
export interface ParsedFile extends ListFile {
  parsed: ParsedList;
}

/** Reads every file; with several, an error names the file it is about. */
export function parseListFiles(files: ListFile[]): ParsedFile[] {
  return files.map((file) => {
    try {
      return { ...file, parsed: parseListFile(file.name, file.bytes) };
    } catch (error) {
      if (error instanceof ListFormatError && files.length > 1) {
        throw new ListFormatError(`${file.name}: ${error.message}`);
      }
      throw error;
    }
  });
}

/**
 * Loads list files as a new version of their list (CONTRACT §8). Every file is parsed before
 * anything is written, so a bad one changes nothing (ListFormatError says why). Then, in one
 * transaction under the list's lock: the same bytes as the version in use make no new version;
 * otherwise the new version becomes current with all its entries, and is audited (counts only).
 * OFAC's alternate names join the SDN entries of the same upload or, alone, the OFAC version
 * in use.
 */
export async function importListFiles(
  db: Db,
  files: ListFile[],
  options: ImportOptions,
): Promise<ImportResult> {
  if (files.length === 0) throw new ListFormatError(SCREENING_FILE_MISSING);
  return importParsedFiles(db, parseListFiles(files), options);
}

/** importListFiles for files already parsed. */
export async function importParsedFiles(
  db: Db,
  files: ParsedFile[],
  options: ImportOptions,
): Promise<ImportResult> {
  if (files.length === 0) throw new ListFormatError(SCREENING_FILE_MISSING);
  const parsed = files.map((file) => file.parsed);
  const list = parsed[0]!.list;
  if (parsed.some((p) => p.list !== list)) throw new ListFormatError(ONE_LIST_AT_A_TIME);
  const parts = parsed.flatMap((p) => (p.kind === 'entries' ? [p.entries] : []));
  const alternates = new Map<string, string[]>();
  for (const p of parsed) {
    if (p.kind !== 'ofac-alternates') continue;
    for (const [id, names] of p.alternates) {
      alternates.set(id, [...(alternates.get(id) ?? []), ...names]);
    }
  }
  const sha256 = digest(files);

  return db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`select pg_advisory_xact_lock(${LIST_LOCK_NAMESPACE}::int4, ${SCREENING_LISTS.indexOf(list)}::int4)`,
    );
    const [current] = await tx
      .select()
      .from(screeningListVersions)
      .where(and(eq(screeningListVersions.list, list), eq(screeningListVersions.isCurrent, true)));
    if (current?.sha256 === sha256) {
      return { list, version: current.version, entries: current.entries, created: false };
    }
    let byId: Map<string, ListEntry>;
    if (parts.length > 0) byId = mergeEntries(parts);
    else if (current) byId = mergeEntries([await currentEntries(tx, current.id)]);
    else throw new ListFormatError(OFAC_ALTERNATES_FIRST);
    for (const [id, names] of alternates) {
      const entry = byId.get(id);
      if (entry) byId.set(id, { ...entry, names: uniqueNames([...entry.names, ...names]) });
    }
    const entries = [...byId.values()];

    const [last] = await queryRows<{ version: number | null }>(
      tx,
      sql`select max(${screeningListVersions.version})::int as version from ${screeningListVersions} where ${screeningListVersions.list} = ${list}`,
    );
    const version = (last?.version ?? 0) + 1;
    await tx
      .update(screeningListVersions)
      .set({ isCurrent: false })
      .where(and(eq(screeningListVersions.list, list), eq(screeningListVersions.isCurrent, true)));
    const [row] = await tx
      .insert(screeningListVersions)
      .values({
        list,
        version,
        source: options.source.slice(0, 500),
        sha256,
        entries: entries.length,
        isCurrent: true,
        loadedBy: options.loadedBy,
      })
      .returning({ id: screeningListVersions.id });
    const versionId = row!.id;
    for (let i = 0; i < entries.length; i += INSERT_CHUNK) {
      await tx.insert(screeningEntries).values(
        entries.slice(i, i + INSERT_CHUNK).map((entry) => ({
          versionId,
          entryId: entry.entryId,
          kind: entry.kind,
          name: entry.name,
          names: entry.names,
          datesOfBirth: entry.datesOfBirth,
          nationalities: entry.nationalities,
          programmes: entry.programmes,
        })),
      );
    }
    // Older versions keep their row (the history of what was loaded when) but not their people:
    // alerts hold a copy of the entry they matched, and a list loaded daily would otherwise grow
    // by its whole size every day. The two before this one stay whole, to compare with.
    await tx.execute(sql`delete from screening_entries where version_id in (
      select id from screening_list_versions
      where list = ${list} and version <= ${version - KEEP_VERSIONS})`);
    await writeAudit(tx, {
      actor: options.actor ?? { type: 'system', id: 'screening' },
      action: 'screening.list_load',
      target: { type: 'screening_list', id: versionId },
      after: { list, version, entries: entries.length },
    });
    return { list, version, entries: entries.length, created: true };
  });
}
