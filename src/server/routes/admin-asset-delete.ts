import type { FastifyInstance } from 'fastify';
import { ZAssetDeleteRequest } from '#shared/schemas/admin-lists.ts';
import { staffOf } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';
import { parseInput } from '../errors.ts';
import { adminAssetDelete } from '../services/admin-asset-delete.ts';

/** `admin-asset-delete` {id}. */
export function registerAdminAssetDelete(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-asset-delete', async (request): Promise<{ ok: true }> => {
    const { actor } = staffOf(request);
    const { id } = parseInput(ZAssetDeleteRequest, request.body);
    await adminAssetDelete({ db: ctx.db, storage: ctx.storage, actor, id });
    return { ok: true };
  });
}
