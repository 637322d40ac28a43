import sharp, { type Sharp } from 'sharp';
import { AppError } from '../errors.ts';
import { KYC_UNREADABLE_MESSAGE } from '#shared/schemas/journey.ts';
import { decodeHeic } from './heic.ts';
import { rewritePdf } from './pdf.ts';
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
/**
 * Images declaring more pixels than this are refused before they are decoded (decompression
 * bombs); the largest phone photos (48 megapixels) still fit.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

const OUTPUT: Record<Exclude<SniffedType, 'pdf'>, { contentType: string; ext: string }> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  // Browsers other than Safari cannot show HEIC, and sharp cannot write it: staff get a JPEG.
  heic: { contentType: 'image/jpeg', ext: 'jpg' },
};

function unreadable(): AppError {
  return new AppError('unsupported_type', KYC_UNREADABLE_MESSAGE);
}

/** Re-encoded, metadata-free bytes of a decoded image (see cleanUpload). */
function encode(image: Sharp, type: Exclude<SniffedType, 'pdf'>): Promise<Buffer> {
  const fitted = image.resize({
    width: MAX_EDGE,
    height: MAX_EDGE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const out =
    type === 'png'
      ? fitted.png({ compressionLevel: 9 })
      : type === 'webp'
        ? fitted.webp({ quality: 90 })
        : fitted.jpeg({ quality: 90, mozjpeg: true });
  return out.toBuffer();
}

const open = (data: Buffer) =>
  sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();

/**
 * A HEIF as a JPEG. sharp's libvips decodes AV1-coded HEIF but not the HEVC that phone cameras
 * write, which goes to libheif (heic.ts). Either way a file that does not decode to an image is
 * refused: a HEIF-looking header proves nothing.
 */
async function heifToJpeg(data: Buffer): Promise<Buffer> {
  try {
    return await encode(open(data), 'heic');
  } catch {
    // Not decodable by sharp: libheif's turn.
  }
  const decoded = await decodeHeic(data, MAX_INPUT_PIXELS);
  if (!decoded.ok) throw unreadable();
  // libheif has already applied the file's rotation and mirroring; transparency goes to white.
  const pixels = sharp(decoded.rgba, {
    raw: { width: decoded.width, height: decoded.height, channels: 4 },
  }).flatten({ background: '#ffffff' });
  return encode(pixels, 'heic');
}

/**
 * Makes an upload safe to keep: images are decoded and written afresh, turned upright by their
 * EXIF orientation, with every piece of metadata (EXIF, GPS, XMP, ICC comments) left behind, so
 * nothing but the pixels is stored and nothing hidden in the original bytes survives. HEIC
 * becomes JPEG. A PDF is rebuilt from its pages without scripts, actions or attachments
 * (pdf.ts). Anything that does not decode or parse is refused (415).
 */
export async function cleanUpload(data: Buffer, type: SniffedType): Promise<CleanFile> {
  if (type === 'pdf') {
    const pdf = await rewritePdf(data);
    if (!pdf) throw unreadable();
    return { data: pdf, contentType: 'application/pdf', ext: 'pdf' };
  }
  try {
    const clean = type === 'heic' ? await heifToJpeg(data) : await encode(open(data), type);
    return { data: clean, ...OUTPUT[type] };
  } catch {
    throw unreadable();
  }
}
