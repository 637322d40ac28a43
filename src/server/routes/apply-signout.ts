import type { FastifyInstance } from 'fastify';
import type { ApplySignoutResponse } from '#shared/schemas/journey.ts';
import { applicantTokenOf, clearApplicantCookies } from '../auth/applicant.ts';
import type { AppContext } from '../context.ts';
import { applySignout } from '../services/apply-signout.ts';

export function registerApplySignout(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/apply-signout', async (request, reply): Promise<ApplySignoutResponse> => {
    await applySignout(ctx.db, { token: applicantTokenOf(request), ip: request.ip });
    // Whatever the token was, this browser forgets it: signing out twice is no error.
    clearApplicantCookies(request, reply);
    return { ok: true };
  });
}
