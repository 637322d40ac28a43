import type { FastifyInstance } from 'fastify';
import type { ActivationListResponse } from '../../shared/schemas/admin.ts';
import type { AppContext } from '../context.ts';
import { adminActivationList } from '../services/admin-activation-list.ts';

export function registerAdminActivationList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-activation-list', async (): Promise<ActivationListResponse> => {
    return { ok: true, data: await adminActivationList({ db: ctx.db }) };
  });
}
