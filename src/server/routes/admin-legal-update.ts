import type { FastifyInstance } from 'fastify';
import {
  LEGAL_HTML_MAX,
  ZLegalUpdateRequest,
  type LegalUpdateResponse,
} from '#shared/schemas/site.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminLegalUpdate } from '../services/admin-legal-update.ts';

/**
 * A whole document may be up to LEGAL_HTML_MAX characters, more than the server's usual body
 * limit once JSON-encoded. Only staff get this far: the guard runs before the body is read.
 */
const BODY_LIMIT = 4 * LEGAL_HTML_MAX + 64 * 1024;

export function registerAdminLegalUpdate(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/admin-legal-update',
    { bodyLimit: BODY_LIMIT },
    async (request): Promise<LegalUpdateResponse> => {
      const { actor } = staffOf(request);
      const input = parseInput(ZLegalUpdateRequest, request.body);
      const document = await adminLegalUpdate({ db: ctx.db, actor, input });
      return { ok: true, document };
    },
  );
}
