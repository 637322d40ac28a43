import sharp from 'sharp';
import { AppError } from '../errors.ts';
import { KYC_UNREADABLE_MESSAGE } from '../../shared/schemas/journey.ts';
import { scrubHeifMetadata } from './heif.ts';
import type { SniffedType } from './sniff.ts';

export interface CleanFile {
  data: Buffer;
  contentType: string;
  /** Storage key extension. */
  ext: string;
}

/**
 * Identity photos never need more than this on the long edge for review; it also bounds what a
 * small, highly compressed file can expand to in memory.
 */
const MAX_EDGE = 4096;
/** sharp refuses larger inputs before decoding them (decompression bombs). */
const MAX_INPUT_PIXELS = 100_000_000;

const OUTPUT: Record<Exclude<SniffedType, 'pdf'>, { contentType: string; ext: string }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  // sharp cannot write HEIC (HEVC): a decodable one becomes a JPEG.
  heic: { contentType: 'image/jpeg', ext: 'jpg' },
};

function unreadable(): AppError {
  return new AppError('unsupported_type', KYC_UNREADABLE_MESSAGE);
}

/**
 * Makes an upload safe to keep: images are decoded and written afresh, turned upright by their
 * EXIF orientation, with every piece of metadata (EXIF, GPS, XMP, ICC comments) left behind, so
 * nothing but the pixels is stored and nothing hidden in the original bytes survives. PDFs are
 * kept as they are; they are only ever served as `application/pdf` with `nosniff`.
 */
export async function cleanUpload(data: Buffer, type: SniffedType): Promise<CleanFile> {
  if (type === 'pdf') return { data, contentType: 'application/pdf', ext: 'pdf' };
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    const out =
      type === 'png'
        ? image.png({ compressionLevel: 9 })
        : type === 'webp'
          ? image.webp({ quality: 90 })
          : image.jpeg({ quality: 90, mozjpeg: true });
    return { data: await out.toBuffer(), ...OUTPUT[type] };
  } catch {
    if (type !== 'heic') throw unreadable();
    const scrubbed = scrubHeifMetadata(data);
    if (!scrubbed) throw unreadable();
    return { data: scrubbed, contentType: 'image/heic', ext: 'heic' };
  }
}
