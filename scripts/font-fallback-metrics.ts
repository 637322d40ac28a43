/**
 * Prints the @font-face overrides (size-adjust, ascent/descent/line-gap-override) that make a
 * local fallback face take the same room as a web face, for the fallback faces in
 * src/client/styles.css (decision 044). Run it again after changing a face:
 *
 *   node scripts/font-fallback-metrics.ts WEB_FONT.woff2 LOCAL_FONT.ttf
 *
 * e.g. node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 over
 * /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf (metrics of Arial).
 * Width is compared as the average advance of English text (letter frequencies, as Capsize
 * does), so lines wrap at the same words in both faces.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';

type Tables = Record<string, Buffer>;

/** WOFF2's known-table tags by index (only the first ones matter here; glyf and loca for size). */
const WOFF2_TAGS = [
  'cmap',
  'head',
  'hhea',
  'hmtx',
  'maxp',
  'name',
  'OS/2',
  'post',
  'cvt ',
  'fpgm',
  'glyf',
  'loca',
];

function woff2Tables(buf: Buffer): Tables {
  const count = buf.readUInt16BE(12);
  let p = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = buf[p++]!;
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
    return value;
  };
  const entries: { tag: string; length: number }[] = [];
  for (let i = 0; i < count; i++) {
    const flags = buf[p++]!;
    let tag = WOFF2_TAGS[flags & 0x3f] ?? '????';
    if ((flags & 0x3f) === 0x3f) {
      tag = buf.toString('latin1', p, p + 4);
      p += 4;
    }
    const version = flags >> 6;
    let length = base128();
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0;
    if (transformed) length = base128();
    entries.push({ tag, length });
  }
  const data = brotliDecompressSync(buf.subarray(p, p + buf.readUInt32BE(20)));
  const tables: Tables = {};
  let offset = 0;
  for (const { tag, length } of entries) {
    tables[tag] = data.subarray(offset, offset + length);
    offset += length;
  }
  return tables;
}

function sfntTables(buf: Buffer): Tables {
  const tables: Tables = {};
  for (let i = 0; i < buf.readUInt16BE(4); i++) {
    const record = 12 + i * 16;
    const start = buf.readUInt32BE(record + 8);
    tables[buf.toString('latin1', record, record + 4)] = buf.subarray(
      start,
      start + buf.readUInt32BE(record + 12),
    );
  }
  return tables;
}

/** Glyph id of a BMP character from the Windows Unicode cmap (format 4). */
function glyphLookup(cmap: Buffer): (char: number) => number {
  let sub = -1;
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const offset = cmap.readUInt32BE(8 + i * 8);
    const windowsUnicode = cmap.readUInt16BE(4 + i * 8) === 3 && cmap.readUInt16BE(6 + i * 8) === 1;
    if (windowsUnicode && cmap.readUInt16BE(offset) === 4) sub = offset;
  }
  if (sub < 0) throw new Error('no Windows Unicode (format 4) cmap');
  const segments = cmap.readUInt16BE(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (char) => {
    for (let i = 0; i < segments; i++) {
      if (char > cmap.readUInt16BE(ends + i * 2)) continue;
      const start = cmap.readUInt16BE(starts + i * 2);
      if (char < start) return 0;
      const delta = cmap.readInt16BE(deltas + i * 2);
      const rangeOffset = cmap.readUInt16BE(rangeOffsets + i * 2);
      if (!rangeOffset) return (char + delta) & 0xffff;
      const glyph = cmap.readUInt16BE(rangeOffsets + i * 2 + rangeOffset + (char - start) * 2);
      return glyph ? (glyph + delta) & 0xffff : 0;
    }
    return 0;
  };
}

/** English letter frequencies, space included. */
const FREQUENCIES: Record<string, number> = {
  ' ': 0.1818,
  e: 0.1005,
  t: 0.0724,
  a: 0.0652,
  o: 0.0599,
  i: 0.0571,
  n: 0.0563,
  s: 0.0527,
  r: 0.0491,
  h: 0.0459,
  l: 0.0332,
  d: 0.0317,
  c: 0.0248,
  u: 0.0228,
  m: 0.0199,
  f: 0.0179,
  p: 0.0167,
  g: 0.0161,
  w: 0.0153,
  y: 0.0146,
  b: 0.0123,
  v: 0.0081,
  k: 0.0058,
  x: 0.0014,
  j: 0.0011,
  q: 0.0009,
  z: 0.0007,
};

function metrics(file: string) {
  const buf = readFileSync(file);
  const t = buf.readUInt32BE(0) === 0x774f4632 ? woff2Tables(buf) : sfntTables(buf);
  const { head, hhea, hmtx, cmap } = t;
  const os2 = t['OS/2'];
  if (!head || !hhea || !hmtx || !cmap || !os2) throw new Error(`${file}: tables missing`);
  const unitsPerEm = head.readUInt16BE(18);
  // USE_TYPO_METRICS set: browsers take the OS/2 typo metrics, otherwise hhea's.
  const typo = (os2.readUInt16BE(62) & 128) !== 0;
  const ascent = typo ? os2.readInt16BE(68) : hhea.readInt16BE(4);
  const descent = typo ? os2.readInt16BE(70) : hhea.readInt16BE(6);
  const lineGap = typo ? os2.readInt16BE(72) : hhea.readInt16BE(8);
  const metricCount = hhea.readUInt16BE(34);
  const glyph = glyphLookup(cmap);
  let width = 0;
  let total = 0;
  for (const [char, frequency] of Object.entries(FREQUENCIES)) {
    const id = Math.min(glyph(char.charCodeAt(0)), metricCount - 1);
    width += hmtx.readUInt16BE(id * 4) * frequency;
    total += frequency;
  }
  return { unitsPerEm, ascent, descent, lineGap, averageWidth: width / total / unitsPerEm };
}

const [webFile, localFile] = process.argv.slice(2);
if (!webFile || !localFile) {
  console.error('usage: node scripts/font-fallback-metrics.ts WEB_FONT.woff2 LOCAL_FONT.ttf');
  process.exit(2);
}
const web = metrics(webFile);
const local = metrics(localFile);
const sizeAdjust = web.averageWidth / local.averageWidth;
const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
process.stdout.write(
  [
    `size-adjust: ${percent(sizeAdjust)};`,
    `ascent-override: ${percent(web.ascent / web.unitsPerEm / sizeAdjust)};`,
    `descent-override: ${percent(Math.abs(web.descent) / web.unitsPerEm / sizeAdjust)};`,
    `line-gap-override: ${percent(web.lineGap / web.unitsPerEm / sizeAdjust)};`,
    '',
  ].join('\n'),
);
