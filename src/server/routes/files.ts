import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';

/** Content types for the extensions we store; anything else downloads as opaque bytes. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  heic: 'image/heic',
};

/**
 * `GET /api/files/<key>?expires=…&signature=…`: the disk driver's signed, short-lived URLs. The
 * signature is the only credential, so a wrong or expired one is a plain 404 that reveals
 * nothing about whether the file exists.
 */
export function registerFiles(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { '*': string }; Querystring: { expires?: string; signature?: string } }>(
    '/api/files/*',
    async (request, reply) => {
      const key = request.params['*'];
      const { expires = '', signature = '' } = request.query;
      if (!ctx.storage.verifySignedUrl(key, expires, signature)) {
        throw new AppError('not_found', 'File not found');
      }
      const stream = await ctx.storage.getStream(key);
      const ext = key.slice(key.lastIndexOf('.') + 1);
      return (
        reply
          .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
          // Uploaded SVG must never run as a page of ours.
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          )
          .header('content-disposition', 'inline')
          .send(stream)
      );
    },
  );
}
