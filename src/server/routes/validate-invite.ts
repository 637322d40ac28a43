import type { FastifyInstance } from 'fastify';
import { ZInviteCodeRequest } from '#shared/schemas/apply.ts';
import type { ValidateInviteResponse } from '#shared/schemas/journey.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { limitFor } from '../rate-limits.ts';
import { validateInvite } from '../services/validate-invite.ts';

export function registerValidateInvite(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/validate-invite',
    limitFor(ctx.env, 'validate-invite'),
    async (request): Promise<ValidateInviteResponse> => {
      const { code } = parseInput(ZInviteCodeRequest, request.body);
      await validateInvite(ctx.db, code);
      return { ok: true, valid: true };
    },
  );
}
