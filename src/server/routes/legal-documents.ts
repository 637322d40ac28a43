import type { FastifyInstance } from 'fastify';
import type { LegalDocumentsResponse } from '#shared/schemas/site.ts';
import type { AppContext } from '../context.ts';
import { listLegalDocuments } from '../services/legal-documents.ts';

/** `GET /api/legal-documents`: the spec's direct read of every legal document. */
export function registerLegalDocuments(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/legal-documents', async (): Promise<LegalDocumentsResponse> => {
    return { ok: true, data: await listLegalDocuments({ db: ctx.db }) };
  });
}
