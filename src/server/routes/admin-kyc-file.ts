import { routeOf } from '#shared/calls.ts';
import type { FastifyInstance } from 'fastify';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { adminKycFile } from '../services/admin-kyc-file.ts';

/** Opened on its own, a file must never run anything, load anything or be framed. */
const IMAGE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";
// Browsers refuse to show a PDF in a sandboxed document, so PDFs get everything else.
const PDF_CSP = "default-src 'none'; object-src 'self'; frame-ancestors 'none'";

/**
 * `GET /api/admin-kyc-file/:id` (staff guard): streams an identity file with its stored type.
 * Never cached anywhere, never sniffed as another type, shown inline for review.
 */
export function registerAdminKycFile(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { id: string } }>(routeOf('admin-kyc-file'), async (request, reply) => {
    const { stream, contentType, fileName } = await adminKycFile({
      db: ctx.db,
      storage: ctx.storage,
      id: request.params.id,
      actor: staffOf(request).actor,
    });
    return reply
      .header('content-type', contentType)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${fileName}"`)
      .header('content-security-policy', contentType === 'application/pdf' ? PDF_CSP : IMAGE_CSP)
      .send(stream);
  });
}
