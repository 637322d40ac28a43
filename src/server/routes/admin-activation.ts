import type { FastifyInstance } from 'fastify';
import { ZActivationRequest, type StaffOkResponse } from '#shared/schemas/admin.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminActivation } from '../services/admin-activation.ts';

export function registerAdminActivation(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-activation', async (request): Promise<StaffOkResponse> => {
    const { actor } = staffOf(request);
    const input = parseInput(ZActivationRequest, request.body);
    await adminActivation({
      db: ctx.db,
      actor,
      applicationId: input.basic_id,
      cardLast4: input.card_last4,
      tracking: input.card_shipment_tracking,
      mobileAccessEnabled: input.mobile_access_enabled,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    ctx.wakeMailer();
    return { ok: true };
  });
}
