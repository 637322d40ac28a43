import { eq } from 'drizzle-orm';
import { ASSET_NOT_FOUND_MESSAGE } from '#shared/schemas/admin-lists.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { cardAssets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { FileStorage } from '../storage/storage.ts';

/**
 * `admin-asset-delete`: removes one upload. The row and its audit row go in one transaction;
 * the file only after it commits, so a failed delete never leaves a row without its file.
 * /cards then shows the tier's next newest upload, or its default artwork when none is left.
 */
export async function adminAssetDelete(options: {
  db: Db;
  storage: FileStorage;
  actor: Actor & { type: 'staff' };
  id: string;
}): Promise<void> {
  const { storage, id } = options;
  const removed = await options.db.transaction(async (tx) => {
    const [row] = await tx.delete(cardAssets).where(eq(cardAssets.id, id)).returning();
    if (!row) throw new AppError('not_found', ASSET_NOT_FOUND_MESSAGE);
    await writeAudit(tx, {
      actor: options.actor,
      action: 'card_asset.delete',
      target: { type: 'card_asset', id },
      before: {
        tier: row.tier,
        file_name: row.fileName,
        file_size: row.fileSize,
        content_type: row.contentType,
        uploaded_at: row.uploadedAt.toISOString(),
      },
    });
    return row;
  });
  // No row points at the file any more, so it can no longer be served; a file left behind by
  // a failure here costs disk space only.
  await storage.delete(removed.storageKey).catch(() => {});
}
