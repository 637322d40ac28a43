import type { FastifyInstance } from 'fastify';
import {
  ZApplicantEraseRequest,
  type ApplicantEraseResponse,
} from '#shared/schemas/data-protection.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminApplicantErase } from '../services/admin-applicant-erase.ts';

export function registerAdminApplicantErase(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-applicant-erase', async (request): Promise<ApplicantEraseResponse> => {
    const { actor } = staffOf(request);
    const input = parseInput(ZApplicantEraseRequest, request.body);
    const id = await adminApplicantErase({
      db: ctx.db,
      actor,
      applicationId: input.basic_id,
      reason: input.reason,
    });
    return { ok: true, request_id: id };
  });
}
