import { routeOf } from '#shared/calls.ts';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ASSET_MAX_BYTES,
  ASSET_MISSING_MESSAGE,
  ASSET_TOO_LARGE_MESSAGE,
  ZAssetTier,
  type AssetUploadResponse,
} from '#shared/schemas/admin-lists.ts';
import { z } from '#shared/schemas/zod.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { AppError, parseInput } from '../errors.ts';
import { readMultipartForm } from '../http/multipart-form.ts';
import { adminAssetUpload } from '../services/admin-asset-upload.ts';

/** Room for the multipart framing and the small fields around the file. */
const FORM_OVERHEAD = 64 * 1024;

const ZAssetUploadFields = z.object({ tier: ZAssetTier });

function missing(field: string): AppError {
  return new AppError('invalid_input', ASSET_MISSING_MESSAGE, {
    details: { [field]: ASSET_MISSING_MESSAGE },
  });
}

type Upload = { data: Buffer; fileName: string; claimedType: string };

/**
 * Reads `tier` and `file` (in either order). The file is counted as it streams in and reading
 * stops at ASSET_MAX_BYTES, so an oversized upload is never held whole.
 */
const readForm = (request: FastifyRequest) =>
  readMultipartForm<Upload>(request, {
    fileField: 'file',
    readFile: async (part: MultipartFile) => ({
      data: await part.toBuffer(),
      fileName: part.filename,
      claimedType: part.mimetype,
    }),
    tooLarge: () => new AppError('too_large', ASSET_TOO_LARGE_MESSAGE),
    malformed: () => missing('file'),
  });

/**
 * `admin-asset-upload` (multipart: `file`, `tier`). Multipart parsing exists only in this
 * route's scope, limited to one card image.
 */
export function registerAdminAssetUpload(app: FastifyInstance, ctx: AppContext) {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: ASSET_MAX_BYTES,
        files: 2,
        fields: 4,
        fieldSize: 1024,
        parts: 6,
        headerPairs: 100,
      },
    });
    scope.post(routeOf('admin-asset-upload'), async (request): Promise<AssetUploadResponse> => {
      const { actor } = staffOf(request);
      // A declared length over the limit is refused before a byte of it is read.
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > ASSET_MAX_BYTES + FORM_OVERHEAD) {
        throw new AppError('too_large', ASSET_TOO_LARGE_MESSAGE);
      }
      if (!request.isMultipart()) throw missing('file');

      const { fields, file } = await readForm(request);
      const { tier } = parseInput(ZAssetUploadFields, fields);
      if (!file || file.data.length === 0) throw missing('file');
      const asset = await adminAssetUpload({
        db: ctx.db,
        storage: ctx.storage,
        actor,
        tier,
        ...file,
      });
      return { ok: true, asset };
    });
  });
}
