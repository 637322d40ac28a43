import { ListFormatError, type ListEntry, type ParsedList } from '../types.ts';
import {
  clean,
  entriesOf,
  entry,
  isoDate,
  nationality,
  parseCsv,
  yearsBetween,
  type CsvRow,
} from './common.ts';

/** Columns of sdn.csv (no header): ent_num, SDN_Name, SDN_Type, Program, …, Remarks. */
export const SDN_COLUMNS = 12;
/** Columns of alt.csv (no header): ent_num, alt_num, alt_type, alt_name, alt_remarks. */
export const ALT_COLUMNS = 5;
export const ALT_TYPES = new Set(['aka', 'fka', 'nka']);

/** OFAC writes `-0- ` for an empty value. */
function value(field: string | undefined): string {
  const v = clean(field);
  return v === '-0-' ? '' : v;
}

/**
 * 'FAMILY, Given' → 'Given FAMILY'; 'FAMILY, Given, Jr.' → 'Given FAMILY Jr.'; a name without
 * a comma stays as listed.
 */
export function ofacName(listed: string): string {
  const parts = listed.split(',').map(clean);
  if (parts.length < 2 || parts[1] === '') return clean(listed);
  const [family, given, ...rest] = parts;
  return clean([given, family, ...rest].join(' '));
}

function entNum(row: CsvRow): string {
  const id = value(row.fields[0]);
  if (!/^\d+$/.test(id)) throw new ListFormatError(`'${id}' is not an ent_num.`, row.line);
  return id;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/** '14 Jan 1962', 'Jan 1962' or '1962'; null for anything else. */
function oneDate(text: string): { date: string; year: number } | null {
  const m = /^(?:(\d{1,2}) )?(?:([A-Za-z]{3})[a-z]* )?(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const year = Number(m[3]);
  const month = m[2] ? MONTHS[m[2].toLowerCase()] : undefined;
  if (m[2] && !month) return null;
  const date = isoDate(year, month, m[1] && month ? Number(m[1]) : undefined);
  return date ? { date, year } : null;
}

/**
 * A Remarks date of birth: one date, 'circa' one, or a range ('1958 to 1962', '01 Jan 1960 to
 * 31 Dec 1960', 'circa 1960-1962'). A range is given as its years.
 */
function dateOfBirth(text: string): string[] {
  const expr = text.replace(/^circa\s+/i, '').trim();
  const range = /^(.+?)\s*(?:\bto\b|-)\s*(.+)$/i.exec(expr);
  if (range) {
    const from = oneDate(range[1]!);
    const to = oneDate(range[2]!);
    if (from && to) return from.date === to.date ? [from.date] : yearsBetween(from.year, to.year);
  }
  const one = oneDate(expr);
  return one ? [one.date] : [];
}

/**
 * Dates of birth and nationalities from Remarks: 'DOB 14 Jan 1962; alt. DOB 1963; nationality
 * Iran; citizen Iraq.' The weak a.k.a.s OFAC also writes there ('a.k.a. 'PACHO'') are left
 * out: OFAC says they are too broad to screen on.
 */
function fromRemarks(remarks: string) {
  const datesOfBirth: string[] = [];
  const nationalities: string[] = [];
  for (const raw of remarks.split(';')) {
    const clause = clean(raw)
      .replace(/\.$/, '')
      .replace(/^alt\.\s*/i, '');
    const dob = /^DOB\s+(.+)$/i.exec(clause);
    if (dob) datesOfBirth.push(...dateOfBirth(dob[1]!));
    const country = /^(?:nationality|citizen)\s+(.+)$/i.exec(clause);
    if (country) {
      const code = nationality(country[1]!.replace(/^possibly\s+/i, ''), true);
      if (code) nationalities.push(code);
    }
  }
  return { datesOfBirth, nationalities };
}

/** 'SDGT] [SYRIA' (the brackets around the whole are not in the CSV) → ['SDGT', 'SYRIA']. */
function programmes(program: string): string[] {
  return program
    .split(/\]\s*\[|\[|\]/)
    .map(clean)
    .filter((p) => p !== '' && p !== '-0-');
}

/** OFAC's SDN list: its individuals, with what Remarks says of their birth and nationality. */
export function parseOfacSdn(text: string): ParsedList {
  const entries: ListEntry[] = [];
  for (const row of parseCsv(text)) {
    if (row.fields.length !== SDN_COLUMNS) {
      throw new ListFormatError(
        `the row has ${row.fields.length} columns where the SDN list has ${SDN_COLUMNS}.`,
        row.line,
      );
    }
    const id = entNum(row);
    if (value(row.fields[2]).toLowerCase() !== 'individual') continue;
    const listed = value(row.fields[1]);
    if (listed === '') throw new ListFormatError(`entry ${id} has no name.`, row.line);
    const remarks = fromRemarks(value(row.fields[11]));
    entries.push(
      entry({
        entryId: id,
        kind: 'sanctions',
        name: ofacName(listed),
        names: [],
        ...remarks,
        programmes: programmes(value(row.fields[3])),
      }),
    );
  }
  return entriesOf('ofac', entries);
}

/** OFAC's alternate names, by the ent_num of the SDN entry they belong to. */
export function parseOfacAlternates(text: string): ParsedList {
  const alternates = new Map<string, string[]>();
  for (const row of parseCsv(text)) {
    if (row.fields.length !== ALT_COLUMNS) {
      throw new ListFormatError(
        `the row has ${row.fields.length} columns where the alternate names have ${ALT_COLUMNS}.`,
        row.line,
      );
    }
    const id = entNum(row);
    const name = value(row.fields[3]);
    if (name === '') throw new ListFormatError(`alternate name of ${id} is empty.`, row.line);
    const names = alternates.get(id) ?? [];
    names.push(ofacName(name));
    alternates.set(id, names);
  }
  if (alternates.size === 0) throw new ListFormatError('The file lists no alternate names.');
  return { list: 'ofac', kind: 'ofac-alternates', alternates };
}
