import type { Readable } from 'node:stream';
import { AppError } from '../errors.ts';

/**
 * Where uploaded files (identity documents) live: under DATA_DIR (disk.ts) or in an S3 bucket
 * (s3.ts, when S3_* is set; open.ts chooses). There are deliberately no public or
 * signed download URLs: files leave only through routes that check a credential and audit
 * (identity files: `GET /api/admin-kyc-file/:id`), so no key held anywhere can mint access.
 */
export interface FileStorage {
  /**
   * Stores `data` under `key`, replacing any previous file atomically. A stream is read as it
   * is written, never held whole in memory.
   */
  put(
    key: string,
    data: Buffer | Readable,
    options?: { contentType?: string },
  ): Promise<{ size: number }>;
  /** AppError('not_found', 'File not found') when there is no such file. */
  getStream(key: string): Promise<Readable>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * Keys are chosen by the server (`kyc/<uuid>.jpg`), so the grammar is narrow: lower-case
 * segments of letters, digits, '-' and '_', separated by single '/', then one extension. No
 * '.', '..', empty segment or leading '/' can appear, so no key can leave the storage root.
 */
const KEY_PATTERN = /^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*\.[a-z0-9]+$/;
const MAX_KEY_LENGTH = 255;

export function isValidFileKey(key: unknown): key is string {
  return typeof key === 'string' && key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

export function assertValidFileKey(key: unknown): asserts key is string {
  if (!isValidFileKey(key)) throw new AppError('invalid_input', 'Invalid file key');
}
