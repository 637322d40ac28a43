import type { FastifyInstance } from 'fastify';
import { ZAuditListRequest, type AuditListResponse } from '#shared/schemas/audit.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminAuditList } from '../services/admin-audit-list.ts';

export function registerAdminAuditList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-audit-list', async (request): Promise<AuditListResponse> => {
    const input = parseInput(ZAuditListRequest, request.body);
    return { ok: true, ...(await adminAuditList({ db: ctx.db, input })) };
  });
}
