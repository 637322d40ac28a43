// Shared by the export tests on both databases.

/**
 * A strict RFC 4180 reader: CRLF ends every record (the last too), a line break or quote is
 * only allowed inside a quoted field, quotes inside are doubled. Anything else throws, so a
 * file that only looks right to a lenient reader fails the test.
 */
/** Reads an export: a UTF-8 BOM first (so spreadsheets read accents right), then RFC 4180. */
export function parseCsv(withBom: string): string[][] {
  if (!withBom.startsWith('\uFEFF')) throw new Error('the export has no UTF-8 byte order mark');
  const text = withBom.slice(1);
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i += 1;
        if (![',', '\r', undefined].includes(text[i])) throw new Error(`text after quote at ${i}`);
      } else {
        field += c;
        i += 1;
      }
    } else if (c === '"') {
      if (field !== '') throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
      i += 1;
    } else if (c === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (c === '\r' || c === '\n' || c === '"') {
      throw new Error(`bare line break at ${i}`);
    } else {
      field += c;
      i += 1;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || record.length > 0) throw new Error('last record not ended by CRLF');
  return records;
}
