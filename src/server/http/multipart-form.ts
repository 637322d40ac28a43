import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export interface MultipartFormOptions<F> {
  /** The one file part that is kept; any other file part is read to nothing. */
  fileField: string;
  readFile(part: MultipartFile): Promise<F>;
  /** The answer when the file is over its size limit. */
  tooLarge(): AppError;
  /** The answer when the body is not a readable form (no or wrong boundary, cut short). */
  malformed(): AppError;
}

/**
 * Reads a multipart form's text fields and its one file, in either order. A body that is not
 * a well-formed form is the client's mistake, whatever the parser calls it: it gets the
 * route's own 4xx answer, never a 500.
 */
export async function readMultipartForm<F>(
  request: FastifyRequest,
  options: MultipartFormOptions<F>,
): Promise<{ fields: Record<string, string>; file: F | undefined }> {
  const fields: Record<string, string> = {};
  let file: F | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === options.fileField && file === undefined) {
          file = await options.readFile(part);
        } else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw options.tooLarge();
    // Too many parts, files or fields: the handler's generic 413.
    if (statusCode === 413) throw error;
    throw options.malformed();
  }
  return { fields, file };
}
