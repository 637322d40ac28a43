import type { FastifyInstance } from 'fastify';
import { ZOverrideTierRequest, type StaffOkResponse } from '#shared/schemas/admin.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminApplicantOverrideTier } from '../services/admin-applicant-override-tier.ts';

export function registerAdminApplicantOverrideTier(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-applicant-override-tier', async (request): Promise<StaffOkResponse> => {
    const { actor } = staffOf(request);
    const input = parseInput(ZOverrideTierRequest, request.body);
    await adminApplicantOverrideTier({
      db: ctx.db,
      actor,
      applicationId: input.basic_id,
      tier: input.tier,
      reason: input.reason,
    });
    return { ok: true };
  });
}
