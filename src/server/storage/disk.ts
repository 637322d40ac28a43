import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../errors.ts';
import { assertValidFileKey, isValidFileKey, type FileStorage } from './storage.ts';

export interface DiskStorageOptions {
  /** Directory the files live under, e.g. `${DATA_DIR}/files`. */
  root: string;
  /** Key for signing download URLs. */
  secret: string;
  /** Route that serves signed downloads; default '/api/files'. */
  urlPrefix?: string;
}

// Identity documents: readable by the server's user only.
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as { code?: unknown }).code
    : undefined;
}

export function createDiskStorage(options: DiskStorageOptions): FileStorage {
  if (!options.secret) throw new Error('Disk storage needs a signing secret');
  const root = resolve(options.root);
  const urlPrefix = (options.urlPrefix ?? '/api/files').replace(/\/+$/, '');
  const secret = options.secret;

  function pathOf(key: string): string {
    assertValidFileKey(key);
    const path = join(root, ...key.split('/'));
    // The key grammar already rules escapes out; this keeps it true if the grammar ever widens.
    if (!path.startsWith(root + sep)) throw new AppError('invalid_input', 'Invalid file key');
    return path;
  }

  function sign(key: string, expires: string): string {
    return createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  }

  return {
    async put(key, data) {
      // contentType is not kept on disk: the caller records it with the file's row.
      const path = pathOf(key);
      const dir = dirname(path);
      await mkdir(dir, { recursive: true, mode: DIR_MODE });
      // Write beside the target, flush, then rename: a reader sees the old file or the whole
      // new one, never a torn write. The leading '.' can never match a valid key.
      const temp = join(dir, `.${randomBytes(8).toString('hex')}.tmp`);
      const handle = await open(temp, 'wx', FILE_MODE);
      try {
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, path);
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
      // Make the rename itself durable; directories cannot be opened for sync on Windows.
      if (process.platform !== 'win32') {
        const dirHandle = await open(dir, 'r');
        try {
          await dirHandle.sync();
        } finally {
          await dirHandle.close();
        }
      }
      return { size: data.length };
    },

    async getStream(key): Promise<Readable> {
      const path = pathOf(key);
      try {
        // Opening first turns a missing file into not_found here rather than a stream error.
        const handle = await open(path, 'r');
        return handle.createReadStream();
      } catch (error) {
        if (errorCode(error) === 'ENOENT') throw new AppError('not_found', 'File not found');
        throw error;
      }
    },

    async delete(key) {
      const path = pathOf(key);
      try {
        await unlink(path);
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
      }
    },

    async signedUrl(key, { expiresInSeconds }) {
      assertValidFileKey(key);
      if (!Number.isFinite(expiresInSeconds) || expiresInSeconds <= 0) {
        throw new Error('expiresInSeconds must be a positive number');
      }
      const expires = String(Math.floor(Date.now() / 1000) + Math.ceil(expiresInSeconds));
      const query = new URLSearchParams({ expires, signature: sign(key, expires) });
      return `${urlPrefix}/${key}?${query.toString()}`;
    },

    verifySignedUrl(key, expires, signature) {
      if (!isValidFileKey(key) || typeof expires !== 'string' || typeof signature !== 'string') {
        return false;
      }
      if (!/^\d{1,15}$/.test(expires)) return false;
      if (Number(expires) <= Math.floor(Date.now() / 1000)) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
