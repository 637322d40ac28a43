import { describe, expect, it } from 'vitest';
import { scrubHeifMetadata } from './heif.ts';

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const full = (type: string, version: number, ...parts: Buffer[]) =>
  box(type, Buffer.from([version, 0, 0, 0]), ...parts);
const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const infe = (id: number, type: string, contentType?: string) =>
  full(
    'infe',
    2,
    u16(id),
    u16(0),
    Buffer.from(`${type}\0`, 'latin1'),
    ...(contentType ? [Buffer.from(`${contentType}\0`)] : []),
  );
const ftyp = box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic'));
const hdlr = full('hdlr', 0, u32(0), Buffer.from('pict'), Buffer.alloc(12), Buffer.from('\0'));

const IMAGE = Buffer.alloc(48, 0xab);
const EXIF = Buffer.from('\0\0\0\0Exif GPS 51.5007N 0.1246W');
const XMP = Buffer.from('<x:xmpmeta>creator</x:xmpmeta>');

/** Items in `mdat`, located by file offset (iloc version 0). */
function inMdat(types: [string, string?][], items: Buffer[]): Buffer {
  const meta = (base: number) => {
    let offset = base;
    const entries = items.map((data, i) => {
      const entry = Buffer.concat([u16(i + 1), u16(0), u16(1), u32(offset), u32(data.length)]);
      offset += data.length;
      return entry;
    });
    return full(
      'meta',
      0,
      hdlr,
      full('iinf', 0, u16(types.length), ...types.map(([t, c], i) => infe(i + 1, t, c))),
      full('iloc', 0, Buffer.from([0x44, 0x00]), u16(items.length), ...entries),
    );
  };
  const start = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(start), box('mdat', ...items)]);
}

describe('scrubHeifMetadata', () => {
  it('zeroes Exif and XMP items in mdat and leaves the image alone', () => {
    const file = inMdat([['hvc1'], ['Exif'], ['mime', 'application/rdf+xml']], [IMAGE, EXIF, XMP]);
    const out = scrubHeifMetadata(file)!;
    expect(out).not.toBeNull();
    expect(out.length).toBe(file.length);
    expect(out.includes(IMAGE)).toBe(true);
    expect(out.includes(Buffer.from('51.5007N'))).toBe(false);
    expect(out.includes(Buffer.from('creator'))).toBe(false);
    // The input buffer is not modified.
    expect(file.includes(Buffer.from('51.5007N'))).toBe(true);
  });

  it('zeroes Exif stored in idat (iloc version 1, construction method 1)', () => {
    const meta = full(
      'meta',
      0,
      hdlr,
      full('iinf', 0, u16(1), infe(1, 'Exif')),
      full(
        'iloc',
        1,
        Buffer.from([0x44, 0x00]),
        u16(1),
        Buffer.concat([u16(1), u16(1), u16(0), u16(1), u32(0), u32(EXIF.length)]),
      ),
      box('idat', EXIF),
    );
    const out = scrubHeifMetadata(Buffer.concat([ftyp, meta]))!;
    expect(out.includes(Buffer.from('51.5007N'))).toBe(false);
  });

  it('returns a file without metadata unchanged', () => {
    const file = inMdat([['hvc1']], [IMAGE]);
    expect(scrubHeifMetadata(file)!.equals(file)).toBe(true);
  });

  it('gives up (null) on anything it cannot fully parse', () => {
    const file = inMdat([['hvc1'], ['Exif']], [IMAGE, EXIF]);
    expect(scrubHeifMetadata(file.subarray(0, file.length - 20))).toBeNull();
    expect(scrubHeifMetadata(Buffer.from('not a heif file at all'))).toBeNull();
    // Metadata listed but its location points past the end of the file.
    const broken = Buffer.from(file);
    // iloc: header 8, version and flags 4, sizes 2, count 2, item 1 (14), item 2's id, ref, count (6).
    const item2Offset = broken.indexOf(Buffer.from('iloc')) - 4 + 8 + 4 + 2 + 2 + 14 + 6;
    broken.writeUInt32BE(0x7fffffff, item2Offset);
    expect(scrubHeifMetadata(broken)).toBeNull();
  });
});
