import type { FastifyInstance } from 'fastify';
import { ZApplicantCaseRequest, type ApplicantCaseResponse } from '#shared/schemas/case.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminApplicantCase } from '../services/admin-applicant-case.ts';

export function registerAdminApplicantCase(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-applicant-case', async (request): Promise<ApplicantCaseResponse> => {
    const { member } = staffOf(request);
    const input = parseInput(ZApplicantCaseRequest, request.body);
    const found = await adminApplicantCase({
      db: ctx.db,
      applicationId: input.basic_id,
      role: member.role,
    });
    return { ok: true, ...found };
  });
}
