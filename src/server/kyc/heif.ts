/**
 * Removes Exif and XMP from a HEIF file whose pixels we cannot decode: sharp's bundled libvips
 * reads AVIF-coded HEIF but not the HEVC that phone cameras write, so such a photo cannot be
 * re-encoded. Instead the metadata items' bytes are overwritten with zeros in place. The image
 * data and the file's layout are untouched, so it still opens; what the camera recorded (place,
 * time, device) is gone. Returns null when the file is not a HEIF this parser fully understands,
 * so the caller refuses it rather than keep metadata it could not find.
 */
export function scrubHeifMetadata(input: Buffer): Buffer | null {
  const top = readBoxes(input, 0, input.length);
  const meta = top?.find((box) => box.type === 'meta');
  if (!top || top[0]?.type !== 'ftyp' || !meta) return null;

  // `meta` is a full box: version and flags come before its children.
  const children = readBoxes(input, meta.start + meta.headerSize + 4, meta.end);
  if (!children) return null;
  const iinf = children.find((box) => box.type === 'iinf');
  const iloc = children.find((box) => box.type === 'iloc');
  const idat = children.find((box) => box.type === 'idat');
  if (!iinf) return input;

  const metadataItems = readMetadataItemIds(input, iinf);
  if (!metadataItems) return null;
  if (metadataItems.size === 0) return input;
  if (!iloc) return null;

  const extents = readLocations(input, iloc);
  if (!extents) return null;
  const output = Buffer.from(input);
  for (const extent of extents) {
    if (!metadataItems.has(extent.itemId)) continue;
    let start: number;
    if (extent.constructionMethod === 0) start = extent.offset;
    else if (extent.constructionMethod === 1 && idat)
      start = idat.start + idat.headerSize + extent.offset;
    else return null;
    const end = start + extent.length;
    // A zero length means "to the end", which for file offsets would run into the image data.
    const limit = extent.constructionMethod === 1 && idat ? idat.end : output.length;
    if (extent.length === 0 || end > limit) return null;
    output.fill(0, start, end);
  }
  return output;
}

interface Box {
  type: string;
  start: number;
  headerSize: number;
  end: number;
}

function readBoxes(data: Buffer, start: number, end: number): Box[] | null {
  const boxes: Box[] = [];
  let pos = start;
  while (pos < end) {
    if (end - pos < 8) return null;
    let size = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    let headerSize = 8;
    if (size === 1) {
      if (end - pos < 16) return null;
      const large = data.readBigUInt64BE(pos + 8);
      if (large > BigInt(end - pos)) return null;
      size = Number(large);
      headerSize = 16;
    } else if (size === 0) {
      size = end - pos;
    }
    if (size < headerSize || pos + size > end) return null;
    boxes.push({ type, start: pos, headerSize, end: pos + size });
    pos += size;
  }
  return boxes;
}

/** A bounds-checked reader over one box's payload. */
function reader(data: Buffer, start: number, end: number) {
  let pos = start;
  const need = (n: number) => {
    if (pos + n > end) throw new RangeError('box too short');
  };
  return {
    get pos() {
      return pos;
    },
    u8() {
      need(1);
      return data.readUInt8(pos++);
    },
    u16() {
      need(2);
      const v = data.readUInt16BE(pos);
      pos += 2;
      return v;
    },
    u32() {
      need(4);
      const v = data.readUInt32BE(pos);
      pos += 4;
      return v;
    },
    /** An unsigned integer of 0, 4 or 8 bytes (iloc's field sizes). */
    uint(bytes: number) {
      if (bytes === 0) return 0;
      if (bytes === 4) return this.u32();
      if (bytes === 8) {
        need(8);
        const v = data.readBigUInt64BE(pos);
        pos += 8;
        if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('offset too large');
        return Number(v);
      }
      throw new RangeError('bad field size');
    },
    skip(n: number) {
      need(n);
      pos += n;
    },
    fourcc() {
      need(4);
      const v = data.toString('latin1', pos, pos + 4);
      pos += 4;
      return v;
    },
    cstring() {
      const zero = data.indexOf(0, pos);
      if (zero < 0 || zero >= end) throw new RangeError('unterminated string');
      const v = data.toString('utf8', pos, zero);
      pos = zero + 1;
      return v;
    },
  };
}

/** Item ids of Exif blocks and XMP packets listed in `iinf`. */
function readMetadataItemIds(data: Buffer, iinf: Box): Set<number> | null {
  try {
    const r = reader(data, iinf.start + iinf.headerSize, iinf.end);
    const version = r.u8();
    r.skip(3);
    const count = version === 0 ? r.u16() : r.u32();
    const entries = readBoxes(data, r.pos, iinf.end);
    if (!entries || entries.length < count) return null;
    const ids = new Set<number>();
    for (const infe of entries) {
      if (infe.type !== 'infe') continue;
      const e = reader(data, infe.start + infe.headerSize, infe.end);
      const v = e.u8();
      e.skip(3);
      let id: number;
      let itemType = 'mime';
      if (v >= 2) {
        id = v === 2 ? e.u16() : e.u32();
        e.u16();
        itemType = e.fourcc();
      } else {
        id = e.u16();
        e.u16();
      }
      e.cstring(); // item name
      const contentType = itemType === 'mime' ? e.cstring().toLowerCase() : '';
      if (itemType === 'Exif' || contentType.includes('rdf+xml') || contentType.includes('xmp')) {
        ids.add(id);
      }
    }
    return ids;
  } catch {
    return null;
  }
}

interface Extent {
  itemId: number;
  constructionMethod: number;
  /** From the start of the file (method 0) or of the idat payload (method 1). */
  offset: number;
  length: number;
}

function readLocations(data: Buffer, iloc: Box): Extent[] | null {
  try {
    const r = reader(data, iloc.start + iloc.headerSize, iloc.end);
    const version = r.u8();
    r.skip(3);
    if (version > 2) return null;
    const sizes = r.u8();
    const more = r.u8();
    const offsetSize = sizes >> 4;
    const lengthSize = sizes & 0x0f;
    const baseOffsetSize = more >> 4;
    const indexSize = version >= 1 ? more & 0x0f : 0;
    const itemCount = version < 2 ? r.u16() : r.u32();
    const extents: Extent[] = [];
    for (let i = 0; i < itemCount; i++) {
      const itemId = version < 2 ? r.u16() : r.u32();
      const constructionMethod = version >= 1 ? r.u16() & 0x0f : 0;
      r.u16(); // data reference index
      const baseOffset = r.uint(baseOffsetSize);
      const extentCount = r.u16();
      for (let j = 0; j < extentCount; j++) {
        if (indexSize > 0) r.uint(indexSize);
        const offset = baseOffset + r.uint(offsetSize);
        const length = r.uint(lengthSize);
        extents.push({ itemId, constructionMethod, offset, length });
      }
    }
    return extents;
  } catch {
    return null;
  }
}
