import type { FastifyInstance } from 'fastify';
import { ZIdentityApproveRequest, type IdentityApproveResponse } from '#shared/schemas/case.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminIdentityApprove } from '../services/admin-identity-approve.ts';

export function registerAdminIdentityApprove(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-identity-approve', async (request): Promise<IdentityApproveResponse> => {
    const { actor } = staffOf(request);
    const input = parseInput(ZIdentityApproveRequest, request.body);
    const stage = await adminIdentityApprove({
      db: ctx.db,
      actor,
      applicationId: input.basic_id,
      reason: input.reason,
    });
    return { ok: true, stage };
  });
}
