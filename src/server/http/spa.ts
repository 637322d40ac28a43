import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSpaPath } from '../../shared/routes.ts';
import { CLIENT_DIR } from '../lib/paths.ts';

/**
 * Serves the built web app. Hashed files under /assets never change, so browsers keep them a
 * year; index.html is revalidated every time so a deploy is seen at once. Any path that is not
 * a file gets index.html, with 404 when no screen matches, and the SPA shows its own 404 page.
 */
export async function registerSpa(app: FastifyInstance, clientDir = CLIENT_DIR) {
  const indexHtml = await readFile(join(clientDir, 'index.html'), 'utf8').catch(() => null);
  if (!indexHtml) app.log.warn({ clientDir }, 'web app not built: run `npm run build`');

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      // One route per built file, found at start: any other path (including directories and
      // `/`) falls through to the SPA instead of a directory answer.
      wildcard: false,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  return function sendSpa(request: FastifyRequest, reply: FastifyReply) {
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm run build`.');
    }
    const pathname = request.url.split('?')[0] ?? '/';
    return reply
      .code(isSpaPath(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  };
}
