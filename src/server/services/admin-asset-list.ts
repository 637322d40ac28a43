import { desc, inArray } from 'drizzle-orm';
import type { AssetRow } from '#shared/schemas/admin-lists.ts';
import { ASSET_TIERS, type AssetTier } from '#shared/tiers.ts';
import type { Db } from '../db/client.ts';
import { cardAssets } from '../db/schema.ts';
import { cardAssetFileUrl } from './card-assets.ts';

/** The columns of one upload as the staff list shows it. */
export const assetColumns = {
  id: cardAssets.id,
  tier: cardAssets.tier,
  fileName: cardAssets.fileName,
  fileSize: cardAssets.fileSize,
  contentType: cardAssets.contentType,
  uploadedAt: cardAssets.uploadedAt,
};

export function toAssetRow(row: {
  id: string;
  tier: string;
  fileName: string;
  fileSize: number;
  contentType: string;
  uploadedAt: Date;
}): AssetRow {
  return {
    id: row.id,
    tier: row.tier as AssetTier,
    url: cardAssetFileUrl(row.id),
    file_name: row.fileName,
    file_size: row.fileSize,
    content_type: row.contentType,
    uploaded_at: row.uploadedAt.toISOString(),
  };
}

/**
 * `admin-asset-list`: every upload of card artwork, newest first. Uploads are a handful of
 * staff actions, not visitor data, so the list is not paged.
 */
export async function adminAssetList(options: { db: Db }): Promise<AssetRow[]> {
  const rows = await options.db
    .select(assetColumns)
    .from(cardAssets)
    // Only tiers that have artwork (SPEC §3); no upload can be made for another.
    .where(inArray(cardAssets.tier, ASSET_TIERS))
    .orderBy(desc(cardAssets.uploadedAt), desc(cardAssets.id));
  return rows.map(toAssetRow);
}
