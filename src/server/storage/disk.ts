import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../errors.ts';
import { syncDirectory } from '../lib/sync-dir.ts';
import { assertValidFileKey, type FileStorage } from './storage.ts';

export interface DiskStorageOptions {
  /** Directory the files live under, e.g. `${DATA_DIR}/files`. */
  root: string;
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
  const root = resolve(options.root);

  function pathOf(key: string): string {
    assertValidFileKey(key);
    const path = join(root, ...key.split('/'));
    // The key grammar already rules escapes out; this keeps it true if the grammar ever widens.
    if (!path.startsWith(root + sep)) throw new AppError('invalid_input', 'Invalid file key');
    return path;
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
      let size: number;
      try {
        try {
          // A stream is written chunk by chunk as it is read.
          await handle.writeFile(data);
          await handle.sync();
          size = (await handle.stat()).size;
        } finally {
          await handle.close();
        }
        await rename(temp, path);
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
      // Make the rename itself durable.
      await syncDirectory(dir);
      return { size };
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
  };
}
