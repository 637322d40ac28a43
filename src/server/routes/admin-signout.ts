import type { FastifyInstance } from 'fastify';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { adminSignout } from '../services/admin-signout.ts';

export function registerAdminSignout(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-signout', async (request) => {
    const { tokenId, actor } = staffOf(request);
    await adminSignout({ db: ctx.db, tokenId, actor });
    return { ok: true };
  });
}
