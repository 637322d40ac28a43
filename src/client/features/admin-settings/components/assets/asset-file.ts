import {
  ASSET_MAX_BYTES,
  ASSET_MISSING_MESSAGE,
  ASSET_TOO_LARGE_MESSAGE,
  ASSET_TYPE_MESSAGE,
  ASSET_TYPES,
} from '#shared/schemas/admin-lists.ts';
import { ASSET_TIERS, type AssetTier } from '#shared/tiers.ts';

/** What the file picker offers: the types SPEC §9 allows, by MIME type and by extension. */
export const ASSET_ACCEPT = [...ASSET_TYPES, '.png', '.webp', '.svg'].join(',');

const EXTENSIONS: Record<string, (typeof ASSET_TYPES)[number]> = {
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export type AssetCheck =
  | { ok: true; file: File; tier: AssetTier }
  | { ok: false; title: string; description: string; field: 'file' | 'tier' };

function isAssetTier(value: string): value is AssetTier {
  return (ASSET_TIERS as readonly string[]).includes(value);
}

/**
 * The upload form's own checks before anything is sent (SPEC §5): both fields, then a PNG,
 * WebP or SVG by type or, when the browser names no type, by extension. The server checks the
 * content again; this only saves a round trip for an obvious mistake.
 */
export function checkAssetUpload(file: File | null | undefined, tier: string): AssetCheck {
  if (!file) {
    return {
      ok: false,
      title: ASSET_MISSING_MESSAGE,
      description: 'Please choose an image file.',
      field: 'file',
    };
  }
  if (!isAssetTier(tier)) {
    return {
      ok: false,
      title: ASSET_MISSING_MESSAGE,
      description: 'Please choose a tier.',
      field: 'tier',
    };
  }
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const type = file.type || EXTENSIONS[extension] || '';
  if (!(ASSET_TYPES as readonly string[]).includes(type)) {
    return {
      ok: false,
      title: ASSET_TYPE_MESSAGE,
      description: 'Please choose a PNG, WebP or SVG image.',
      field: 'file',
    };
  }
  if (file.size > ASSET_MAX_BYTES) {
    return {
      ok: false,
      title: 'Upload failed',
      description: ASSET_TOO_LARGE_MESSAGE,
      field: 'file',
    };
  }
  return { ok: true, file, tier };
}
