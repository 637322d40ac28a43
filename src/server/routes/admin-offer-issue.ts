import type { FastifyInstance } from 'fastify';
import { ZOfferIssueRequest } from '#shared/schemas/admin.ts';
import type { OfferIssueResponse } from '#shared/schemas/staff.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminOfferIssue } from '../services/admin-offer-issue.ts';

export function registerAdminOfferIssue(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-offer-issue', async (request): Promise<OfferIssueResponse> => {
    const { actor } = staffOf(request);
    const input = parseInput(ZOfferIssueRequest, request.body);
    const status = await adminOfferIssue({
      db: ctx.db,
      actor,
      applicationId: input.basic_id,
      tier: input.tier,
      pricingNote: input.pricing_note,
      publicUrl: ctx.env.PUBLIC_URL,
      secret: ctx.secrets.sessionSecret,
    });
    ctx.wakeMailer();
    return { ok: true, status };
  });
}
