import type { FastifyInstance } from 'fastify';
import {
  ZApplicantDeclineRequest,
  type ApplicantDeclineResponse,
} from '#shared/schemas/data-protection.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminApplicantDecline } from '../services/admin-applicant-decline.ts';

export function registerAdminApplicantDecline(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-applicant-decline', async (request): Promise<ApplicantDeclineResponse> => {
    const { actor } = staffOf(request);
    const input = parseInput(ZApplicantDeclineRequest, request.body);
    const stage = await adminApplicantDecline({
      db: ctx.db,
      actor,
      applicationId: input.basic_id,
      reason: input.reason,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    ctx.wakeMailer();
    return { ok: true, stage };
  });
}
