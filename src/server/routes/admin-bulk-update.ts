import type { FastifyInstance } from 'fastify';
import { ZBulkUpdateRequest, type BulkUpdateResponse } from '#shared/schemas/admin-lists.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminBulkUpdate } from '../services/admin-bulk-update.ts';

export function registerAdminBulkUpdate(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-bulk-update', async (request): Promise<BulkUpdateResponse> => {
    const input = parseInput(ZBulkUpdateRequest, request.body);
    return { ok: true, ...(await adminBulkUpdate({ db: ctx.db, input, staff: staffOf(request) })) };
  });
}
