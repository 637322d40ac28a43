import type { FastifyInstance } from 'fastify';
import type { SessionListResponse } from '#shared/schemas/staff.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { adminSessionList } from '../services/admin-session-list.ts';

export function registerAdminSessionList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-session-list', async (request): Promise<SessionListResponse> => {
    const { member, tokenId } = staffOf(request);
    return { ok: true, data: await adminSessionList({ db: ctx.db, memberId: member.id, tokenId }) };
  });
}
