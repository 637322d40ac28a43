import type { FastifyInstance } from 'fastify';
import { ZInviteCodeRequest } from '#shared/schemas/apply.ts';
import type { VerifyCodeResponse } from '#shared/schemas/journey.ts';
import { setApplicantCookies } from '../auth/applicant.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { limitFor } from '../rate-limits.ts';
import { applyVerifyCode } from '../services/apply-verify-code.ts';

export function registerApplyVerifyCode(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/apply-verify-code',
    limitFor(ctx.env, 'apply-verify-code'),
    async (request, reply): Promise<VerifyCodeResponse> => {
      const { code } = parseInput(ZInviteCodeRequest, request.body);
      const { session, stage } = await applyVerifyCode(ctx.db, { code, ip: request.ip });
      setApplicantCookies(request, reply, session);
      return { ok: true, basic_id: session.applicationId, token: session.token, stage };
    },
  );
}
