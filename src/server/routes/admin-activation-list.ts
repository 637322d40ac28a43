import type { FastifyInstance } from 'fastify';
import { ZQueueRequest, type ActivationListResponse } from '#shared/schemas/admin.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminActivationList } from '../services/admin-activation-list.ts';

export function registerAdminActivationList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-activation-list', async (request): Promise<ActivationListResponse> => {
    const input = parseInput(ZQueueRequest, request.body);
    const page = await adminActivationList({
      db: ctx.db,
      input,
      staffId: staffOf(request).member.id,
    });
    return { ok: true, ...page, sla_hours: ctx.env.QUEUE_SLA_HOURS };
  });
}
