import type { FastifyInstance } from 'fastify';
import type { CardAssetsResponse } from '#shared/schemas/site.ts';
import type { AppContext } from '../context.ts';
import { listCardAssets } from '../services/card-assets.ts';

/** `GET /api/card-assets`: the spec's direct read of the card artwork. */
export function registerCardAssets(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/card-assets', async (): Promise<CardAssetsResponse> => {
    return { ok: true, data: await listCardAssets({ db: ctx.db }) };
  });
}
