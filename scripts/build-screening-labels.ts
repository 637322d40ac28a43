/**
 * Builds the screening matcher's labelled quality set, tests/fixtures/screening/labelled.json
 * (decision 076), from the real list copies in ../shared/data/screening (or
 * SCREENING_DATA_DIR), read through the product's own importers. Deterministic: the same lists
 * and seed give the same file.
 *
 * - `found`: listed individuals (UN, OFAC with its alternate names, OpenSanctions' US Congress
 *   PEPs), each under variants of their name: as listed, family name first, accents added or
 *   dropped, two neighbouring letters swapped, a middle name dropped, a listed alias. Some
 *   carry the listed date of birth, some that and the listed nationality, as an applicant who
 *   is that person would give them. The search must find the entry.
 * - `clean`: ordinary British names (common first names and surnames, 60 of them words of a
 *   listed name), each British with an adult date of birth. The search must open no alert.
 *
 * Run: `node scripts/build-screening-labels.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { tokenize } from '#server/screening/matcher/normalise.ts';
import {
  readListFiles,
  type CleanCase,
  type FoundCase,
  type LabelledSet,
} from '#server/screening/matcher/quality.ts';
import type { ListEntry } from '#server/screening/types.ts';
import type { ScreeningList } from '#shared/schemas/screening.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'tests', 'fixtures', 'screening', 'labelled.json');
const SEED = 76;
/** Listed individuals drawn from each list. */
const PEOPLE: Record<ScreeningList, number> = { un: 110, ofac: 190, opensanctions: 100, uk: 0 };
const CLEAN = 500;
/** Of the clean names, how many are chosen because the same name is listed. */
const COLLISIONS = 60;

/** mulberry32: a small seeded generator, so the set is the same on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const words = (name: string) => name.trim().split(/\s+/);

/** The family name first: OFAC writes it in capitals ("Manuel Antonio NORIEGA"); else the last word. */
function familyFirst(name: string): string {
  const parts = words(name);
  const capitals = parts.filter((w) => /\p{Lu}{2}/u.test(w) && w === w.toUpperCase());
  if (capitals.length > 0 && capitals.length < parts.length) {
    return [...capitals, ...parts.filter((w) => !capitals.includes(w))].join(' ');
  }
  return [parts[parts.length - 1]!, ...parts.slice(0, -1)].join(' ');
}

const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', c: 'ç', n: 'ñ' };

/** Accents dropped where the name has them; else added to one or two letters. */
function accents(name: string): string {
  const bare = name.normalize('NFKD').replace(/\p{M}+/gu, '');
  if (bare !== name.normalize('NFKD')) return bare.normalize('NFC');
  const chars = [...name];
  const places = chars.flatMap((c, i) => (ACCENTS[c.toLowerCase()] ? [i] : []));
  for (const i of shuffle(places).slice(0, 2)) {
    const c = chars[i]!;
    const accented = ACCENTS[c.toLowerCase()]!;
    chars[i] = c === c.toLowerCase() ? accented : accented.toUpperCase();
  }
  return chars.join('');
}

/** Two neighbouring, different letters of one word of four letters or more swapped. */
function transposition(name: string): string | null {
  const parts = words(name);
  const long = parts.flatMap((w, i) => (/^\p{L}{4,}$/u.test(w) ? [i] : []));
  if (long.length === 0) return null;
  const at = pick(long);
  const word = [...parts[at]!];
  const swaps = word.flatMap((c, i) =>
    i + 1 < word.length && c.toLowerCase() !== word[i + 1]!.toLowerCase() ? [i] : [],
  );
  if (swaps.length === 0) return null;
  const i = pick(swaps);
  [word[i], word[i + 1]] = [word[i + 1]!, word[i]!];
  parts[at] = word.join('');
  return parts.join(' ');
}

/** One middle word dropped, when the name has three or more and two full words stay. */
function noMiddle(name: string): string | null {
  const parts = words(name);
  if (parts.length < 3) return null;
  const before = tokenize(name).length;
  const middles = shuffle(parts.slice(1, -1).map((_, i) => i + 1));
  for (const drop of middles) {
    const left = parts.filter((_, i) => i !== drop).join(' ');
    // One word fewer, two full words left: "Haji Muhammad Ashraf" without "Muhammad" is one
    // name after its title, "Dr Ayman al-Zawahiri" without "Ayman" a surname alone.
    const after = tokenize(left);
    if (after.length === before - 1 && after.filter((t) => !t.initial).length >= 2) return left;
  }
  return null;
}

/** A full date inside a listed date ('YYYY' or 'YYYY-MM' filled in). */
function fullDate(listed: string): string {
  const [year, month, day] = listed.split('-');
  const m =
    month && month !== '00' ? month : String(1 + Math.floor(random() * 12)).padStart(2, '0');
  const d = day && day !== '00' ? day : String(1 + Math.floor(random() * 28)).padStart(2, '0');
  return `${year}-${m}-${d}`;
}

/** What an applicant who is this person would give besides the name. */
function facts(entry: ListEntry): Pick<FoundCase, 'dateOfBirth' | 'nationality'> {
  const roll = random();
  const dob = entry.datesOfBirth[0];
  const nationality = entry.nationalities.find((n) => /^[a-z]{2}$/.test(n));
  if (roll < 0.4 || !dob) return {};
  if (roll < 0.7 || !nationality) return { dateOfBirth: fullDate(dob) };
  return { dateOfBirth: fullDate(dob), nationality };
}

const lists = readListFiles();

// Listed individuals with a name of two words or more (a one-word name is matched on its own rules).
const found: FoundCase[] = [];
for (const list of lists) {
  const people = shuffle(
    list.entries.filter((e) => tokenize(e.name).filter((t) => !t.initial).length >= 2),
  );
  for (const entry of people.slice(0, PEOPLE[list.list])) {
    const expect = `${list.list}:${entry.entryId}`;
    const add = (variant: FoundCase['variant'], name: string | null) => {
      if (name) found.push({ name, ...facts(entry), expect, variant });
    };
    add('as-listed', entry.name);
    add('family-first', familyFirst(entry.name));
    add('accents', accents(entry.name));
    add('transposition', transposition(entry.name));
    add('no-middle', noMiddle(entry.name));
    const aliases = entry.names.filter((n) => n !== entry.name && tokenize(n).length >= 2);
    if (aliases.length > 0) add('alias', pick(aliases));
  }
}

// Common given names and surnames in Britain (a hand-made list: popular names of the last
// decades, frequent surnames), with the Muslim, South Asian, African, Chinese and Eastern
// European names a UK bank sees every day.
const FIRST = `
  Oliver George Harry Jack Jacob Noah Charlie Thomas Oscar William James Leo Alfie Joshua
  Henry Archie Ethan Isaac Alexander Joseph Edward Samuel Max Daniel Arthur Lucas Logan
  Theo Dylan Benjamin David John Michael Paul Mark Andrew Richard Peter Stephen
  Christopher Matthew Robert Simon Gareth Rhys Callum Liam Connor Ryan Kieran Olivia
  Amelia Isla Ava Emily Sophie Grace Lily Freya Ella Mia Charlotte Evie Poppy Isabella
  Jessica Florence Ruby Alice Chloe Sarah Emma Laura Rachel Hannah Rebecca Claire Helen
  Karen Susan Margaret Elizabeth Catherine Jane Mary Anne Nicola Joanne Louise Amy
  Muhammad Mohammed Mohammad Ali Omar Adam Yusuf Ibrahim Ahmed Hassan Hamza Bilal Imran
  Tariq Usman Abdul Zain Ayaan Idris Zakariya Aisha Fatima Zainab Maryam Amina Khadija
  Hafsa Sana Nadia Yasmin Arjun Rohan Priya Anjali Harpreet Gurpreet Sanjay Ravi Deepa
  Neha Kwame Chidi Tunde Ade Femi Chinedu Abena Ngozi Tendai Kofi Wei Jun Mei Piotr Jakub
  Agnieszka Andrei Ioana Sean Siobhan
`
  .trim()
  .split(/\s+/);
const SURNAMES = `
  Smith Jones Williams Taylor Brown Davies Evans Wilson Thomas Johnson Roberts Robinson
  Thompson Wright Walker White Edwards Hughes Green Hall Lewis Harris Clarke Jackson Wood
  Turner Martin Cooper Hill Ward Morris Moore Clark Lee King Baker Harrison Morgan Allen
  James Scott Phillips Watson Davis Parker Price Bennett Young Griffiths Mitchell Kelly
  Cook Carter Richardson Bailey Collins Bell Shaw Murphy Miller Cox Richards Marshall
  Anderson Simpson Ellis Adams Wilkinson Foster Chapman Powell Webb Rogers Gray Mason Hunt
  Campbell Matthews Owen Palmer Holmes Mills Barnes Knight Lloyd Butler Russell Barker
  Fisher Stevens Jenkins Murray Dixon Harvey Graham Pearson Fletcher Walsh O'Brien
  MacDonald Khan Ali Hussain Ahmed Shah Patel Begum Rahman Islam Miah Akhtar Iqbal Mahmood
  Hassan Choudhury Uddin Malik Butt Qureshi Siddiqui Singh Kaur Sharma Kumar Gill Sandhu
  Mistry Parmar Chauhan Desai Okafor Mensah Adeyemi Okoye Osei Boateng Asante Francis
  Grant Thomson Chen Wang Li Nguyen Kowalski Nowak Popescu Doyle O'Connor Byrne
`
  .trim()
  .split(/\s+/);
const MIDDLE = `
  John James Paul Mary Louise Anne Ali Ahmed Hussain Rose David Michael Jane Kumar Singh
`
  .trim()
  .split(/\s+/);

/** An adult's date of birth: 18 to 85 on 2026-11-29. */
function adultDate(): string {
  const year = 1941 + Math.floor(random() * 67);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// Ordinary names that are also listed: both words, as spelt here, are words of one listed name
// or alias ("Mohammed Khan", "Adam Smith"). Told by plain word comparison, not by the matcher,
// so the set does not move with it. The hard part of the clean set, kept to COLLISIONS of them.
const plainWords = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
const namesWith = new Map<string, Set<number>>();
let listedName = 0;
for (const list of lists) {
  for (const entry of list.entries) {
    for (const name of entry.names) {
      listedName++;
      for (const word of plainWords(name)) {
        const holders = namesWith.get(word) ?? new Set<number>();
        holders.add(listedName);
        namesWith.set(word, holders);
      }
    }
  }
}
const colliding: string[] = [];
for (const first of FIRST) {
  for (const surname of SURNAMES) {
    const [a = '', b = ''] = [plainWords(first).join(''), plainWords(surname).join('')];
    const withA = namesWith.get(a);
    const withB = namesWith.get(b);
    if (a !== b && withA && withB && [...withA].some((n) => withB.has(n)))
      colliding.push(`${first} ${surname}`);
  }
}
const clean: CleanCase[] = [];
const seen = new Set<string>();
for (const name of shuffle(colliding).slice(0, COLLISIONS)) {
  seen.add(name);
  clean.push({ name, dateOfBirth: adultDate(), nationality: 'gb', collides: true });
}
while (clean.length < CLEAN) {
  const middle = random() < 0.2 ? ` ${pick(MIDDLE)}` : '';
  const name = `${pick(FIRST)}${middle} ${pick(SURNAMES)}`;
  if (seen.has(name)) continue;
  seen.add(name);
  clean.push({ name, dateOfBirth: adultDate(), nationality: 'gb' });
}

const set: LabelledSet = {
  about:
    'The screening matcher\'s labelled set (decision 076), built by scripts/build-screening-labels.ts from the list copies in ../shared/data/screening. "found": a listed person under a variant of their name, which the search must find (expect = list:entry id). "clean": an ordinary British applicant, who must open no alert.',
  seed: SEED,
  found,
  clean,
};
// One case a line, then as prettier keeps it (the lint checks the file like any other).
const text = `{
  "about": ${JSON.stringify(set.about)},
  "seed": ${set.seed},
  "found": [
${set.found.map((c) => `    ${JSON.stringify(c)}`).join(',\n')}
  ],
  "clean": [
${set.clean.map((c) => `    ${JSON.stringify(c)}`).join(',\n')}
  ]
}
`;
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, await format(text, { ...(await resolveConfig(OUT)), filepath: OUT }));
const variants: Record<string, number> = {};
for (const c of found) variants[c.variant] = (variants[c.variant] ?? 0) + 1;
const byVariant = Object.entries(variants)
  .map(([variant, n]) => `${variant} ${n}`)
  .join(', ');
const kept = Math.min(COLLISIONS, colliding.length);
process.stdout.write(
  `${OUT}: ${found.length} found (${byVariant}); ${clean.length} clean, ${kept} of them listed names (of ${colliding.length} combinations)\n`,
);
