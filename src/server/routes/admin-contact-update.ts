import type { FastifyInstance } from 'fastify';
import type { ApiSuccess } from '#shared/api.ts';
import { ZInboxUpdateRequest } from '#shared/schemas/admin-lists.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminContactUpdate } from '../services/admin-contact-update.ts';

export function registerAdminContactUpdate(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-contact-update', async (request): Promise<ApiSuccess> => {
    const input = parseInput(ZInboxUpdateRequest, request.body);
    await adminContactUpdate({ db: ctx.db, input, staff: staffOf(request) });
    return { ok: true };
  });
}
