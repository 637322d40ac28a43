import type { FastifyInstance } from 'fastify';
import { ZApplySessionRequest, type ApplySessionResponse } from '#shared/schemas/journey.ts';
import { setApplicantCookies } from '../auth/applicant.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { limitFor } from '../rate-limits.ts';
import { applySession } from '../services/apply-session.ts';

export function registerApplySession(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/apply-session',
    limitFor(ctx.env, 'apply-session'),
    async (request, reply): Promise<ApplySessionResponse> => {
      const { sid } = parseInput(ZApplySessionRequest, request.body);
      const session = await applySession(ctx.db, {
        sid,
        secret: ctx.secrets.sessionSecret,
        ip: request.ip,
      });
      setApplicantCookies(request, reply, session);
      return { ok: true, basic_id: session.applicationId, token: session.token };
    },
  );
}
