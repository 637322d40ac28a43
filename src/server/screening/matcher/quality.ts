import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Subject } from '../types.ts';
import { parseListFile } from '../importers/index.ts';
import type { IndexedList, ScreeningIndex } from './index.ts';

/**
 * How the matcher is measured (decision 076), shared by the labelled set's builder
 * (scripts/build-screening-labels.ts), its test and the benchmark (bench/screening.ts): the real
 * list files read through the product's importers, and recall and clean rate over the labelled
 * set (tests/fixtures/screening/labelled.json).
 */

/** The published files the labelled set was drawn from (../shared/data/screening). */
export const LIST_FILES = [
  'un-consolidated.xml',
  'ofac-sdn.csv',
  'ofac-alt.csv',
  'opensanctions-us-congress.senzing.json',
] as const;

/** Where the copies of the real lists sit, beside the repository. */
export const LIST_DIR =
  process.env.SCREENING_DATA_DIR ??
  join(import.meta.dirname, '../../../../../shared/data/screening');

/**
 * The lists in `dir` as the index takes them: each file through `parseListFile`, OFAC's
 * alternate names added to the SDN entries they belong to (as a later upload would).
 */
export function readListFiles(dir: string = LIST_DIR): IndexedList[] {
  const lists: IndexedList[] = [];
  const alternates: Map<string, string[]>[] = [];
  for (const file of LIST_FILES) {
    const parsed = parseListFile(file, readFileSync(join(dir, file)));
    if (parsed.kind === 'entries')
      lists.push({ list: parsed.list, version: 1, entries: parsed.entries });
    else alternates.push(parsed.alternates);
  }
  for (const list of lists) {
    if (list.list !== 'ofac') continue;
    list.entries = list.entries.map((entry) => {
      const more = alternates.flatMap((a) => a.get(entry.entryId) ?? []);
      return more.length === 0
        ? entry
        : { ...entry, names: [...new Set([...entry.names, ...more])] };
    });
  }
  return lists;
}

/** A listed person under one variant of their name: the search must find `expect`. */
export interface FoundCase extends Subject {
  /** `<list>:<entry id>`. */
  expect: string;
  variant: 'as-listed' | 'family-first' | 'accents' | 'transposition' | 'no-middle' | 'alias';
}

/** An ordinary British name: the search must open no alert. */
export interface CleanCase extends Subject {
  /** Chosen because the same name is listed (before date of birth and nationality). */
  collides?: boolean;
}

export interface LabelledSet {
  about: string;
  seed: number;
  found: FoundCase[];
  clean: CleanCase[];
}

export interface Quality {
  recall: number;
  clean: number;
  found: number;
  foundCases: number;
  cleanCount: number;
  cleanCases: number;
  /** The cases that failed, to read. */
  missed: FoundCase[];
  alerted: { subject: CleanCase; matched: string; score: number }[];
  /** Recall by variant. */
  byVariant: Record<string, { found: number; cases: number }>;
}

/** Recall and clean rate of `index` over the labelled set at `threshold` (20 matches a search). */
export function measureQuality(
  index: ScreeningIndex,
  set: LabelledSet,
  threshold: number,
): Quality {
  const options = { threshold, limit: 20 };
  const missed: FoundCase[] = [];
  const byVariant: Quality['byVariant'] = {};
  for (const c of set.found) {
    const matches = index.search(c, options);
    const hit = matches.some((m) => `${m.list}:${m.entry.entryId}` === c.expect);
    const tally = (byVariant[c.variant] ??= { found: 0, cases: 0 });
    tally.cases++;
    if (hit) tally.found++;
    else missed.push(c);
  }
  const alerted: Quality['alerted'] = [];
  for (const c of set.clean) {
    const [first] = index.search(c, options);
    if (first) alerted.push({ subject: c, matched: first.matchedName, score: first.score });
  }
  const found = set.found.length - missed.length;
  const cleanCount = set.clean.length - alerted.length;
  return {
    recall: found / set.found.length,
    clean: cleanCount / set.clean.length,
    found,
    foundCases: set.found.length,
    cleanCount,
    cleanCases: set.clean.length,
    missed,
    alerted,
    byVariant,
  };
}
