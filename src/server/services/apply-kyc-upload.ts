import { randomUUID } from 'node:crypto';
import { lockApplication } from '../applicant/contact.ts';
import { and, eq } from 'drizzle-orm';
import { KYC_SELFIE_TYPE_MESSAGE, KYC_UNSUPPORTED_TYPE_MESSAGE } from '#shared/schemas/journey.ts';
import type { KycFileStatus, KycFileType, Stage } from '#shared/stages.ts';
import { WRONG_STAGE_MESSAGE } from '../applicant/stage.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { applications, kycFiles } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { currentKycFiles } from '../kyc/files.ts';
import { cleanUpload } from '../kyc/reencode.ts';
import { sniffFileType } from '../kyc/sniff.ts';
import { sha256Hex } from '../lib/crypto.ts';
import type { FileStorage } from '../storage/storage.ts';

/**
 * Uploads are taken at `detailed`, and at `kyc_in_progress` only to replace a rejected file;
 * once staff have the pair (or verification is done) the files are fixed.
 */
function canUpload(stage: Stage, current: KycFileStatus | undefined): boolean {
  return stage === 'detailed' || (stage === 'kyc_in_progress' && current === 'rejected');
}

/** Cheap early refusal before the body is read: no stage that could ever take an upload. */
export async function assertMayUpload(db: Db, applicationId: string): Promise<void> {
  const [row] = await db
    .select({ stage: applications.stage })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!row) throw new AppError('not_found', 'Application not found');
  if (row.stage !== 'detailed' && row.stage !== 'kyc_in_progress') {
    throw new AppError('conflict', WRONG_STAGE_MESSAGE, { details: { stage: row.stage } });
  }
}

export interface ApplyKycUploadOptions {
  db: Db;
  storage: FileStorage;
  applicationId: string;
  type: KycFileType;
  /** The bytes as received (already within KYC_MAX_BYTES). */
  data: Buffer;
  actor: Actor;
}

/**
 * `apply-kyc-upload` (builtin provider): keeps an ID document or selfie privately. The type is
 * decided by the bytes alone, and only a file that decodes is kept: images are re-encoded without
 * metadata (HEIC as JPEG), PDFs rebuilt from their pages (kyc/reencode.ts). The file is written
 * first and its row inserted after, in a transaction; if that fails the file is removed, so there
 * is never a row without a file, and an orphan file never outlives the request. A new upload takes
 * the place of a pending one of the same type, so staff only ever review the latest; rejected and
 * approved files stay as the record of what was decided.
 */
export async function applyKycUpload(options: ApplyKycUploadOptions): Promise<{ id: string }> {
  const { db, storage, applicationId, type } = options;
  const sniffed = sniffFileType(options.data);
  if (!sniffed) throw new AppError('unsupported_type', KYC_UNSUPPORTED_TYPE_MESSAGE);
  // Staff compare the selfie with the ID's photo; a PDF is a scan of something, not a face.
  if (type === 'selfie' && sniffed === 'pdf') {
    throw new AppError('unsupported_type', KYC_SELFIE_TYPE_MESSAGE);
  }
  const clean = await cleanUpload(options.data, sniffed);
  const sha256 = sha256Hex(clean.data);
  const key = `kyc/${randomUUID()}.${clean.ext}`;
  await storage.put(key, clean.data, { contentType: clean.contentType });

  let result: { id: string; superseded: string[] };
  try {
    result = await db.transaction(async (tx) => {
      // Holding the application row serialises uploads, so two at once cannot both stay pending.
      const application = await lockApplication(tx, applicationId);
      if (!application) throw new AppError('not_found', 'Application not found');
      const current = await currentKycFiles(tx, applicationId);
      if (!canUpload(application.stage, current[type]?.status)) {
        throw new AppError('conflict', WRONG_STAGE_MESSAGE, {
          details: { stage: application.stage },
        });
      }
      const superseded = await tx
        .delete(kycFiles)
        .where(
          and(
            eq(kycFiles.applicationId, applicationId),
            eq(kycFiles.type, type),
            eq(kycFiles.status, 'pending'),
          ),
        )
        .returning({ id: kycFiles.id, storageKey: kycFiles.storageKey });
      const [row] = await tx
        .insert(kycFiles)
        .values({
          applicationId,
          type,
          storageKey: key,
          contentType: clean.contentType,
          fileSize: clean.data.length,
          sha256,
        })
        .returning({ id: kycFiles.id });
      if (!row) throw new Error('kyc_files insert returned no row');
      await writeAudit(tx, {
        actor: options.actor,
        action: 'kyc_file.upload',
        target: { type: 'kyc_file', id: row.id },
        applicationId,
        after: {
          type,
          content_type: clean.contentType,
          size: clean.data.length,
          sha256,
          ...(superseded.length ? { replaces: superseded.map((s) => s.id) } : {}),
        },
      });
      return { id: row.id, superseded: superseded.map((s) => s.storageKey) };
    });
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
  // Only once the rows are gone for good: a replaced pending file is no longer anyone's record.
  for (const old of result.superseded) await storage.delete(old).catch(() => {});
  return { id: result.id };
}
