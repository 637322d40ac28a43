import type { FastifyInstance } from 'fastify';
import type { ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import { authenticateApplicant } from '../auth/applicant.ts';
import type { AppContext } from '../context.ts';
import { applyGetStage, assertOwnApplication } from '../services/apply-get-stage.ts';

export function registerApplyGetStage(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/apply-get-stage', async (request): Promise<ApplyGetStageResponse> => {
    const session = await authenticateApplicant(ctx.db, request);
    assertOwnApplication(session, request.body);
    return applyGetStage(ctx.db, {
      applicationId: session.applicationId,
      kycProvider: ctx.env.KYC_PROVIDER,
    });
  });
}
