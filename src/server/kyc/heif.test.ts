import { describe, expect, it } from 'vitest';
import {
  box,
  ftyp,
  full,
  hdlr,
  heicWithItems,
  infe,
  u16,
  u32,
} from '../../../tests/helpers/heif.ts';
import { scrubHeifMetadata } from './heif.ts';

const IMAGE = Buffer.alloc(48, 0xab);
const EXIF = Buffer.from('\0\0\0\0Exif GPS 51.5007N 0.1246W');
const XMP = Buffer.from('<x:xmpmeta>creator</x:xmpmeta>');

describe('scrubHeifMetadata', () => {
  it('zeroes Exif and XMP items in mdat and leaves the image alone', () => {
    const file = heicWithItems(
      [['hvc1'], ['Exif'], ['mime', 'application/rdf+xml']],
      [IMAGE, EXIF, XMP],
    );
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
    const file = heicWithItems([['hvc1']], [IMAGE]);
    expect(scrubHeifMetadata(file)!.equals(file)).toBe(true);
  });

  it('gives up (null) on anything it cannot fully parse', () => {
    const file = heicWithItems([['hvc1'], ['Exif']], [IMAGE, EXIF]);
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
