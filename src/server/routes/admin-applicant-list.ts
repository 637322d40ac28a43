import type { FastifyInstance } from 'fastify';
import { ZApplicantListRequest, type ApplicantListResponse } from '#shared/schemas/admin-lists.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminApplicantList } from '../services/admin-applicant-list.ts';

export function registerAdminApplicantList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-applicant-list', async (request): Promise<ApplicantListResponse> => {
    const input = parseInput(ZApplicantListRequest, request.body);
    return { ok: true, ...(await adminApplicantList({ db: ctx.db, input })) };
  });
}
