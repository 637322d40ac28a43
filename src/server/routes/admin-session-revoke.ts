import type { FastifyInstance } from 'fastify';
import { ZSessionRevokeRequest } from '#shared/schemas/staff.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminSessionRevoke } from '../services/admin-session-revoke.ts';

export function registerAdminSessionRevoke(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-session-revoke', async (request) => {
    const { actor } = staffOf(request);
    const target = parseInput(ZSessionRevokeRequest, request.body);
    await adminSessionRevoke({ db: ctx.db, actor, target });
    return { ok: true };
  });
}
