import type { FastifyInstance } from 'fastify';
import type { ApplyStatusResponse } from '#shared/schemas/journey.ts';
import { authenticateApplicant } from '../auth/applicant.ts';
import type { AppContext } from '../context.ts';
import { applyStatus } from '../services/apply-status.ts';

export function registerApplyStatus(app: FastifyInstance, ctx: AppContext) {
  // The review screen's 8 s poll (SPEC §4): one indexed read.
  app.get('/api/apply-status', async (request): Promise<ApplyStatusResponse> => {
    const session = await authenticateApplicant(ctx.db, request);
    return { ok: true, stage: await applyStatus(ctx.db, session.applicationId) };
  });
}
