import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSpaPath, SPA_PATHS } from '../../shared/routes.ts';
import { canonicalPath, metaForPath, NOT_FOUND_META } from '../../shared/seo.ts';
import type { Env } from '../env.ts';
import { CLIENT_DIR } from '../lib/paths.ts';
import { renderHeadTags, splitIndexHtml } from './seo-head.ts';

type SpaEnv = Pick<Env, 'PUBLIC_URL' | 'ANALYTICS_SCRIPT_URL'>;

/**
 * index.html for every screen, with that screen's title, description, robots, canonical and
 * sharing tags already in it (crawlers and link previews run no JavaScript). Built once at
 * start: one page per route plus the 404 page.
 */
function renderPages(indexHtml: string, env: SpaEnv) {
  const { before, after } = splitIndexHtml(indexHtml);
  const page = (head: string) => `${before}${head}${after}`;
  const byPath = new Map<string, string>();
  for (const path of SPA_PATHS) {
    byPath.set(
      path,
      page(
        renderHeadTags({
          meta: metaForPath(path),
          pathname: path,
          publicUrl: env.PUBLIC_URL,
          analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL,
        }),
      ),
    );
  }
  const notFound = page(
    renderHeadTags({
      meta: NOT_FOUND_META,
      pathname: null,
      publicUrl: env.PUBLIC_URL,
      analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL,
    }),
  );
  return (pathname: string) =>
    (isSpaPath(pathname) && byPath.get(canonicalPath(pathname))) || notFound;
}

/**
 * Serves the built web app. Hashed files under /assets never change, so browsers keep them a
 * year; index.html is revalidated every time so a deploy is seen at once. Any path that is not
 * a file gets index.html, with 404 when no screen matches, and the SPA shows its own 404 page.
 */
export async function registerSpa(app: FastifyInstance, env: SpaEnv, clientDir = CLIENT_DIR) {
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
  const pageFor = indexHtml ? renderPages(indexHtml, env) : null;

  return function sendSpa(request: FastifyRequest, reply: FastifyReply) {
    if (!pageFor) {
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
      .send(pageFor(pathname));
  };
}
