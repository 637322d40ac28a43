import { ListFormatError, type ListEntry, type ParsedList } from '../types.ts';
import { clean, entriesOf, entry, isoDate, nationality, parseCsv } from './common.ts';

/** The UK Sanctions List CSV (FCDO) starts with this line, before its header. */
export const UK_FIRST_LINE = /^"?Last Updated"?\s*,/i;

/** The columns read; the header must name them all (others are ignored). */
const COLUMNS = [
  'Name 6',
  'Name 1',
  'Name 2',
  'Name 3',
  'Name 4',
  'Name 5',
  'DOB',
  'Nationality',
  'Group Type',
  'Alias Type',
  'Regime',
  'Group ID',
] as const;
type Column = (typeof COLUMNS)[number];

/** Given names (Name 1–5) before the family name (Name 6). */
const NAME_ORDER: Column[] = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5', 'Name 6'];

interface Group {
  id: string;
  primary: string | null;
  names: string[];
  datesOfBirth: string[];
  nationalities: string[];
  programmes: string[];
}

/**
 * 'DD/MM/YYYY' with 00 for an unknown day or month, several in one field at times
 * ('(1) 01/02/1960 (2) 00/00/1962'); a bare year too.
 */
function datesOfBirth(value: string): string[] {
  const out: string[] = [];
  for (const m of value.matchAll(/(\d{1,2})\/(\d{1,2})\/(\d{4})/g)) {
    const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = month === 0 ? isoDate(year) : isoDate(year, month, day || undefined);
    if (date) out.push(date);
  }
  if (out.length === 0) {
    for (const m of value.matchAll(/\b(\d{4})\b/g)) {
      const date = isoDate(Number(m[1]));
      if (date) out.push(date);
    }
  }
  return out;
}

/** '(1) Afghan (2) Pakistani', 'Iran; Iraq' or one word. */
function nationalities(value: string): string[] {
  return value
    .split(/\(\d+\)|;/)
    .map((part) => nationality(part, true))
    .filter((code): code is string => code !== null);
}

/**
 * One row per name; the rows of one designated person share a Group ID. Individuals only:
 * entity and ship rows are skipped.
 */
export function parseUkList(text: string): ParsedList {
  const rows = parseCsv(text, { fromLine: 2 });
  const header = rows[0];
  if (!header) throw new ListFormatError('the header row is missing.', 2);
  const names = header.fields.map(clean);
  const missing = COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) {
    throw new ListFormatError(
      `the header is not the UK Sanctions List's: ${missing.map((c) => `'${c}'`).join(', ')} missing.`,
      header.line,
    );
  }
  const at = Object.fromEntries(COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    Column,
    number
  >;

  const groups = new Map<string, Group>();
  for (const row of rows.slice(1)) {
    const get = (column: Column) => clean(row.fields[at[column]]);
    if (get('Group Type').toLowerCase() !== 'individual') continue;
    const id = get('Group ID');
    if (id === '') throw new ListFormatError('the row has no Group ID.', row.line);
    const name = clean(NAME_ORDER.map(get).join(' '));
    if (name === '') throw new ListFormatError('the row has no name.', row.line);
    let group = groups.get(id);
    if (!group) {
      group = { id, primary: null, names: [], datesOfBirth: [], nationalities: [], programmes: [] };
      groups.set(id, group);
    }
    if (get('Alias Type').toLowerCase() === 'primary name' && group.primary === null) {
      group.primary = name;
    }
    group.names.push(name);
    group.datesOfBirth.push(...datesOfBirth(get('DOB')));
    group.nationalities.push(...nationalities(get('Nationality')));
    if (get('Regime') !== '') group.programmes.push(get('Regime'));
  }

  const entries = [...groups.values()].map((group): ListEntry =>
    entry({
      entryId: group.id,
      kind: 'sanctions',
      name: group.primary ?? group.names[0]!,
      names: group.names,
      datesOfBirth: group.datesOfBirth,
      nationalities: group.nationalities,
      programmes: group.programmes,
    }),
  );
  return entriesOf('uk', entries);
}
