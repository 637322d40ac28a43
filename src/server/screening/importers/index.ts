import { SCREENING_FORMAT_UNKNOWN } from '#shared/schemas/screening.ts';
import { ListFormatError, type ParsedList } from '../types.ts';
import { clean, parseCsv } from './common.ts';
import { ALT_COLUMNS, ALT_TYPES, parseOfacAlternates, parseOfacSdn, SDN_COLUMNS } from './ofac.ts';
import { parseOpenSanctionsCsv, parseSenzing } from './opensanctions.ts';
import { parseUkList, UK_FIRST_LINE } from './uk.ts';
import { parseUnList, UN_ROOT } from './un.ts';

/** DOS end of file (Ctrl-Z), which OFAC's files end with. */
const EOF_MARK = String.fromCharCode(0x1a);

/**
 * The file as text: UTF-8 (its byte-order mark dropped), or Windows-1252 when it is not valid
 * UTF-8; OFAC's files end with a DOS end-of-file character, dropped too.
 */
function decode(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  // Trailing blanks go too (a loop: lint forbids control characters in a regular expression).
  let end = text.length;
  while (end > 0 && (text[end - 1] === EOF_MARK || /\s/.test(text[end - 1]!))) end--;
  return text.slice(0, end);
}

type Parser = (text: string) => ParsedList;

/** Which list a file is, from its first bytes. */
function formatOf(text: string): Parser | null {
  const start = text.trimStart();
  const firstLine = start.slice(0, start.search(/\r?\n|$/));
  if (start.startsWith('<')) return UN_ROOT.test(start.slice(0, 4096)) ? parseUnList : null;
  if (start.startsWith('{')) {
    return /"(RECORD_ID|DATA_SOURCE)"\s*:/.test(firstLine) ? parseSenzing : null;
  }
  if (UK_FIRST_LINE.test(firstLine)) return parseUkList;
  let fields: string[];
  try {
    fields = parseCsv(firstLine)[0]?.fields.map(clean) ?? [];
  } catch {
    return null;
  }
  const lower = fields.map((f) => f.toLowerCase());
  if (['id', 'schema', 'name'].every((column) => lower.includes(column))) {
    return parseOpenSanctionsCsv;
  }
  if (!/^\d+$/.test(fields[0] ?? '')) return null;
  if (fields.length === SDN_COLUMNS) return parseOfacSdn;
  if (fields.length === ALT_COLUMNS && ALT_TYPES.has(lower[2] ?? '')) return parseOfacAlternates;
  return null;
}

/**
 * Reads one published list file. The format is told by the content, never by the file name
 * (names change, and a renamed file must still load as what it is). A file that cannot be
 * read throws ListFormatError saying why, with its line where there is one.
 */
export function parseListFile(_name: string, bytes: Buffer): ParsedList {
  if (bytes.includes(0)) throw new ListFormatError(SCREENING_FORMAT_UNKNOWN);
  const text = decode(bytes);
  if (text.trim() === '') throw new ListFormatError('The file is empty.');
  const parse = formatOf(text);
  if (!parse) throw new ListFormatError(SCREENING_FORMAT_UNKNOWN);
  return parse(text);
}
