import type { FastifyInstance } from 'fastify';
import { ZApplyBasicRequest } from '#shared/schemas/apply.ts';
import type { ApplyBasicResponse } from '#shared/schemas/journey.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { isHoneypotFilled } from '../lib/honeypot.ts';
import {
  APPLICATION_PER_EMAIL_WINDOW_MS,
  limitFor,
  MAGIC_LINKS_PER_EMAIL,
  scaledMax,
} from '../rate-limits.ts';
import { applyBasic } from '../services/apply-basic.ts';

export function registerApplyBasic(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/apply-basic',
    limitFor(ctx.env, 'apply-basic'),
    async (request): Promise<ApplyBasicResponse> => {
      // A bot is told it succeeded and nothing is kept or sent.
      if (isHoneypotFilled(request.body)) return { ok: true };
      const input = parseInput(ZApplyBasicRequest, request.body);
      const limited = ctx.env.RATE_LIMIT_SCALE > 0;
      const { id, queued } = await applyBasic({
        db: ctx.db,
        input,
        ip: request.ip,
        staffEmail: ctx.env.STAFF_EMAIL,
        publicUrl: ctx.env.PUBLIC_URL,
        secret: ctx.secrets.sessionSecret,
        duplicateWindowMs: limited ? APPLICATION_PER_EMAIL_WINDOW_MS : null,
        perEmail: limited
          ? {
              max: scaledMax(ctx.env, MAGIC_LINKS_PER_EMAIL.max),
              windowMs: MAGIC_LINKS_PER_EMAIL.windowMs,
            }
          : null,
      });
      if (queued) ctx.wakeMailer();
      // The same answer for a new application and a duplicate: `id` opens nothing either way.
      return { ok: true, basic_id: id };
    },
  );
}
