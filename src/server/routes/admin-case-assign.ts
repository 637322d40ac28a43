import type { FastifyInstance } from 'fastify';
import { ZCaseAssignRequest, type CaseAssignResponse } from '#shared/schemas/case.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminCaseAssign } from '../services/admin-case-assign.ts';

export function registerAdminCaseAssign(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-case-assign', async (request): Promise<CaseAssignResponse> => {
    const staff = staffOf(request);
    const input = parseInput(ZCaseAssignRequest, request.body);
    const assignee = await adminCaseAssign({
      db: ctx.db,
      staff,
      applicationId: input.basic_id,
      action: input.action,
      takeover: input.takeover ?? false,
    });
    return { ok: true, assignee };
  });
}
