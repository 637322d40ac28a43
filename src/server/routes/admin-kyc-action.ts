import type { FastifyInstance } from 'fastify';
import { ZKycActionRequest, type KycActionResponse } from '#shared/schemas/admin.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminKycAction } from '../services/admin-kyc-action.ts';

export function registerAdminKycAction(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-kyc-action', async (request): Promise<KycActionResponse> => {
    const input = parseInput(ZKycActionRequest, request.body);
    const { mailed, ...result } = await adminKycAction({
      db: ctx.db,
      input,
      staff: staffOf(request),
      secret: ctx.secrets.sessionSecret,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    if (mailed) ctx.wakeMailer();
    return { ok: true, ...result };
  });
}
