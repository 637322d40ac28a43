import type { FastifyInstance } from 'fastify';
import { ZOfferActionRequest } from '#shared/schemas/apply.ts';
import type { OfferActionResponse } from '#shared/schemas/journey.ts';
import { authenticateApplicant } from '../auth/applicant.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { assertOwnApplication } from '../services/apply-get-stage.ts';
import { applyOfferAction } from '../services/apply-offer-action.ts';

/** Enough of a user agent to recognise the browser; the header is attacker-chosen. */
const USER_AGENT_MAX = 512;

export function registerApplyOfferAction(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/apply-offer-action', async (request): Promise<OfferActionResponse> => {
    const session = await authenticateApplicant(ctx.db, request);
    assertOwnApplication(session, request.body);
    const input = parseInput(ZOfferActionRequest, request.body);
    const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;
    const { stage, tier } = await applyOfferAction(ctx.db, {
      applicationId: session.applicationId,
      input,
      ip: request.ip,
      userAgent,
      staffEmail: ctx.env.STAFF_EMAIL,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    ctx.wakeMailer();
    return { ok: true, stage, tier };
  });
}
