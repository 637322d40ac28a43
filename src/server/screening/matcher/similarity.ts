import { joinsOf, type NameToken } from './normalise.ts';

/**
 * How alike two names are, 0–1, whatever their order (decision 076).
 *
 * Two words: 1 when their skeletons are equal; else one less the share of the longer word an
 * edit changes (optimal string alignment: a dropped, added or changed letter, or two letters
 * swapped, is one edit), raised by 40 % of what is left when they sound alike (same Double
 * Metaphone code), or measured on the words as written when that is closer; a word with the
 * Arabic article glued on is also compared without it (at 95 %); an initial against a word it
 * begins 0.9. Below `TOKEN_MIN` two words are not the same word: 0.
 *
 * Two names: each subject word is paired with at most one listed word, best pairs first. The
 * score is the weighted mean similarity of the pairs, where every word left unpaired adds
 * `UNPAIRED` of its weight to the divisor: a middle name missing on one side costs a little, a
 * different surname a lot. A name matched on fewer than one and a half full words (an initial
 * counts half) cannot pass `ONE_WORD_CAP` when either side has two: one shared word ("Smith",
 * "Muhammad") must not match everyone. Two one-word names score at most 0.9.
 */

/** The least similarity two words need to count as the same word. */
export const TOKEN_MIN = 0.75;
/** An initial against a word that begins with it. */
export const INITIAL_SIMILARITY = 0.9;
/** How much of its weight an unpaired word adds to the divisor. */
export const UNPAIRED = 0.3;
/** The most a name matched on one word can score when either side has more. */
export const ONE_WORD_CAP = 0.7;
/** The most two one-word names can score. */
export const ONE_WORD_NAMES = 0.9;
/** Tokens compared per name (a longer name keeps its first ones). */
export const MAX_TOKENS = 16;

let rowA = new Int32Array(32);
let rowB = new Int32Array(32);
let rowC = new Int32Array(32);

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function osaDistance(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  if (m + 1 > rowA.length) {
    rowA = new Int32Array(m + 1);
    rowB = new Int32Array(m + 1);
    rowC = new Int32Array(m + 1);
  }
  // rowA: i-2, rowB: i-1, rowC: i
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let d = prev[j - 1]! + cost;
      const del = prev[j]! + 1;
      if (del < d) d = del;
      const ins = cur[j - 1]! + 1;
      if (ins < d) d = ins;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        const swap = prev2[j - 2]! + 1;
        if (swap < d) d = swap;
      }
      cur[j] = d;
    }
    const spare = prev2;
    prev2 = prev;
    prev = cur;
    cur = spare;
  }
  return prev[m]!;
}

/** 1 − edits / the longer length. */
export function editSimilarity(a: string, b: string): number {
  const longer = a.length > b.length ? a.length : b.length;
  if (longer === 0) return 1;
  return 1 - osaDistance(a, b) / longer;
}

/** How much of what spelling leaves a shared sound makes up. */
const SOUND = 0.4;

function spelled(a: NameToken, b: NameToken): number {
  let sim = editSimilarity(a.text, b.text);
  if (a.phonetic !== '' && a.phonetic === b.phonetic) sim += (1 - sim) * SOUND;
  return sim;
}

/** The most an edit measure can give two lengths: 1 − their difference / the longer. */
const lengthCeiling = (a: number, b: number) => (a > b ? b / a : a / b);

/** How alike two words are: 1 for the same word, down to TOKEN_MIN; 0 when not alike enough. */
export function tokenSimilarity(a: NameToken, b: NameToken): number {
  if (a.text === b.text) return 1;
  if (a.initial || b.initial) {
    // The letter as written: the skeleton of "Charles" begins with `c`, of "Karl" with `k`.
    return a.raw.charCodeAt(0) === b.raw.charCodeAt(0) ? INITIAL_SIMILARITY : 0;
  }
  // Most pairs are told apart by their lengths alone.
  if (a.bare === null && b.bare === null) {
    let ceiling = lengthCeiling(a.text.length, b.text.length);
    if (a.phonetic === b.phonetic) ceiling += (1 - ceiling) * SOUND;
    if (ceiling < TOKEN_MIN && lengthCeiling(a.raw.length, b.raw.length) < TOKEN_MIN) return 0;
  }
  let sim = spelled(a, b);
  // A typing error is smallest where it was made: in the word as written.
  if (sim < 1 && (a.raw !== a.text || b.raw !== b.text)) {
    const written = editSimilarity(a.raw, b.raw);
    if (written > sim) sim = written;
  }
  // "Al-Qahtani" against "Alqahtani" or "Qahtani": the article is worth little.
  if (sim < 1 && (a.bare === null) !== (b.bare === null)) {
    const bare = a.bare === null ? editSimilarity(a.text, b.bare!) : editSimilarity(a.bare, b.text);
    if (0.95 * bare > sim) sim = 0.95 * bare;
  }
  return sim >= TOKEN_MIN ? sim : 0;
}

const matrix = new Float64Array(MAX_TOKENS * MAX_TOKENS);

/** How many full words a name has (an initial or a prefix word counts for none). */
export function fullWords(tokens: NameToken[]): number {
  let n = 0;
  for (const t of tokens) if (t.weight === 1) n++;
  return n;
}

/**
 * The names' score with each word paired once, best pairs first; -1 when the subject's word
 * `mustQ` or the listed word `mustC` is left unpaired.
 */
function pairedScore(
  q: NameToken[],
  c: NameToken[],
  mustQ = -1,
  mustC = -1,
): { score: number; unpaired: boolean } {
  const n = Math.min(q.length, MAX_TOKENS);
  const m = Math.min(c.length, MAX_TOKENS);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) matrix[i * m + j] = tokenSimilarity(q[i]!, c[j]!);
  }
  let freeQ = (1 << n) - 1;
  let freeC = (1 << m) - 1;
  let numerator = 0;
  let divisor = 0;
  let wordsMatched = 0;
  for (;;) {
    let best = TOKEN_MIN;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < n; i++) {
      if (!(freeQ & (1 << i))) continue;
      for (let j = 0; j < m; j++) {
        if (!(freeC & (1 << j))) continue;
        const s = matrix[i * m + j]!;
        if (s > best || (s === best && bi < 0)) {
          best = s;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0) break;
    freeQ &= ~(1 << bi);
    freeC &= ~(1 << bj);
    const a = q[bi]!;
    const b = c[bj]!;
    const weight = (a.weight + b.weight) / 2;
    numerator += weight * best;
    divisor += weight;
    wordsMatched += a.weight === 1 && b.weight === 1 ? 1 : 0.5;
  }
  if ((mustQ >= 0 && freeQ & (1 << mustQ)) || (mustC >= 0 && freeC & (1 << mustC))) {
    return { score: -1, unpaired: true };
  }
  for (let i = 0; i < n; i++) if (freeQ & (1 << i)) divisor += UNPAIRED * q[i]!.weight;
  for (let j = 0; j < m; j++) if (freeC & (1 << j)) divisor += UNPAIRED * c[j]!.weight;
  let score = divisor === 0 ? 0 : numerator / divisor;
  const fullQ = fullWords(q);
  const fullC = fullWords(c);
  if (wordsMatched < 1.5 && (fullQ >= 2 || fullC >= 2)) score = Math.min(score, ONE_WORD_CAP);
  else if (fullQ <= 1 && fullC <= 1) score *= ONE_WORD_NAMES;
  return { score, unpaired: freeQ !== 0 || freeC !== 0 };
}

/** The name with neighbours `i` and `i + 1` written as one. */
function joinedAt(tokens: NameToken[], joined: NameToken, i: number): NameToken[] {
  return [...tokens.slice(0, i), joined, ...tokens.slice(i + 2)];
}

/**
 * How alike a subject's name and a listed name are, 0–1. When the two have a different number
 * of words and some are left unpaired, two neighbouring words of the longer one are also tried
 * as one ("Kim Jong Un" ~ "Kim Jongun", "Abu Bakar" ~ "Abubakar"; an initial may be the first
 * part of a word: "Ó Briain"), counted only when that word pairs. `qJoins` and `cJoins` are the
 * names' `joinsOf`, when already known.
 */
export function nameSimilarity(
  q: NameToken[],
  c: NameToken[],
  qJoins?: (NameToken | null)[],
  cJoins?: (NameToken | null)[],
): number {
  if (q.length === 0 || c.length === 0) return 0;
  const base = pairedScore(q, c);
  let score = base.score;
  if (score < 1 && base.unpaired && q.length !== c.length) {
    const longerIsQ = q.length > c.length;
    const longer = longerIsQ ? q : c;
    const joins = (longerIsQ ? qJoins : cJoins) ?? joinsOf(longer);
    for (let i = 0; i < joins.length; i++) {
      const joined = joins[i];
      if (!joined) continue;
      const tokens = joinedAt(longer, joined, i);
      // Only when the joined word pairs: else joining would just hide an unpaired word.
      const s = longerIsQ ? pairedScore(tokens, c, i).score : pairedScore(q, tokens, -1, i).score;
      if (s > score) score = s;
    }
  }
  return score;
}
