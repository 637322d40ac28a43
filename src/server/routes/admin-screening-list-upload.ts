import { routeOf } from '#shared/calls.ts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SCREENING_FILE_MISSING,
  SCREENING_UPLOAD_MAX_BYTES,
  type ScreeningListUploadResponse,
} from '#shared/schemas/screening.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { ListFile } from '../screening/lists.ts';
import { adminScreeningListUpload } from '../services/admin-screening-list-upload.ts';

/** Room for the multipart framing around the files. */
const FORM_OVERHEAD = 64 * 1024;
/** An upload is one list: at most the SDN and alternate-names files, with room to spare. */
const MAX_FILES = 4;

export const SCREENING_UPLOAD_TOO_LARGE = `List files may be up to ${
  SCREENING_UPLOAD_MAX_BYTES / 1024 / 1024
} MB together.`;

const missing = () =>
  new AppError('invalid_input', SCREENING_FILE_MISSING, {
    details: { file: SCREENING_FILE_MISSING },
  });
const tooLarge = () => new AppError('too_large', SCREENING_UPLOAD_TOO_LARGE);

/**
 * Every `file` part (other parts are read to nothing). The files are counted as they stream in
 * and reading stops once they pass SCREENING_UPLOAD_MAX_BYTES together, so an oversized upload
 * is never held whole. A body that is not a well-formed form is the client's mistake: a 400.
 */
async function readFiles(request: FastifyRequest): Promise<ListFile[]> {
  const files: ListFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > SCREENING_UPLOAD_MAX_BYTES) throw tooLarge();
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge();
      files.push({ name: part.filename, bytes: Buffer.concat(chunks) });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Too many parts, files or fields: the handler's generic 413.
    if (statusCode === 413) throw error;
    throw missing();
  }
  return files;
}

/**
 * `admin-screening-list-upload` (multipart: `file`, one or more; owner or compliance through the
 * staff guard). Multipart parsing exists only in this route's scope, with its own limits.
 */
export function registerAdminScreeningListUpload(app: FastifyInstance, ctx: AppContext) {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: SCREENING_UPLOAD_MAX_BYTES,
        files: MAX_FILES,
        fields: 4,
        fieldSize: 1024,
        parts: MAX_FILES + 4,
        headerPairs: 100,
      },
    });
    scope.post(
      routeOf('admin-screening-list-upload'),
      async (request): Promise<ScreeningListUploadResponse> => {
        const { actor } = staffOf(request);
        // A declared length over the limit is refused before a byte of it is read.
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > SCREENING_UPLOAD_MAX_BYTES + FORM_OVERHEAD) throw tooLarge();
        if (!request.isMultipart()) throw missing();
        const files = await readFiles(request);
        if (files.length === 0) throw missing();
        const loaded = await adminScreeningListUpload({ db: ctx.db, actor, files });
        // A new version: everyone is screened against it now, not at the next round.
        if (loaded.created) ctx.wakeScreening();
        return { ok: true, list: loaded.list, version: loaded.version, entries: loaded.entries };
      },
    );
  });
}
