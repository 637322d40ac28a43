import type { FastifyInstance } from 'fastify';
import { ZContactRequest } from '#shared/schemas/contact.ts';
import type { ContactResponse } from '#shared/schemas/site.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { isHoneypotFilled } from '../lib/honeypot.ts';
import { limitFor } from '../rate-limits.ts';
import { contact } from '../services/contact.ts';

export function registerContact(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/contact',
    limitFor(ctx.env, 'contact'),
    async (request): Promise<ContactResponse> => {
      // A bot is told it succeeded and nothing is kept or sent.
      if (isHoneypotFilled(request.body)) return { ok: true };
      const input = parseInput(ZContactRequest, request.body);
      const { id } = await contact({
        db: ctx.db,
        input,
        staffEmail: ctx.env.STAFF_EMAIL,
        publicUrl: ctx.env.PUBLIC_URL,
      });
      ctx.wakeMailer();
      return { ok: true, id };
    },
  );
}
