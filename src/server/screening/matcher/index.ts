import type { ScreeningList } from '#shared/schemas/screening.ts';
import type { ListEntry, Match, Subject } from '../types.ts';
import {
  dateAdjustment,
  entryFacts,
  largestRaise,
  nationalityAdjustment,
  parsePartialDate,
  subjectNationality,
  type EntryFacts,
} from './facts.ts';
import { joinsOf, nameWords, token as tokenOf, tokenize, type NameToken } from './normalise.ts';
import {
  fullWords,
  INITIAL_SIMILARITY,
  nameSimilarity,
  ONE_WORD_CAP,
  tokenSimilarity,
  TOKEN_MIN,
  UNPAIRED,
} from './similarity.ts';

/**
 * The built-in matcher (CONTRACT §8, decision 076): every name and alias of every loaded entry,
 * indexed by its words, and a search that scores a subject against the few names that share a
 * word with it.
 *
 * Blocking: each distinct word of the lists (its skeleton and its written form, see
 * normalise.ts) is filed under each of those, under every form of them with one letter deleted
 * (words of four letters or more: two words one edit apart always share one of these keys),
 * under its Double Metaphone code, and, for a word with the Arabic article glued on, under the
 * word without it. Neighbouring words of a name are also filed written as one, and a word the
 * normalising split in two ("Abdolsamad") as written. A search looks up the same keys for each
 * of the subject's words, keeps the listed words similar enough to count (`TOKEN_MIN`), and
 * collects the names that hold them. An upper bound of each name's score from those word
 * matches alone drops the names that could not reach the threshold even with the most a
 * matching date of birth and nationality could add; the rest are scored in full (similarity.ts,
 * facts.ts).
 */

/** One loaded list version, as the index takes it. */
export interface IndexedList {
  list: ScreeningList;
  version: number;
  entries: ListEntry[];
}

interface IndexedEntry {
  list: ScreeningList;
  version: number;
  entry: ListEntry;
  facts: EntryFacts;
}

interface IndexedName {
  entry: number;
  name: string;
  tokens: NameToken[];
  /** Its neighbours written as one (see `joinsOf`). */
  joins: (NameToken | null)[];
  /** Full words (weight 1). */
  words: number;
  /** The weight of its words that are not initials. */
  weight: number;
  /** The letters of its initials ("jennifer l mcclellan": `l`). */
  initials: string;
}

/** Subject words that block (a longer name's further words are still scored, not looked up). */
const SLOTS = 8;
/** Room for what the bound leaves out (pair weights are the mean of both words'). */
const BOUND_SLACK = 0.05;

/** A word and, from four letters, the word with each letter deleted in turn. */
function addDeletions(keys: string[], text: string) {
  keys.push(text);
  if (text.length < 4) return;
  for (let i = 0; i < text.length; i++) {
    const key = text.slice(0, i) + text.slice(i + 1);
    if (key !== keys[keys.length - 1]) keys.push(key);
  }
}

/** The index keys of a word: its skeleton's and its written form's, its sound, its bare form. */
function keysOf(token: NameToken): string[] {
  const text = token.text;
  const keys: string[] = [];
  addDeletions(keys, text);
  if (token.raw !== text) addDeletions(keys, token.raw);
  if (token.phonetic) keys.push(`#${token.phonetic}`);
  if (token.bare) keys.push(token.bare);
  return keys;
}

/** Scores are compared with the threshold before they are rounded, with room for float error. */
const EPSILON = 1e-9;
const round = (score: number) => Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;

export class ScreeningIndex {
  /** Entries indexed, over every list. */
  readonly size: number;
  private readonly entries: IndexedEntry[] = [];
  private readonly names: IndexedName[] = [];
  /** Distinct listed words. */
  private readonly vocabulary: NameToken[] = [];
  /** Word → the names that hold it. */
  private readonly postings: number[][] = [];
  /** Key → the words filed under it. */
  private readonly keys = new Map<string, number[]>();
  /** Two neighbouring words written as one → the names they come from. */
  private readonly joined = new Map<string, number[]>();

  // Scratch space for one search at a time (search is synchronous).
  private readonly best: Float32Array;
  private readonly nameStamp: Int32Array;
  private readonly nameJoined: Uint8Array;
  private readonly touched: Int32Array;
  private readonly wordStamp: Int32Array;
  private readonly entryStamp: Int32Array;
  private readonly entryScore: Float64Array;
  private readonly entryName: Int32Array;
  private readonly entryAdjustment: Float64Array;
  private readonly entryAdjusted: Int32Array;
  private stamp = 0;
  private wordPass = 0;

  constructor(lists: IndexedList[]) {
    const wordIds = new Map<string, number>();
    for (const list of lists) {
      for (const entry of list.entries) {
        const e = this.entries.length;
        this.entries.push({
          list: list.list,
          version: list.version,
          entry,
          facts: entryFacts(entry.datesOfBirth, entry.nationalities),
        });
        for (const name of entry.names.length > 0 ? entry.names : [entry.name]) {
          const written = nameWords(name);
          const tokens = written.map(({ word, raw }) => {
            const token = tokenOf(word, raw);
            const key = `${token.text} ${token.raw}`;
            const known = wordIds.get(key);
            if (known !== undefined) return this.vocabulary[known]!;
            wordIds.set(key, this.vocabulary.length);
            this.vocabulary.push(token);
            this.postings.push([]);
            return token;
          });
          if (tokens.length === 0) continue;
          const n = this.names.length;
          let weight = 0;
          for (const token of tokens) if (!token.initial) weight += token.weight;
          const joins = joinsOf(tokens);
          const initials = tokens
            .filter((token) => token.initial)
            .map((token) => token.raw)
            .join('');
          this.names.push({
            entry: e,
            name,
            tokens,
            joins,
            words: fullWords(tokens),
            weight,
            initials,
          });
          for (const token of tokens) {
            if (token.initial) continue;
            const posting = this.postings[wordIds.get(`${token.text} ${token.raw}`)!]!;
            if (posting[posting.length - 1] !== n) posting.push(n);
          }
          const join = (key: string) => {
            const holders = this.joined.get(key);
            if (!holders) this.joined.set(key, [n]);
            else if (holders[holders.length - 1] !== n) holders.push(n);
          };
          joins.forEach((joined, i) => {
            if (joined && !tokens[i]!.initial && !tokens[i + 1]!.initial) join(joined.text);
          });
          // A word the normalising split in two is found as written, typing errors and all.
          for (const { whole } of written) {
            if (!whole) continue;
            const keys: string[] = [];
            addDeletions(keys, whole);
            keys.forEach(join);
          }
        }
      }
    }
    this.vocabulary.forEach((token, id) => {
      if (token.initial) return;
      for (const key of keysOf(token)) {
        const filed = this.keys.get(key);
        if (!filed) this.keys.set(key, [id]);
        else if (filed[filed.length - 1] !== id) filed.push(id);
      }
    });
    this.size = this.entries.length;
    const names = this.names.length;
    this.best = new Float32Array(names * SLOTS);
    this.nameStamp = new Int32Array(names);
    this.nameJoined = new Uint8Array(names);
    this.touched = new Int32Array(names);
    this.wordStamp = new Int32Array(this.vocabulary.length);
    this.entryStamp = new Int32Array(this.entries.length);
    this.entryScore = new Float64Array(this.entries.length);
    this.entryName = new Int32Array(this.entries.length);
    this.entryAdjustment = new Float64Array(this.entries.length);
    this.entryAdjusted = new Int32Array(this.entries.length);
  }

  /** Names indexed (every name and alias). */
  get nameCount(): number {
    return this.names.length;
  }

  /**
   * The entries whose best-scoring name, with the date of birth and nationality taken into
   * account, scores at or above `threshold`: best first (then in the lists' order), at most
   * `limit`, one match per entry.
   */
  search(subject: Subject, options: { threshold: number; limit: number }): Match[] {
    if (options.limit <= 0 || this.names.length === 0) return [];
    const query = tokenize(subject.name);
    if (query.length === 0) return [];
    const dateOfBirth = parsePartialDate(subject.dateOfBirth);
    const nationality = subjectNationality(subject.nationality);
    const raise = largestRaise(dateOfBirth, nationality);
    const threshold = options.threshold;

    if (this.stamp === 0x7fffffff) {
      this.stamp = 0;
      this.nameStamp.fill(0);
      this.entryStamp.fill(0);
      this.entryAdjusted.fill(0);
    }
    const stamp = ++this.stamp;
    let touchedCount = 0;
    const touch = (n: number) => {
      if (this.nameStamp[n] === stamp) return;
      this.nameStamp[n] = stamp;
      this.touched[touchedCount++] = n;
      this.best.fill(0, n * SLOTS, n * SLOTS + SLOTS);
      this.nameJoined[n] = 0;
    };

    // What the bound needs of the subject: initials and words past the slots count as matched.
    const slots: NameToken[] = [];
    let assumedWeight = 0;
    let assumedScore = 0;
    let assumedWords = 0;
    let assumedCount = 0;
    for (const token of query) {
      if (!token.initial && slots.length < SLOTS) slots.push(token);
      else {
        assumedCount++;
        assumedWeight += token.weight;
        assumedScore += token.weight * (token.initial ? INITIAL_SIMILARITY : 1);
        assumedWords += token.initial ? 0.5 : 1;
      }
    }
    const queryWords = fullWords(query);
    // A word of eight letters or more can be two edits from a listed word and still count
    // (1 − 2/8 = TOKEN_MIN), which the keys do not find: the bound assumes it may.
    const unseen = slots.map((token) => {
      const longest = Math.max(token.text.length, token.raw.length);
      return 1 - 2 / longest >= TOKEN_MIN ? 1 - 2 / longest : 0;
    });

    // The listed words like each subject word, and the names that hold them.
    slots.forEach((token, slot) => {
      this.eachSimilarWord(token, (sim, word) => {
        for (const n of this.postings[word]!) {
          touch(n);
          const at = n * SLOTS + slot;
          if (sim > this.best[at]!) this.best[at] = sim;
        }
      });
    });
    // Spacing: two subject words written as one in a list, or one written as two.
    const queryJoins = joinsOf(query);
    for (let i = 0; i + 1 < query.length; i++) {
      if (query[i]!.initial || query[i + 1]!.initial) continue;
      this.eachSimilarWord(queryJoins[i]!, (_, word) => {
        for (const n of this.postings[word]!) {
          touch(n);
          this.nameJoined[n] = 1;
        }
      });
    }
    for (const token of slots) {
      const keys: string[] = [];
      addDeletions(keys, token.text);
      if (token.raw !== token.text) addDeletions(keys, token.raw);
      for (const key of keys) {
        for (const n of this.joined.get(key) ?? []) {
          touch(n);
          this.nameJoined[n] = 1;
        }
      }
    }

    const hits: number[] = [];
    for (let t = 0; t < touchedCount; t++) {
      const n = this.touched[t]!;
      const name = this.names[n]!;
      if (!this.nameJoined[n]) {
        let score = assumedScore;
        let matched = assumedWeight;
        let unmatched = 0;
        let words = assumedWords;
        let matchedSlots = 0;
        // A listed initial may pair with a subject word of its letter that no key found.
        const initials = name.initials;
        for (let s = 0; s < slots.length; s++) {
          const b = this.best[n * SLOTS + s]! || unseen[s]!;
          const w = slots[s]!.weight;
          if (b > 0) {
            score += w * b;
            matched += w;
            matchedSlots += w;
            words += w === 1 ? 1 : 0.5;
          } else if (initials !== '' && initials.includes(slots[s]!.raw[0]!)) {
            score += w * INITIAL_SIMILARITY;
            matched += w;
            words += 0.5;
          } else unmatched += w;
        }
        // Each subject word paired takes one listed word out of the unpaired ones.
        const listedLeft = Math.max(0, name.weight - matchedSlots - assumedCount);
        let bound = score / (matched + UNPAIRED * (unmatched + listedLeft)) + BOUND_SLACK;
        if (words < 1.5 && (queryWords >= 2 || name.words >= 2))
          bound = Math.min(bound, ONE_WORD_CAP);
        if (bound + raise + EPSILON < threshold) continue;
      }
      const similarity = nameSimilarity(query, name.tokens, queryJoins, name.joins);
      if (similarity + raise + EPSILON < threshold) continue;
      const e = name.entry;
      if (this.entryAdjusted[e] !== stamp) {
        this.entryAdjusted[e] = stamp;
        const facts = this.entries[e]!.facts;
        this.entryAdjustment[e] =
          dateAdjustment(dateOfBirth, facts) + nationalityAdjustment(nationality, facts);
      }
      const exact = similarity + this.entryAdjustment[e]!;
      if (exact + EPSILON < threshold) continue;
      const score = round(exact);
      if (this.entryStamp[e] !== stamp) {
        this.entryStamp[e] = stamp;
        this.entryScore[e] = score;
        this.entryName[e] = n;
        hits.push(e);
      } else if (score > this.entryScore[e]!) {
        this.entryScore[e] = score;
        this.entryName[e] = n;
      }
    }

    hits.sort((a, b) => this.entryScore[b]! - this.entryScore[a]! || a - b);
    return hits.slice(0, options.limit).map((e) => {
      const indexed = this.entries[e]!;
      return {
        list: indexed.list,
        version: indexed.version,
        entry: indexed.entry,
        matchedName: this.names[this.entryName[e]!]!.name,
        score: this.entryScore[e]!,
      };
    });
  }

  /** Calls `found` once for each listed word similar enough to `token` to count. */
  private eachSimilarWord(token: NameToken, found: (similarity: number, word: number) => void) {
    const pass = ++this.wordPass;
    if (pass === 0x7fffffff) {
      this.wordPass = 1;
      this.wordStamp.fill(0);
    }
    const current = this.wordPass;
    for (const key of keysOf(token)) {
      const words = this.keys.get(key);
      if (!words) continue;
      for (const word of words) {
        if (this.wordStamp[word] === current) continue;
        this.wordStamp[word] = current;
        const sim = tokenSimilarity(token, this.vocabulary[word]!);
        if (sim >= TOKEN_MIN) found(sim, word);
      }
    }
  }
}
