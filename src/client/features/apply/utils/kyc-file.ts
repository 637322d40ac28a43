import { KYC_ACCEPTED_TYPES, KYC_MAX_BYTES } from '#shared/schemas/journey.ts';
import type { KycFileType } from '#shared/stages.ts';
import { formatFileSize } from './format.ts';

type KycMime = (typeof KYC_ACCEPTED_TYPES)[number];

/** Browsers often give HEIC photos no type at all; the extension stands in for it. */
const BY_EXTENSION: Record<string, KycMime> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heic',
  pdf: 'application/pdf',
};

/** What each upload accepts: a selfie is a photo, so no PDF. */
export const KYC_TYPES_FOR: Record<KycFileType, readonly KycMime[]> = {
  document: KYC_ACCEPTED_TYPES,
  selfie: KYC_ACCEPTED_TYPES.filter((type) => type !== 'application/pdf'),
};

export const KYC_TYPE_HINT: Record<KycFileType, string> = {
  document: 'JPEG, PNG, WebP, HEIC or PDF, up to 10 MB.',
  selfie: 'JPEG, PNG, WebP or HEIC, up to 10 MB.',
};

const WRONG_TYPE: Record<KycFileType, string> = {
  document: 'This file type is not accepted. Please choose a JPEG, PNG, WebP, HEIC or PDF file.',
  selfie: 'This file type is not accepted. Please choose a JPEG, PNG, WebP or HEIC photo.',
};

/** The file's type as far as the browser can tell; the server checks the content itself. */
export function kycMimeOf(file: File): KycMime | null {
  const declared = file.type === 'image/heif' ? 'image/heic' : file.type;
  if ((KYC_ACCEPTED_TYPES as readonly string[]).includes(declared)) return declared as KycMime;
  if (declared !== '' && declared !== 'application/octet-stream') return null;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return BY_EXTENSION[extension] ?? null;
}

/** Checks a chosen file before anything is sent: null when it may be uploaded. */
export function checkKycFile(file: File, type: KycFileType): string | null {
  const mime = kycMimeOf(file);
  if (mime === null || !KYC_TYPES_FOR[type].includes(mime)) return WRONG_TYPE[type];
  if (file.size === 0) return 'This file is empty. Please choose another.';
  if (file.size > KYC_MAX_BYTES) {
    return `This file is ${formatFileSize(file.size)}. Files can be at most 10 MB; please choose a smaller one.`;
  }
  return null;
}

/** Only these can be previewed in the page; PDF and HEIC show as a named file instead. */
export function canPreview(file: File): boolean {
  const mime = kycMimeOf(file);
  return mime === 'image/jpeg' || mime === 'image/png' || mime === 'image/webp';
}
