import type { FastifyInstance } from 'fastify';
import { ZEoiRequest, type EoiResponse } from '#shared/schemas/site.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { isHoneypotFilled } from '../lib/honeypot.ts';
import { limitFor } from '../rate-limits.ts';
import { eoi } from '../services/eoi.ts';

export function registerEoi(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/eoi', limitFor(ctx.env, 'eoi'), async (request): Promise<EoiResponse> => {
    // A bot is told it succeeded and nothing is kept or sent.
    if (isHoneypotFilled(request.body)) return { ok: true };
    const input = parseInput(ZEoiRequest, request.body);
    const { id } = await eoi({
      db: ctx.db,
      input,
      staffEmail: ctx.env.STAFF_EMAIL,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    ctx.wakeMailer();
    return { ok: true, id };
  });
}
