import { routeOf } from '#shared/calls.ts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { cardAssetFile } from '../services/card-asset-file.ts';

/**
 * `GET /api/card-asset-file/:id`: public card artwork. An upload never changes under its id
 * (a new upload is a new row), so browsers may keep it for a year.
 */
export function registerCardAssetFile(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { id: string } }>(routeOf('card-asset-file'), async (request, reply) => {
    const { stream, contentType } = await cardAssetFile({
      db: ctx.db,
      storage: ctx.storage,
      id: request.params.id,
    });
    reply
      .header('content-type', contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline');
    if (contentType === 'image/svg+xml') {
      // Opened on its own, an uploaded SVG must never run script or load anything as our page.
      reply.header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
    }
    return reply.send(stream);
  });
}
