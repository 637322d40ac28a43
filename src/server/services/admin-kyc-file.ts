import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { kycFiles } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { FileStorage } from '../storage/storage.ts';
import { KYC_FILE_NOT_FOUND } from './admin-kyc-action.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The types uploads are stored as (after re-encoding); anything else goes out as opaque bytes. */
const SERVED_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'application/pdf',
]);

/**
 * `GET /api/admin-kyc-file/:id`: one identity file for staff review. Every view or download is
 * audited before a byte is sent (CONTRACT §5): who looked at whose passport is on record.
 */
export async function adminKycFile(options: {
  db: Db;
  storage: FileStorage;
  id: string;
  actor: Actor & { type: 'staff' };
}): Promise<{ stream: Readable; contentType: string; fileName: string }> {
  if (!UUID.test(options.id)) throw new AppError('not_found', KYC_FILE_NOT_FOUND);
  const [row] = await options.db
    .select({
      storageKey: kycFiles.storageKey,
      contentType: kycFiles.contentType,
      type: kycFiles.type,
      applicationId: kycFiles.applicationId,
    })
    .from(kycFiles)
    .where(eq(kycFiles.id, options.id));
  if (!row) throw new AppError('not_found', KYC_FILE_NOT_FOUND);
  await writeAudit(options.db, {
    actor: options.actor,
    action: 'kyc_file.viewed',
    target: { type: 'kyc_file', id: options.id },
    applicationId: row.applicationId,
    after: { type: row.type },
  });
  const stream = await options.storage.getStream(row.storageKey);
  const contentType = SERVED_TYPES.has(row.contentType)
    ? row.contentType
    : 'application/octet-stream';
  const ext = row.storageKey.slice(row.storageKey.lastIndexOf('.') + 1);
  return { stream, contentType, fileName: `${row.type}-${options.id}.${ext}` };
}
