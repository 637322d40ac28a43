/**
 * What an uploaded file really is, from its first bytes. The file name and the type the browser
 * declared are chosen by the sender, so they are never consulted.
 */
export type SniffedType = 'jpeg' | 'png' | 'webp' | 'heic' | 'pdf';

/** `ftyp` major brands of HEIF stills (HEVC-coded and the generic image brands). */
const HEIF_BRANDS = new Set([
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
]);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ascii(data: Buffer, start: number, end: number): string {
  return data.length >= end ? data.toString('latin1', start, end) : '';
}

export function sniffFileType(data: Buffer): SniffedType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'webp';
  if (ascii(data, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(data, 8, 12))) return 'heic';
  if (ascii(data, 0, 5) === '%PDF-') return 'pdf';
  return null;
}
