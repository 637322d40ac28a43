import type { FastifyInstance } from 'fastify';
import { ZBasicIdRequest, type StaffOkResponse } from '#shared/schemas/admin.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminApplicantResendLink } from '../services/admin-applicant-resend-link.ts';

export function registerAdminApplicantResendLink(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-applicant-resend-link', async (request): Promise<StaffOkResponse> => {
    const { actor } = staffOf(request);
    const input = parseInput(ZBasicIdRequest, request.body);
    await adminApplicantResendLink({
      db: ctx.db,
      actor,
      applicationId: input.basic_id,
      secret: ctx.secrets.sessionSecret,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    ctx.wakeMailer();
    return { ok: true };
  });
}
