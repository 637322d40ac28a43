import type { FastifyInstance } from 'fastify';
import { ZMagicLinkRequest } from '#shared/schemas/apply.ts';
import { MAGIC_LINK_SENT_MESSAGE, type MagicLinkResponse } from '#shared/schemas/journey.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { limitFor, MAGIC_LINKS_PER_EMAIL, scaledMax } from '../rate-limits.ts';
import { applyMagicLink } from '../services/apply-magic-link.ts';

export function registerApplyMagicLink(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/apply-magic-link',
    limitFor(ctx.env, 'apply-magic-link'),
    async (request): Promise<MagicLinkResponse> => {
      const { email } = parseInput(ZMagicLinkRequest, request.body);
      const queued = await applyMagicLink({
        db: ctx.db,
        email,
        secret: ctx.secrets.sessionSecret,
        publicUrl: ctx.env.PUBLIC_URL,
        perEmail:
          ctx.env.RATE_LIMIT_SCALE > 0
            ? {
                max: scaledMax(ctx.env, MAGIC_LINKS_PER_EMAIL.max),
                windowMs: MAGIC_LINKS_PER_EMAIL.windowMs,
              }
            : null,
      });
      if (queued) ctx.wakeMailer();
      // The same answer whether or not the e-mail is known, or over its limit.
      return { ok: true, message: MAGIC_LINK_SENT_MESSAGE };
    },
  );
}
