import type { FastifyInstance } from 'fastify';
import type { StaffOkResponse } from '#shared/schemas/admin.ts';
import { ZSanctionsClearRequest } from '#shared/schemas/staff.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminSanctionsClear } from '../services/admin-sanctions-clear.ts';

export function registerAdminSanctionsClear(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-sanctions-clear', async (request): Promise<StaffOkResponse> => {
    const { actor } = staffOf(request);
    const input = parseInput(ZSanctionsClearRequest, request.body);
    await adminSanctionsClear({
      db: ctx.db,
      actor,
      applicationId: input.basic_id,
      reason: input.reason,
    });
    return { ok: true };
  });
}
