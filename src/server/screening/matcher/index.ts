import type { ScreeningList } from '#shared/schemas/screening.ts';
import type { ListEntry, Match, Subject } from '../types.ts';

/** One loaded list version, as the index takes it. */
export interface IndexedList {
  list: ScreeningList;
  version: number;
  entries: ListEntry[];
}

/**
 * PLACEHOLDER: the matcher is being written (decision 076). Exact, case-blind full-name
 * comparison only.
 */
export class ScreeningIndex {
  readonly size: number;
  private readonly lists: IndexedList[];
  constructor(lists: IndexedList[]) {
    this.lists = lists;
    this.size = lists.reduce((sum, list) => sum + list.entries.length, 0);
  }
  search(subject: Subject, options: { threshold: number; limit: number }): Match[] {
    const wanted = subject.name.trim().toLowerCase();
    const matches: Match[] = [];
    for (const list of this.lists) {
      for (const entry of list.entries) {
        const name = entry.names.find((n) => n.toLowerCase() === wanted);
        if (name && options.threshold <= 1)
          matches.push({ list: list.list, version: list.version, entry, matchedName: name, score: 1 });
      }
    }
    return matches.slice(0, options.limit);
  }
}
