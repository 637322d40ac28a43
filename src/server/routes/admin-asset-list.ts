import type { FastifyInstance } from 'fastify';
import type { AssetListResponse } from '#shared/schemas/admin-lists.ts';
import type { AppContext } from '../context.ts';
import { adminAssetList } from '../services/admin-asset-list.ts';

/** `admin-asset-list` (empty body). */
export function registerAdminAssetList(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/admin-asset-list', async (): Promise<AssetListResponse> => {
    return { ok: true, assets: await adminAssetList({ db: ctx.db }) };
  });
}
