import { doubleMetaphone } from 'double-metaphone';

/**
 * How a name becomes the tokens the matcher compares (decision 076). Both sides, the listed
 * names and the subject's, go through the same steps, so whatever a step merges it merges for
 * both:
 *
 * 1. letters only: accents dropped (NFKD), `ß` → `ss` and the like, lower case; apostrophes and
 *    the Arabic ʿayn and hamza vanish ("Mas'ud" → "masud"), every other mark splits a word;
 * 2. titles before a name ("Mr", "Dr", "Sheikh", "Haji", "Colonel") and suffixes after it
 *    ("Jr", "III") dropped while another word is left; connecting particles ("al", "el",
 *    "bin", "ibn", "ould", "van", "de"; "ben" after the first word) while two others are left;
 * 3. Arabic and Scottish prefixes made one way: "Abdul Rahman", "Abd al-Rahman", "Abdulrahman"
 *    and "Abdel Rahman" all become `abd rahman`; "Abdallah"/"Abd Allah" become `abdullah`;
 *    "Abu", "Umm", "Mc" and "Mac" are joined to the word after them ("Abu Bakr" = "Abubakr");
 * 4. well-known transliterations of one name made one word (Mohammed/Muhammad/Mohamed,
 *    Yusuf/Youssef, Hussein/Husayn/Hossein, …);
 * 5. a spelling skeleton: doubled letters single, `x` → `ks`, `ph` → `f`, `q` → `k`, a hard `c`
 *    → `k`, `ou`/`oo` → `u`, `ee` → `i`, a `y` after the first letter → `i`.
 *
 * Each token keeps the word as it was written (a typing error is best measured there: "Ricahrd"
 * is one swap from "Richard", but its skeleton `rikahrd` is two edits from `richard`), a weight
 * (1; ½ for an initial) and its Double Metaphone code.
 */

/** One word of a name, ready to compare. */
export interface NameToken {
  /** The skeleton the comparisons read. */
  text: string;
  /** The word as written (folded), where typing errors are made: compared too when it differs. */
  raw: string;
  /** How much of the name it is: 1, or ½ for an initial. */
  weight: number;
  /** Double Metaphone primary code of `text` ('' for an initial). */
  phonetic: string;
  /** `text` without the Arabic article glued on ("alqahtani" → "qahtani"), else null. */
  bare: string | null;
  /** A single letter. */
  initial: boolean;
}

/** Letters NFKD does not take apart. */
const FOLD: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
};

/** Titles and honorifics, dropped from the front of a name. */
const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'master',
  'dr',
  'doctor',
  'prof',
  'professor',
  'sir',
  'dame',
  'lord',
  'lady',
  'rev',
  'revd',
  'reverend',
  'fr',
  'father',
  'hon',
  'honourable',
  'honorable',
  'rt',
  'right',
  'gen',
  'general',
  'col',
  'colonel',
  'maj',
  'major',
  'capt',
  'captain',
  'lt',
  'lieutenant',
  'brig',
  'brigadier',
  'adm',
  'admiral',
  'cmdr',
  'commander',
  'sgt',
  'sergeant',
  'sheikh',
  'shaikh',
  'shaykh',
  'sheik',
  'shaik',
  'cheikh',
  'sheikha',
  'haji',
  'hajji',
  'hadji',
  'haj',
  'hajj',
  'alhaji',
  'alhajji',
  'mullah',
  'mulla',
  'mollah',
  'maulvi',
  'mawlawi',
  'moulvi',
  'maulana',
  'mawlana',
  'imam',
  'ayatollah',
  'hojatoleslam',
  'emir',
  'prince',
  'princess',
]);

/** Suffixes, dropped from the end of a name. */
const SUFFIXES = new Set(['jr', 'jnr', 'junior', 'sr', 'snr', 'senior', 'ii', 'iii', 'iv', 'esq']);

/**
 * Words that join a name's parts rather than name anyone: dropped while two other words are
 * left. `ben` only after the first word (Ben is a given name in English).
 */
const PARTICLES = new Set([
  'al',
  'el',
  'ul',
  'bin',
  'ibn',
  'bint',
  'binti',
  'ould',
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'dos',
  'das',
]);

/** The spellings of `abd` ("servant of") that begin a compound name. */
const ABD_WORDS = new Set([
  'abd',
  'abdul',
  'abdel',
  'abdal',
  'abdil',
  'abdur',
  'abdar',
  'abdol',
  'abdoul',
]);
const ABD_PREFIX = /^(abdoul|abdul|abdel|abdal|abdil|abdur|abdar|abdol)(.{3,})$/;
/** Abdullah and its spellings (Abdallah, Abdulla, Abdollah, Abdellah, Abd Allah). */
const ABDULLAH = /^abd[aeiou]*l+a+h?$/;
/** The words after `abd` that make Abdullah. */
const ALLAH = new Set(['allah', 'ullah', 'ulla', 'alla', 'lah', 'la', 'ollah', 'ellah']);
/** What can stand between `abd` and the name it joins ("Abd-ur-Rahman"). */
const ABD_LINKS = new Set([
  'al',
  'el',
  'ul',
  'ur',
  'ar',
  'as',
  'ad',
  'an',
  'az',
  'ash',
  'at',
  'il',
]);

/**
 * Transliterations of one name, as one spelling. Checked on the folded word before the skeleton,
 * first match wins.
 */
const VARIANTS: [RegExp, string][] = [
  // Mohammed, Muhammad, Mohamed, Mohamad, Muhammed, Mouhamed, Mohamud, Mahammad (not Mahmud)
  [/^m[aeiou]{1,2}h{1,2}[aeiou]{1,2}m{1,2}[aeiou]{1,2}d{1,2}$/, 'muhammad'],
  [/^(mohd|muhd|mhd|mohammod|mahomed|mahomet)$/, 'muhammad'],
  // Yusuf, Yousuf, Yousef, Youssef, Yusef, Yussuf, Yousif, Youssouf, Yousaf
  [/^y[ou]{1,2}s{1,2}[aeiou]{1,2}f{1,2}$/, 'yusuf'],
  // Hussein, Husayn, Hussain, Husain, Hossein, Hosein, Houssein, Husein, Hussien
  [/^h[ou]{1,2}s{1,2}[aeiy]{1,2}n$/, 'husayn'],
  [/^has{1,2}a{1,2}n$/, 'hasan'],
  [/^a[hc]h?m[ae][dt]$/, 'ahmad'],
  // Mahmoud, Mahmud, Mahmood, Mehmood, Mahmut
  [/^m[ae]h?m[ou]{1,2}[dt]$/, 'mahmud'],
  [/^m[ou]{1,2}st[ae](ph|f{1,2})a$/, 'mustafa'],
  [/^[ou]s{1,2}a{1,2}mah?$/, 'usama'],
  [/^[ou]mar$/, 'umar'],
  [/^([ou]th{1,2}ma{1,2}ne?|[ou]sma{1,2}n)$/, 'uthman'],
  [/^(sa[ie]{1,2}d|sa'id)$/, 'said'],
  [/^sal[ie]h$/, 'salih'],
  [/^s[ou]l[aeiy]{1,2}m[aeo]{1,2}n$/, 'sulayman'],
  [/^[ie]bra(h[ie]{1,2}|g[ie])m$/, 'ibrahim'],
  [/^[ie]sma[ae]{1,2}l$|^ismayil$/, 'ismail'],
  [/^kh?al[ie]{1,2}d$/, 'khalid'],
  [/^(q|k|gh)as{1,2}[ie]m$/, 'qasim'],
  [/^r[ae]hma{1,2}n$/, 'rahman'],
  [/^ra(sc|c|s)h[ie]{1,2}d$/, 'rashid'],
  [/^(dj|j|g)am[ae]l$/, 'jamal'],
  [/^y[ou]{1,2}n[eiu]s$/, 'yunus'],
  [/^zakar[iy]{1,2}a{1,2}h?$/, 'zakariya'],
  [/^y[ae]h[iy]{1,2}a$/, 'yahya'],
  [/^(aleksandr|aleksander|alexandr|alexander|oleksandr|aliaksandr|alyaksandr)$/, 'aleksandr'],
  [/^(aleksei|aleksey|alexei|alexey|oleksii|oleksiy)$/, 'aleksei'],
  [/^(sergei|sergey|sergii|serhii|serhiy|siarhei)$/, 'sergei'],
  [/^(dmitri|dmitriy|dmitry|dmytro|dzmitry)$/, 'dmitri'],
  [/^(yuri|yuriy|yury|iurii|yurii)$/, 'yuri'],
  [/^(andrei|andrey|andrii|andriy)$/, 'andrei'],
  [/^(nikolai|nikolay|mykola|mikalai)$/, 'nikolai'],
  [/^(vladimir|volodymyr|uladzimir|wladimir)$/, 'vladimir'],
];

/** The skeleton: spelling differences that do not change who is meant. */
function skeleton(word: string): string {
  return word
    .replace(/x/g, 'ks')
    .replace(/ph/g, 'f')
    .replace(/q/g, 'k')
    .replace(/ck/g, 'k')
    .replace(/c(?![ehiy])/g, 'k')
    .replace(/dj/g, 'j')
    .replace(/(?<=.)y/g, 'i')
    .replace(/ou|oo/g, 'u')
    .replace(/ee/g, 'i')
    .replace(/(.)\1+/g, '$1');
}

/** Lower-case ASCII letters and spaces only. */
export function foldName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðþłıħŧŋ]/g, (c) => FOLD[c] ?? c)
    .replace(/['’‘`´ʻʼʾʿ′]/g, '')
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

function canonical(word: string): string {
  for (const [pattern, spelling] of VARIANTS) if (pattern.test(word)) return spelling;
  return word;
}

/** A word of a name (steps 1–3) and how it was written (folded, before steps 3–5). */
export interface NameWord {
  word: string;
  raw: string;
  /** The word as written when it was split in two ("abdolsamad" → `abd samad`). */
  whole?: string;
}

/** The words of a name after titles, particles and prefixes are dealt with (steps 1–3). */
export function nameWords(name: string): NameWord[] {
  const raw = foldName(name).split(' ').filter(Boolean);
  let start = 0;
  let end = raw.length;
  while (end - start > 1 && TITLES.has(raw[start]!)) start++;
  while (end - start > 1 && SUFFIXES.has(raw[end - 1]!)) end--;
  const words: NameWord[] = [];
  const push = (word: string, written = word) => words.push({ word, raw: written });
  for (let i = start; i < end; i++) {
    const word = raw[i]!;
    const next = raw[i + 1];
    if (ABD_WORDS.has(word)) {
      if (i + 1 === end) {
        push('abd', word);
        continue;
      }
      let j = i + 1;
      if (ABD_LINKS.has(raw[j]!) && j + 1 < end) j++;
      const joined = raw[j]!;
      if (ALLAH.has(joined)) push('abdullah', word + joined);
      else {
        push('abd', word);
        push(joined);
      }
      i = j;
      continue;
    }
    // "Abu Bakr" (father of Bakr) and "Umm Kulthum" are one name, as "Macdonald" is.
    if (
      (word === 'mc' || word === 'mac' || word === 'abu' || word === 'umm') &&
      next !== undefined &&
      i + 1 < end
    ) {
      push(word + next);
      i++;
      continue;
    }
    if (ABDULLAH.test(word)) {
      push('abdullah', word);
      continue;
    }
    const prefixed = ABD_PREFIX.exec(word);
    if (prefixed) {
      words.push({ word: 'abd', raw: prefixed[1]!, whole: word });
      push(prefixed[2]!);
      continue;
    }
    push(word);
  }
  // Particles go while two other words stay; `ben` is a particle only after the first word.
  let kept = words;
  for (let i = kept.length - 1; i >= 0; i--) {
    const word = kept[i]!.word;
    const particle = PARTICLES.has(word) || (word === 'ben' && i > 0);
    if (particle && kept.length > 2) kept = kept.filter((_, k) => k !== i);
  }
  for (const w of kept) if (w.word.startsWith('mc')) w.word = `mac${w.word.slice(2)}`;
  return kept;
}

const phoneticCache = new Map<string, string>();

/** Double Metaphone's primary code of a skeleton word (cached: the lists repeat their words). */
export function phoneticOf(text: string): string {
  let code = phoneticCache.get(text);
  if (code === undefined) {
    code = text.length > 1 ? doubleMetaphone(text)[0] : '';
    if (phoneticCache.size < 200_000) phoneticCache.set(text, code);
  }
  return code;
}

/** A word glued to the Arabic article, without it ("alqahtani" → "qahtani"); else null. */
function withoutArticle(text: string): string | null {
  return text.length >= 6 && (text.startsWith('al') || text.startsWith('el'))
    ? text.slice(2)
    : null;
}

function tokenOf(text: string, raw: string): NameToken {
  const initial = text.length === 1;
  const phonetic = initial ? '' : phoneticOf(text);
  return { text, raw, weight: initial ? 0.5 : 1, phonetic, bare: withoutArticle(text), initial };
}

/** The token of one word of a name. */
export function token(word: string, raw: string): NameToken {
  // An initial stays the letter written: "C." may stand for Charles or Karl.
  return tokenOf(word.length === 1 ? word : skeleton(canonical(word)), raw);
}

/** A name's tokens, in the name's order. */
export function tokenize(name: string): NameToken[] {
  return nameWords(name).map(({ word, raw }) => token(word, raw));
}

/** Two neighbouring tokens written as one ("Abu Bakr" ~ "Abubakr", "Mac Donald" ~ "Macdonald"). */
export function joinTokens(a: NameToken, b: NameToken): NameToken {
  return tokenOf(skeleton(a.text + b.text), a.raw + b.raw);
}

/** Each pair of neighbours written as one (`joins[i]` joins `i` and `i + 1`), null for two initials. */
export function joinsOf(tokens: NameToken[]): (NameToken | null)[] {
  const joins: (NameToken | null)[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i]!;
    const b = tokens[i + 1]!;
    joins.push(a.initial && b.initial ? null : joinTokens(a, b));
  }
  return joins;
}
