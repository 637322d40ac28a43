import { stringify, type Stringifier } from 'csv-stringify';

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"): `=`,
 * `+`, `-`, `@`, and tab or carriage return, which some programs skip before looking for one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Makes a cell inert in Excel, LibreOffice and Sheets: one that would start a formula gets a
 * leading single quote, which they show as text and do not evaluate (OWASP's advice). The cost
 * is a visible quote on values such as '+44 20…' phone numbers, which staff can read past.
 */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** One CSV record: text cells, null for an empty one. */
export type CsvRecord = readonly (string | null)[];

/**
 * A streaming RFC 4180 writer for `header` then records written to it, after a UTF-8 BOM: CRLF between records,
 * fields with a comma, quote, CR or LF quoted and quotes doubled. Every text cell (the header
 * too) is neutralised against formula injection here, so no caller can forget it.
 */
export function csvStringifier(header: readonly string[]): Stringifier {
  return stringify({
    // A UTF-8 byte order mark first: without it Excel reads the file as the local code page
    // and shows 'ChloÃ©' for 'Chloé'.
    bom: true,
    header: true,
    columns: header.map((name) => neutraliseFormula(name)),
    record_delimiter: 'windows',
    // The default only quotes the record delimiter itself (CRLF); a lone CR or LF inside a
    // value would otherwise split the record in most readers.
    quoted_match: /[\r\n]/,
    cast: { string: (value) => neutraliseFormula(value) },
  });
}
