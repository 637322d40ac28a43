import type { FastifyInstance } from 'fastify';
import { ZQueueRequest, type OfferListResponse } from '#shared/schemas/admin.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminOfferList } from '../services/admin-offer-list.ts';

export function registerAdminOfferList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-offer-list', async (request): Promise<OfferListResponse> => {
    const input = parseInput(ZQueueRequest, request.body);
    const page = await adminOfferList({ db: ctx.db, input, staffId: staffOf(request).member.id });
    return { ok: true, ...page, sla_hours: ctx.env.QUEUE_SLA_HOURS };
  });
}
