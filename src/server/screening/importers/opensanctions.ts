import { ListFormatError, type ListEntry, type ParsedList } from '../types.ts';
import { clean, entriesOf, entry, isoDate, nationality, parseCsv } from './common.ts';

/** The columns of targets.simple.csv that are read; its header names them (others ignored). */
export const SIMPLE_COLUMNS = [
  'id',
  'schema',
  'name',
  'aliases',
  'birth_date',
  'countries',
  'sanctions',
  'dataset',
] as const;
type Column = (typeof SIMPLE_COLUMNS)[number];

/** OpenSanctions separates several values in one cell with ';'. */
const several = (cell: string | undefined) =>
  (cell ?? '')
    .split(';')
    .map(clean)
    .filter((v) => v !== '');

/** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' (a longer timestamp is cut to its date). */
export function openSanctionsDate(value: string): string | null {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(value.trim());
  if (!m) return null;
  return isoDate(Number(m[1]), m[2] ? Number(m[2]) : undefined, m[3] ? Number(m[3]) : undefined);
}

const dates = (values: string[]) =>
  values.map(openSanctionsDate).filter((d): d is string => d !== null);
const countries = (values: string[]) =>
  values.map((v) => nationality(v, false)).filter((c): c is string => c !== null);

/**
 * OpenSanctions' targets.simple.csv: its Person rows. A row with sanctions is a sanctions
 * entry (its programmes the sanctions listed); any other is treated as a PEP (its programmes
 * the datasets that list it).
 */
export function parseOpenSanctionsCsv(text: string): ParsedList {
  const rows = parseCsv(text);
  const header = rows[0];
  if (!header) throw new ListFormatError('the header row is missing.', 1);
  const names = header.fields.map((f) => clean(f).toLowerCase());
  const missing = SIMPLE_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) {
    throw new ListFormatError(
      `the header is not OpenSanctions' targets.simple.csv: ${missing.map((c) => `'${c}'`).join(', ')} missing.`,
      header.line,
    );
  }
  const at = Object.fromEntries(SIMPLE_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    Column,
    number
  >;

  const entries: ListEntry[] = [];
  for (const row of rows.slice(1)) {
    const get = (column: Column) => row.fields[at[column]] ?? '';
    if (clean(get('schema')) !== 'Person') continue;
    const id = clean(get('id'));
    const name = clean(get('name'));
    if (id === '') throw new ListFormatError('the row has no id.', row.line);
    if (name === '') throw new ListFormatError(`${id} has no name.`, row.line);
    const sanctions = several(get('sanctions'));
    entries.push(
      entry({
        entryId: id,
        kind: sanctions.length > 0 ? 'sanctions' : 'pep',
        name,
        names: several(get('aliases')),
        datesOfBirth: dates(several(get('birth_date'))),
        nationalities: countries(several(get('countries'))),
        programmes: sanctions.length > 0 ? sanctions : several(get('dataset')),
      }),
    );
  }
  return entriesOf('opensanctions', entries);
}

interface SenzingRecord {
  RECORD_ID?: unknown;
  RECORD_TYPE?: unknown;
  NAMES?: {
    NAME_TYPE?: unknown;
    NAME_FULL?: unknown;
    NAME_FIRST?: unknown;
    NAME_MIDDLE?: unknown;
    NAME_LAST?: unknown;
  }[];
  DATES?: { DATE_OF_BIRTH?: unknown }[];
  COUNTRIES?: { NATIONALITY?: unknown; CITIZENSHIP?: unknown }[];
  RISKS?: { TOPIC?: unknown }[];
}

const str = (value: unknown) => (typeof value === 'string' ? clean(value) : '');
const list = <T>(value: T[] | undefined): T[] =>
  Array.isArray(value) ? value.filter((v) => typeof v === 'object' && v !== null) : [];

/**
 * OpenSanctions' Senzing export, one JSON record a line: its PERSON records. The 'sanction'
 * topic makes a sanctions entry; any other (role.pep, role.rca, sanction.linked, …) a PEP.
 */
export function parseSenzing(text: string): ParsedList {
  const entries: ListEntry[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    let record: SenzingRecord;
    try {
      record = JSON.parse(line) as SenzingRecord;
    } catch {
      throw new ListFormatError('the line is not a JSON record.', i + 1);
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      throw new ListFormatError('the line is not a JSON record.', i + 1);
    }
    if (str(record.RECORD_TYPE) !== 'PERSON') continue;
    const id = str(record.RECORD_ID);
    if (id === '') throw new ListFormatError('the record has no RECORD_ID.', i + 1);
    const names = list(record.NAMES)
      // The primary name first.
      .sort((a, b) => Number(b.NAME_TYPE === 'PRIMARY') - Number(a.NAME_TYPE === 'PRIMARY'))
      .map(
        (n) =>
          str(n.NAME_FULL) || clean([n.NAME_FIRST, n.NAME_MIDDLE, n.NAME_LAST].map(str).join(' ')),
      )
      .filter((n) => n !== '');
    if (names.length === 0) throw new ListFormatError(`${id} has no name.`, i + 1);
    const topics = list(record.RISKS)
      .map((r) => str(r.TOPIC))
      .filter((t) => t !== '');
    entries.push(
      entry({
        entryId: id,
        kind: topics.includes('sanction') ? 'sanctions' : 'pep',
        name: names[0]!,
        names,
        datesOfBirth: dates(list(record.DATES).map((d) => str(d.DATE_OF_BIRTH))),
        nationalities: countries(
          list(record.COUNTRIES).flatMap((c) => [str(c.NATIONALITY), str(c.CITIZENSHIP)]),
        ),
        programmes: topics,
      }),
    );
  }
  return entriesOf('opensanctions', entries);
}
