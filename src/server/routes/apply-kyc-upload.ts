import { routeOf } from '#shared/calls.ts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  KYC_MAX_BYTES,
  KYC_MISSING_FILE_MESSAGE,
  KYC_TOO_LARGE_MESSAGE,
  ZKycUploadFields,
  type KycUploadResponse,
} from '#shared/schemas/journey.ts';
import { authenticateApplicant } from '../auth/applicant.ts';
import type { AppContext } from '../context.ts';
import { AppError, parseInput } from '../errors.ts';
import { readMultipartForm } from '../http/multipart-form.ts';
import { kycProvider } from '../kyc/provider.ts';
import { limitFor } from '../rate-limits.ts';
import { applyKycUpload, assertMayUpload } from '../services/apply-kyc-upload.ts';
import { assertOwnApplication } from '../services/apply-get-stage.ts';

/** Room for the multipart framing and the small fields around the file. */
const FORM_OVERHEAD = 64 * 1024;

export const KYC_UPLOADS_ELSEWHERE_MESSAGE =
  'Identity documents are collected by our verification partner. Please use Start verification.';

const readForm = (request: FastifyRequest) =>
  readMultipartForm(request, {
    fileField: 'file',
    readFile: (part) => part.toBuffer(),
    tooLarge: () => new AppError('too_large', KYC_TOO_LARGE_MESSAGE),
    malformed: () =>
      new AppError('invalid_input', KYC_MISSING_FILE_MESSAGE, {
        details: { file: KYC_MISSING_FILE_MESSAGE },
      }),
  });

/**
 * `apply-kyc-upload` (multipart: `type`, `file`). Multipart parsing exists only in this route's
 * scope, with limits that stop reading at 10 MB: no other route accepts a file.
 */
export function registerApplyKycUpload(app: FastifyInstance, ctx: AppContext) {
  const provider = kycProvider(ctx.env);
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: KYC_MAX_BYTES,
        files: 2,
        fields: 4,
        fieldSize: 1024,
        parts: 6,
        headerPairs: 100,
      },
    });
    scope.post(
      routeOf('apply-kyc-upload'),
      limitFor(ctx.env, 'apply-kyc-upload'),
      async (request): Promise<KycUploadResponse> => {
        const session = await authenticateApplicant(ctx.db, request);
        if (!provider.acceptsUploads) throw new AppError('conflict', KYC_UPLOADS_ELSEWHERE_MESSAGE);
        // A declared length over the limit is refused before a byte of it is read.
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > KYC_MAX_BYTES + FORM_OVERHEAD) {
          throw new AppError('too_large', KYC_TOO_LARGE_MESSAGE);
        }
        if (!request.isMultipart()) throw new AppError('invalid_input', KYC_MISSING_FILE_MESSAGE);
        await assertMayUpload(ctx.db, session.applicationId);

        const { fields, file: data } = await readForm(request);
        assertOwnApplication(session, fields);
        const { type } = parseInput(ZKycUploadFields, fields);
        if (!data || data.length === 0) {
          throw new AppError('invalid_input', KYC_MISSING_FILE_MESSAGE, {
            details: { file: KYC_MISSING_FILE_MESSAGE },
          });
        }
        const { id } = await applyKycUpload({
          db: ctx.db,
          storage: ctx.storage,
          applicationId: session.applicationId,
          type,
          data,
          actor: { type: 'applicant', id: session.applicationId, ip: request.ip },
        });
        return { ok: true, id };
      },
    );
  });
}
