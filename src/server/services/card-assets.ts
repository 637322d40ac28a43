import { desc, inArray } from 'drizzle-orm';
import type { CardAsset } from '#shared/schemas/site.ts';
import { ASSET_TIERS, type AssetTier } from '#shared/tiers.ts';
import type { Db } from '../db/client.ts';
import { cardAssets } from '../db/schema.ts';

/** Public, cacheable address of an uploaded card image (`GET /api/card-asset-file/:id`). */
export function cardAssetFileUrl(id: string): string {
  return `/api/card-asset-file/${id}`;
}

/**
 * `GET /api/card-assets`: the newest upload of each tier that has artwork, newest first. Only
 * the newest per tier is ever shown, so older uploads are not listed (the answer stays small
 * however many uploads there were); the staff list has them all.
 */
export async function listCardAssets(options: { db: Db }): Promise<CardAsset[]> {
  const rows = await options.db
    .selectDistinctOn([cardAssets.tier], {
      id: cardAssets.id,
      tier: cardAssets.tier,
      uploadedAt: cardAssets.uploadedAt,
    })
    .from(cardAssets)
    .where(inArray(cardAssets.tier, ASSET_TIERS))
    .orderBy(cardAssets.tier, desc(cardAssets.uploadedAt), desc(cardAssets.id));
  return rows
    .sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime())
    .map((row) => ({
      tier: row.tier as AssetTier,
      url: cardAssetFileUrl(row.id),
      uploaded_at: row.uploadedAt.toISOString(),
    }));
}
