import type { FastifyInstance } from 'fastify';
import { ZEmailTestRequest, type EmailTestResponse } from '#shared/schemas/admin-lists.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminEmailTest } from '../services/admin-email-test.ts';

/** `admin-email-test` {kind, name, email}. */
export function registerAdminEmailTest(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-email-test', async (request): Promise<EmailTestResponse> => {
    const { actor } = staffOf(request);
    const input = parseInput(ZEmailTestRequest, request.body);
    const { to } = await adminEmailTest({
      db: ctx.db,
      actor,
      input,
      staffEmail: ctx.env.STAFF_EMAIL,
      publicUrl: ctx.env.PUBLIC_URL,
    });
    ctx.wakeMailer();
    return { ok: true, to };
  });
}
