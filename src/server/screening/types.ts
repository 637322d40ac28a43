import type { ScreeningKind, ScreeningList } from '#shared/schemas/screening.ts';
import type { Db, Tx } from '../db/client.ts';

/**
 * The screening's own vocabulary (CONTRACT §8). Importers turn a published file into
 * `ListEntry`s; the matcher compares a `Subject` with them and answers `Match`es.
 */

/** One listed person, as every importer reads them. */
export interface ListEntry {
  /** The list's own identifier: UK Group ID, UN DATAID, OFAC ent_num, OpenSanctions id. */
  entryId: string;
  kind: ScreeningKind;
  /** The primary name, as listed. */
  name: string;
  /** Every name and alias, the primary name first, without duplicates. */
  names: string[];
  /** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' (a listed range is given as its years). */
  datesOfBirth: string[];
  /** ISO 3166 alpha-2 codes, lower case, where the listed words could be read; else as listed. */
  nationalities: string[];
  /** Sanctions regimes or programmes, or PEP topics, as listed. */
  programmes: string[];
}

/** A file read by an importer. */
export type ParsedList =
  | { list: ScreeningList; kind: 'entries'; entries: ListEntry[] }
  /** OFAC's alternate names alone: added to the OFAC entries they are keyed to. */
  | { list: 'ofac'; kind: 'ofac-alternates'; alternates: Map<string, string[]> };

/** Why a file could not be read: it changes nothing. `line` is 1-based when known. */
export class ListFormatError extends Error {
  readonly line: number | null;
  constructor(reason: string, line: number | null = null) {
    super(line === null ? reason : `Line ${line}: ${reason}`);
    this.line = line;
  }
}

/** Who or what is screened. */
export interface Subject {
  name: string;
  /** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'. */
  dateOfBirth?: string | null | undefined;
  /** An ISO alpha-2 code or a country's name. */
  nationality?: string | null | undefined;
}

/** An entry the subject may be, with the score (0–1) the matcher gave. */
export interface Match {
  list: ScreeningList;
  /** The list version the entry belongs to (null from a yente service). */
  version: number | null;
  entry: ListEntry;
  /** The entry's name or alias that scored best. */
  matchedName: string;
  score: number;
}

/**
 * How a search is asked: the threshold, the most matches wanted, and the handle to read the
 * lists through. A search inside a transaction passes it: on the embedded PGlite (one
 * connection) a read outside it would wait for the transaction to end, which never comes.
 */
export interface SearchOptions {
  threshold: number;
  limit: number;
  db?: Db | Tx | undefined;
}

/** Anything that can screen: the built-in matcher over the loaded lists, or a yente service. */
export interface ScreeningProvider {
  readonly name: 'builtin' | 'yente';
  /** The matches at or above `threshold`, best first, at most `limit`. */
  search(subject: Subject, options: SearchOptions): Promise<Match[]>;
  /** Many subjects at once (the re-screening job): each subject's matches, in order. */
  searchMany(subjects: Subject[], options: SearchOptions): Promise<Match[][]>;
}
