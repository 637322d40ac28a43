import type { FastifyInstance } from 'fastify';
import type { OfferListResponse } from '../../shared/schemas/admin.ts';
import type { AppContext } from '../context.ts';
import { adminOfferList } from '../services/admin-offer-list.ts';

export function registerAdminOfferList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-offer-list', async (): Promise<OfferListResponse> => {
    return { ok: true, data: await adminOfferList({ db: ctx.db }) };
  });
}
