import type { FastifyInstance } from 'fastify';
import type { InviteListResponse } from '#shared/schemas/admin.ts';
import type { AppContext } from '../context.ts';
import { adminInviteList } from '../services/admin-invite-list.ts';

export function registerAdminInviteList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-invite-list', async (): Promise<InviteListResponse> => {
    return { ok: true, codes: await adminInviteList({ db: ctx.db }) };
  });
}
