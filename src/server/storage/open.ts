import { join } from 'node:path';
import type { Env } from '../env.ts';
import { createDiskStorage } from './disk.ts';
import { createS3Storage, describeS3Error } from './s3.ts';
import type { FileStorage } from './storage.ts';

export class StorageUnreachableError extends Error {}

/**
 * The file storage the configuration asks for (CONTRACT §1, §7): an S3 bucket when S3_BUCKET
 * is set (env.ts has already required its companions), otherwise `${DATA_DIR}/files`. The bucket
 * is checked here, at start, so a wrong name, region or key stops the server with a message
 * naming the variable instead of failing the first applicant's upload.
 */
export async function openFileStorage(
  env: Env,
  dataDir: string,
): Promise<FileStorage & { close?(): void }> {
  if (!env.S3_BUCKET) return createDiskStorage({ root: join(dataDir, 'files') });
  const storage = await createS3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    serverSideEncryption: env.S3_SERVER_SIDE_ENCRYPTION === 'none' ? false : 'AES256',
  });
  try {
    await storage.check();
  } catch (error) {
    storage.close();
    const where = env.S3_ENDPOINT ? ` at ${new URL(env.S3_ENDPOINT).origin}` : '';
    throw new StorageUnreachableError(
      `S3_BUCKET '${env.S3_BUCKET}'${where} could not be reached: ${describeS3Error(error)}`,
    );
  }
  return storage;
}
