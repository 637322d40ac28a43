import { randomUUID } from 'node:crypto';
import { ASSET_TYPE_MESSAGE, type AssetRow } from '#shared/schemas/admin-lists.ts';
import type { AssetTier } from '#shared/tiers.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { cardAssets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { cleanUpload } from '../kyc/reencode.ts';
import { sniffFileType } from '../kyc/sniff.ts';
import { sha256Hex } from '../lib/crypto.ts';
import { sanitizeSvg } from '../lib/sanitize-svg.ts';
import type { FileStorage } from '../storage/storage.ts';
import { assetColumns, toAssetRow } from './admin-asset-list.ts';

type AssetKind = 'png' | 'webp' | 'svg';

const KINDS: Record<AssetKind, { contentType: string; ext: string }> = {
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  svg: { contentType: 'image/svg+xml', ext: 'svg' },
};

/** What browsers send when they cannot tell a file's type: it claims nothing. */
const UNCLAIMED_TYPES = new Set(['', 'application/octet-stream']);

function invalidType(): AppError {
  return new AppError('unsupported_type', ASSET_TYPE_MESSAGE);
}

/**
 * The content decides what a file is; its name and declared type are never trusted to make a
 * file acceptable. When they name another type than the content (a PNG called `card.svg`), the
 * upload is refused rather than listed under a name that misdescribes what is stored.
 */
function assertClaimsMatch(kind: AssetKind, fileName: string, claimedType: string): void {
  const ext = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (ext !== undefined && ext !== KINDS[kind].ext) throw invalidType();
  const claimed = claimedType.split(';')[0]!.trim().toLowerCase();
  if (!UNCLAIMED_TYPES.has(claimed) && claimed !== KINDS[kind].contentType) throw invalidType();
}

/**
 * The bytes to store: PNG and WebP decoded and written afresh by sharp, so no metadata or
 * trailing data survives; SVG rebuilt by the SVG policy. Anything else is refused.
 */
async function cleanAsset(
  data: Buffer,
  fileName: string,
  claimedType: string,
): Promise<{ data: Buffer; kind: AssetKind }> {
  const sniffed = sniffFileType(data);
  if (sniffed === 'png' || sniffed === 'webp') {
    assertClaimsMatch(sniffed, fileName, claimedType);
    try {
      return { data: (await cleanUpload(data, sniffed)).data, kind: sniffed };
    } catch {
      // Right signature, but not an image sharp can decode.
      throw invalidType();
    }
  }
  if (sniffed) throw invalidType();
  const svg = sanitizeSvg(data);
  if (svg === null) throw invalidType();
  assertClaimsMatch('svg', fileName, claimedType);
  return { data: Buffer.from(svg, 'utf8'), kind: 'svg' };
}

/** The name as shown in the staff list: no path, no control characters, not overly long. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim();
  if (!clean) return fallback;
  return clean.length > 200 ? `${clean.slice(0, 100)}…${clean.slice(-99)}` : clean;
}

export interface AdminAssetUploadOptions {
  db: Db;
  storage: FileStorage;
  actor: Actor & { type: 'staff' };
  tier: AssetTier;
  /** The bytes as received (already within ASSET_MAX_BYTES). */
  data: Buffer;
  /** As the browser named and typed the file; checked against the content, never trusted. */
  fileName: string | undefined;
  claimedType: string;
}

/**
 * `admin-asset-upload`: new card artwork for a tier. The file is written first and its row
 * inserted after, with its audit row, in one transaction; if that fails the file is removed,
 * so there is never a row without a file. /cards shows the newest upload per tier, so the new
 * one takes over at once; older uploads stay listed until staff delete them.
 */
export async function adminAssetUpload(options: AdminAssetUploadOptions): Promise<AssetRow> {
  const { db, storage, tier } = options;
  const rawName = cleanFileName(options.fileName, '');
  const clean = await cleanAsset(options.data, rawName, options.claimedType);
  const { contentType, ext } = KINDS[clean.kind];
  const fileName = rawName || `${tier}.${ext}`;
  const id = randomUUID();
  const key = `card-assets/${id}.${ext}`;
  await storage.put(key, clean.data, { contentType });

  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(cardAssets)
        .values({
          id,
          tier,
          storageKey: key,
          fileName,
          fileSize: clean.data.length,
          contentType,
        })
        .returning(assetColumns);
      if (!row) throw new Error('card_assets insert returned no row');
      await writeAudit(tx, {
        actor: options.actor,
        action: 'card_asset.upload',
        target: { type: 'card_asset', id },
        after: {
          tier,
          file_name: fileName,
          file_size: clean.data.length,
          content_type: contentType,
          sha256: sha256Hex(clean.data),
        },
      });
      return toAssetRow(row);
    });
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
}
