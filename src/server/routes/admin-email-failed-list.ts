import type { FastifyInstance } from 'fastify';
import { ZFailedMailListRequest, type FailedMailListResponse } from '#shared/schemas/mail.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminEmailFailedList } from '../services/admin-email-failed-list.ts';

export function registerAdminEmailFailedList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-email-failed-list', async (request): Promise<FailedMailListResponse> => {
    const input = parseInput(ZFailedMailListRequest, request.body);
    return { ok: true, ...(await adminEmailFailedList({ db: ctx.db, input })) };
  });
}
