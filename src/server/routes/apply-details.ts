import type { FastifyInstance } from 'fastify';
import { ZApplyDetailsRequest, type ApplyDetailsResponse } from '#shared/schemas/journey.ts';
import { authenticateApplicant } from '../auth/applicant.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { applyDetails } from '../services/apply-details.ts';
import { assertOwnApplication } from '../services/apply-get-stage.ts';

export function registerApplyDetails(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/apply-details', async (request): Promise<ApplyDetailsResponse> => {
    const session = await authenticateApplicant(ctx.db, request);
    assertOwnApplication(session, request.body);
    const input = parseInput(ZApplyDetailsRequest, request.body);
    const { stage, queued } = await applyDetails(ctx.db, {
      session,
      input,
      ip: request.ip,
      secret: ctx.secrets.sessionSecret,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    if (queued) ctx.wakeMailer();
    return { ok: true, stage };
  });
}
