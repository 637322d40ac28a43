import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cardAssets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { FileStorage } from '../storage/storage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Image types card artwork may be served as; anything else goes out as opaque bytes. */
const IMAGE_TYPES = new Set(['image/png', 'image/webp', 'image/svg+xml', 'image/jpeg']);

export const CARD_ASSET_NOT_FOUND = 'File not found';

/** `GET /api/card-asset-file/:id`: one uploaded card image and the type it was stored with. */
export async function cardAssetFile(options: {
  db: Db;
  storage: FileStorage;
  id: string;
}): Promise<{ stream: Readable; contentType: string }> {
  if (!UUID.test(options.id)) throw new AppError('not_found', CARD_ASSET_NOT_FOUND);
  const [row] = await options.db
    .select({ storageKey: cardAssets.storageKey, contentType: cardAssets.contentType })
    .from(cardAssets)
    .where(eq(cardAssets.id, options.id));
  if (!row) throw new AppError('not_found', CARD_ASSET_NOT_FOUND);
  const stream = await options.storage.getStream(row.storageKey);
  const type = row.contentType.toLowerCase();
  return { stream, contentType: IMAGE_TYPES.has(type) ? type : 'application/octet-stream' };
}
