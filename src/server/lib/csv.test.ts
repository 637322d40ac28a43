import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { csvStringifier, neutraliseFormula, type CsvRecord } from './csv.ts';

async function toCsv(header: string[], records: CsvRecord[]): Promise<string> {
  const stringifier = csvStringifier(header);
  const [, output] = await Promise.all([
    pipeline(Readable.from(records), stringifier),
    text(stringifier),
  ]);
  return output;
}

describe('neutraliseFormula', () => {
  it.each([
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['=HYPERLINK("http://evil.example","click")', '\'=HYPERLINK("http://evil.example","click")'],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['+44 20 7946 0000', "'+44 20 7946 0000"],
  ])('prefixes %j with a single quote', (cell, expected) => {
    expect(neutraliseFormula(cell)).toBe(expected);
  });

  it.each([
    'Ada Lovelace',
    'ada@example.com',
    'a=b',
    ' =1+1',
    "'=already quoted",
    '2025-01-01T00:00:00.000Z',
    '',
    'Zoë – café',
  ])('leaves %j as it is', (cell) => {
    expect(neutraliseFormula(cell)).toBe(cell);
  });
});

describe('csvStringifier', () => {
  it('writes RFC 4180: header, CRLF records, quoting only where needed, quotes doubled', async () => {
    const csv = await toCsv(
      ['Name', 'Note'],
      [
        ['Ada', 'plain'],
        ['Lovelace, Ada', 'She said "hi"'],
        ['Line\r\nbreak', 'Lone\nfeed'],
        ['Carriage\rreturn', null],
      ],
    );
    expect(csv).toBe(
      'Name,Note\r\n' +
        'Ada,plain\r\n' +
        '"Lovelace, Ada","She said ""hi"""\r\n' +
        '"Line\r\nbreak","Lone\nfeed"\r\n' +
        '"Carriage\rreturn",\r\n',
    );
  });

  it('neutralises formula cells and still quotes them when they need it', async () => {
    const csv = await toCsv(
      ['A', 'B', 'C'],
      [
        ["=cmd|' /C calc'!A0", '+1,2', '-"x"'],
        ['@me', '\tTab', '\rCR'],
      ],
    );
    expect(csv).toBe(
      'A,B,C\r\n' + '\'=cmd|\' /C calc\'!A0,"\'+1,2","\'-""x"""\r\n' + "'@me,'\tTab,\"'\rCR\"\r\n",
    );
  });

  it('writes the header alone when there are no records', async () => {
    expect(await toCsv(['Date', 'Name'], [])).toBe('Date,Name\r\n');
  });
});
