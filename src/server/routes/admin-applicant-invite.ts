import type { FastifyInstance } from 'fastify';
import { ZBasicIdRequest, type ApplicantInviteResponse } from '#shared/schemas/admin.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminApplicantInvite } from '../services/admin-applicant-invite.ts';

export function registerAdminApplicantInvite(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-applicant-invite', async (request): Promise<ApplicantInviteResponse> => {
    const { actor } = staffOf(request);
    const input = parseInput(ZBasicIdRequest, request.body);
    const { code } = await adminApplicantInvite({
      db: ctx.db,
      actor,
      applicationId: input.basic_id,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    ctx.wakeMailer();
    return { ok: true, code };
  });
}
