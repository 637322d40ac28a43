import { CsvError, parse, type Info } from 'csv-parse/sync';
import type { ScreeningKind, ScreeningList } from '#shared/schemas/screening.ts';
import { countryCode } from '../countries.ts';
import { ListFormatError, type ListEntry } from '../types.ts';

/** A CSV record with the line (1-based) it ends on. */
export interface CsvRow {
  fields: string[];
  line: number;
}

/**
 * Parses CSV text into rows of strings. csv-parse's own errors (a row of the wrong length, an
 * unclosed quote) become ListFormatErrors with the line they were found on.
 */
export function parseCsv(text: string, options: { fromLine?: number; toLine?: number } = {}) {
  try {
    const records = parse(text, {
      info: true,
      skip_empty_lines: true,
      ...(options.fromLine ? { from_line: options.fromLine } : {}),
      ...(options.toLine ? { to_line: options.toLine } : {}),
    }) as unknown as { record: string[]; info: Info }[];
    return records.map(({ record, info }): CsvRow => ({ fields: record, line: info.lines }));
  } catch (error) {
    if (error instanceof CsvError) throw csvFormatError(error);
    throw error;
  }
}

function csvFormatError(error: CsvError): ListFormatError {
  const line = typeof error.lines === 'number' ? error.lines : null;
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_INCONSISTENT_COLUMNS': {
      const got = /got (\d+)/.exec(error.message)?.[1];
      const expected = /expect (\d+)/.exec(error.message)?.[1];
      return new ListFormatError(
        got && expected
          ? `the row has ${got} columns where the file has ${expected}.`
          : 'the row has the wrong number of columns.',
        line,
      );
    }
    case 'CSV_QUOTE_NOT_CLOSED':
      return new ListFormatError('a quoted value is never closed.', line);
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return new ListFormatError('a quoted value is followed by other characters.', line);
    default:
      return new ListFormatError('the row is not valid CSV.', line);
  }
}

/** Whitespace folded, ends trimmed. */
export function clean(value: string | undefined | null): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/** The first of each name, whitespace folded, regardless of case; empty ones dropped. */
export function uniqueNames(names: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = clean(raw);
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

export function unique(values: Iterable<string>): string[] {
  return [...new Set([...values].filter((v) => v !== ''))];
}

/** Words lists use for "not known" in a nationality field. */
const NO_COUNTRY = new Set(['na', 'n/a', 'unknown', 'none', '-', '-0-']);

/**
 * A listed nationality as an ISO code where it can be read, else as listed. `textual` lists
 * (UK, UN, OFAC) write words, so 'na' there means "not available", not Namibia.
 */
export function nationality(value: string, textual: boolean): string | null {
  const word = clean(value);
  if (word === '' || (textual && NO_COUNTRY.has(word.toLowerCase()))) return null;
  return countryCode(word) ?? word;
}

/** A date of birth as 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD', or null if it is none of them. */
export function isoDate(year: number, month?: number, day?: number): string | null {
  if (!Number.isInteger(year) || year < 1800 || year > 2100) return null;
  const y = String(year);
  if (!month) return y;
  if (month < 1 || month > 12) return null;
  const m = `${y}-${String(month).padStart(2, '0')}`;
  if (!day) return m;
  if (day < 1 || day > 31) return null;
  return `${m}-${String(day).padStart(2, '0')}`;
}

/** Each year of a listed range, so a subject born in any of them matches. At most 30. */
export function yearsBetween(from: number, to: number): string[] {
  if (!Number.isInteger(from) || !Number.isInteger(to) || to < from || to - from > 30) {
    const one = isoDate(from) ?? isoDate(to);
    return one ? [one] : [];
  }
  const out: string[] = [];
  for (let year = from; year <= to; year++) {
    const date = isoDate(year);
    if (date) out.push(date);
  }
  return out;
}

/** An entry with every list of values deduplicated, the primary name first among the names. */
export function entry(
  fields: Omit<ListEntry, 'names'> & { names: Iterable<string>; kind: ScreeningKind },
): ListEntry {
  const name = clean(fields.name);
  return {
    entryId: fields.entryId,
    kind: fields.kind,
    name,
    names: uniqueNames([name, ...fields.names]),
    datesOfBirth: unique(fields.datesOfBirth),
    nationalities: unique(fields.nationalities),
    programmes: unique(fields.programmes.map(clean)),
  };
}

/** A list with no one on it is refused: loading it would empty the list in use. */
export function entriesOf(list: ScreeningList, entries: ListEntry[]) {
  if (entries.length === 0) throw new ListFormatError('The file lists no individuals.');
  return { list, kind: 'entries' as const, entries };
}
