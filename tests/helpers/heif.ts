/**
 * Builders for small HEIF/HEIC files (ISO BMFF boxes): files with a HEIC's layout whose image
 * data is anything a test wants, such as bytes that decode to nothing. A real HEIC, which no
 * library here can encode, is in tests/fixtures (see its README).
 */
export const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
export const full = (type: string, version: number, ...parts: Buffer[]) =>
  box(type, Buffer.from([version, 0, 0, 0]), ...parts);
export const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
export const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
export const infe = (id: number, type: string, contentType?: string) =>
  full(
    'infe',
    2,
    u16(id),
    u16(0),
    Buffer.from(`${type}\0`, 'latin1'),
    ...(contentType ? [Buffer.from(`${contentType}\0`)] : []),
  );
export const ftyp = box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic'));
export const hdlr = full(
  'hdlr',
  0,
  u32(0),
  Buffer.from('pict'),
  Buffer.alloc(12),
  Buffer.from('\0'),
);

/**
 * A HEIC whose items (type and optional content type per item) live in `mdat`, located by file
 * offset (iloc version 0). `primary` adds a `pitm` box naming that item.
 */
export function heicWithItems(
  types: [string, string?][],
  items: Buffer[],
  { primary }: { primary?: number } = {},
): Buffer {
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
      ...(primary ? [full('pitm', 0, u16(primary))] : []),
      full('iinf', 0, u16(types.length), ...types.map(([t, c], i) => infe(i + 1, t, c))),
      full('iloc', 0, Buffer.from([0x44, 0x00]), u16(items.length), ...entries),
    );
  };
  const start = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(start), box('mdat', ...items)]);
}
