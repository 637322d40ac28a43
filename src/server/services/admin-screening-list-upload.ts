import type { ScreeningListUploadResponse } from '#shared/schemas/screening.ts';
import type { Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { importListFiles, type ListFile } from '../screening/lists.ts';
import { ListFormatError } from '../screening/types.ts';

/** A file's own name, without any folder a browser may send, for the version's `source`. */
function baseName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return (base || 'upload').slice(0, 200);
}

/**
 * `admin-screening-list-upload` (owner, compliance): loads one list's files as its next version
 * (CONTRACT §8). A file that cannot be read is a 400 saying why, and changes nothing.
 */
export async function adminScreeningListUpload(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  files: ListFile[];
}): Promise<ScreeningListUploadResponse & { created: boolean }> {
  const files = options.files.map((file) => ({ ...file, name: baseName(file.name) }));
  try {
    const result = await importListFiles(options.db, files, {
      source: files.map((file) => file.name).join(', '),
      loadedBy: options.actor.id,
      actor: options.actor,
    });
    return {
      ok: true,
      list: result.list,
      version: result.version,
      entries: result.entries,
      // Not in the answer: whether this load made a new version (the route wakes the screening).
      created: result.created,
    };
  } catch (error) {
    if (error instanceof ListFormatError) {
      throw new AppError('invalid_input', error.message, { details: { file: error.message } });
    }
    throw error;
  }
}
