import type { FastifyInstance } from 'fastify';
import { ZBasicIdRequest, type StaffOkResponse } from '#shared/schemas/admin.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminOfferApprove } from '../services/admin-offer-approve.ts';

export function registerAdminOfferApprove(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-offer-approve', async (request): Promise<StaffOkResponse> => {
    const { actor } = staffOf(request);
    const { basic_id } = parseInput(ZBasicIdRequest, request.body);
    await adminOfferApprove({
      db: ctx.db,
      actor,
      applicationId: basic_id,
      publicUrl: ctx.env.PUBLIC_URL,
      secret: ctx.secrets.sessionSecret,
    });
    ctx.wakeMailer();
    return { ok: true };
  });
}
