import type { FastifyInstance } from 'fastify';
import type { ActivationResponse } from '#shared/schemas/journey.ts';
import { authenticateApplicant } from '../auth/applicant.ts';
import type { AppContext } from '../context.ts';
import { activation } from '../services/activation.ts';

export function registerActivation(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/activation', async (request): Promise<ActivationResponse> => {
    const session = await authenticateApplicant(ctx.db, request);
    return { ok: true, data: await activation(ctx.db, session.applicationId) };
  });
}
