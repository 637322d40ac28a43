import type { FastifyInstance } from 'fastify';
import { ZMailRetryRequest, type MailRetryResponse } from '#shared/schemas/mail.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminEmailRetry } from '../services/admin-email-retry.ts';

export function registerAdminEmailRetry(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-email-retry', async (request): Promise<MailRetryResponse> => {
    const input = parseInput(ZMailRetryRequest, request.body);
    const { retried } = await adminEmailRetry({
      db: ctx.db,
      input,
      staff: staffOf(request),
      wakeMailer: ctx.wakeMailer,
    });
    return { ok: true, retried };
  });
}
