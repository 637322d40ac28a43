import type { FastifyInstance } from 'fastify';
import type { KycStartResponse } from '#shared/schemas/journey.ts';
import { authenticateApplicant } from '../auth/applicant.ts';
import type { AppContext } from '../context.ts';
import { kycProvider } from '../kyc/provider.ts';
import { limitFor } from '../rate-limits.ts';
import { applyKycStart } from '../services/apply-kyc-start.ts';
import { assertOwnApplication } from '../services/apply-get-stage.ts';

export function registerApplyKycStart(app: FastifyInstance, ctx: AppContext) {
  const provider = kycProvider(ctx.env);
  app.post(
    '/api/apply-kyc-start',
    limitFor(ctx.env, 'apply-kyc-start'),
    async (request): Promise<KycStartResponse> => {
      const session = await authenticateApplicant(ctx.db, request);
      assertOwnApplication(session, request.body);
      return applyKycStart({
        db: ctx.db,
        withLock: ctx.database.withLock,
        provider,
        applicationId: session.applicationId,
        actor: { type: 'applicant', id: session.applicationId, ip: request.ip },
      });
    },
  );
}
