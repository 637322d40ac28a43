import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APPLY_SESSION_COOKIE } from '#shared/api.ts';
import { isSpaPath, matchSpaPath, SPA_PATHS } from '#shared/routes.ts';
import { NOT_FOUND_META, PAGE_META } from '#shared/seo.ts';
import { isEnabled } from '#shared/settings.ts';
import type { Env } from '../env.ts';
import { CLIENT_DIR } from '../lib/paths.ts';
import { PAGE_SETTING_KEYS, type PublicSettings } from '../public-settings.ts';
import type { Db } from '../db/client.ts';
import { sendCompressedPage } from './compress-page.ts';
import { appStartScript, inlineHeadAssets, startAppAfterPaint } from './inline-head.ts';
import { isRenderedPath, loadPageRenderer, pageRendering } from './page-render.ts';
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
          meta: PAGE_META[path],
          // A route with a parameter is one page for every value: no one canonical address.
          pathname: path.includes('/:') ? null : path,
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
  return (pathname: string) => byPath.get(matchSpaPath(pathname) ?? '') ?? notFound;
}

/**
 * Serves the built web app. Hashed files under /assets never change, so browsers keep them a
 * year; index.html is revalidated every time so a deploy is seen at once. Any path that is not
 * a file gets index.html, with 404 when no screen matches, and the SPA shows its own 404 page.
 */
export async function registerSpa(
  app: FastifyInstance,
  env: SpaEnv,
  options: { settings?: PublicSettings; clientDir?: string; db?: Db; ssrEntry?: string } = {},
) {
  const clientDir = options.clientDir ?? CLIENT_DIR;
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
  const shell = indexHtml ? inlineHeadAssets(indexHtml, clientDir) : null;
  const pageFor = shell ? renderPages(shell, env) : null;
  const drawnPageFor = shell
    ? renderPages(startAppAfterPaint(shell, appStartScript(clientDir)), env)
    : null;
  // Public pages arrive drawn (decision 047): the renderer needs the database for their content.
  const render =
    indexHtml && options.db && options.settings
      ? await loadPageRenderer(app.log, options.ssrEntry)
      : null;
  const renderPage =
    render && options.db && options.settings
      ? pageRendering({
          render,
          db: options.db,
          settings: options.settings,
          publicUrl: env.PUBLIC_URL,
          log: app.log,
        })
      : null;

  /** `compress`: the caller is not a route, so the compression plugin does not see the page. */
  return async function sendSpa(
    request: FastifyRequest,
    reply: FastifyReply,
    how: { compress?: boolean } = {},
  ) {
    if (!pageFor) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm run build`.');
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const settings = await pageSettings(options.settings);
    if (settings && isEnabled(settings.maintenance_mode) && !isStaffPage(pathname)) {
      // The page still draws 'Under Maintenance' for people; the status tells crawlers and
      // monitors the outage is temporary, so no page is dropped from search (decision 042).
      reply.code(503).header('retry-after', String(MAINTENANCE_RETRY_AFTER_S));
    } else {
      reply.code(isSpaPath(pathname) ? 200 : 404);
    }
    const drawn =
      renderPage !== null &&
      isRenderedPath(pathname, Boolean(request.cookies[APPLY_SESSION_COOKIE]));
    let page = withSettings((drawn && drawnPageFor ? drawnPageFor : pageFor)(pathname), settings);
    if (drawn) page = await renderPage(page, request.url, settings);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    // /apply is drawn or not by the applicant's cookie: a cache must not give one the other's.
    if (pathname === '/apply') reply.header('vary', 'cookie');
    return how.compress ? sendCompressedPage(request, reply, page) : reply.send(page);
  };
}

/**
 * How long a crawler is told to wait before asking again while maintenance is on (SPEC §2
 * says 'Brief'). Search engines treat a 503 that lasts days as gone, not this.
 */
export const MAINTENANCE_RETRY_AFTER_S = 600;

/** The staff panel and the pages under it stay open while the site is in maintenance (SPEC §2). */
function isStaffPage(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * The switches every page needs before it draws (maintenance, invite mode), from the settings
 * cache: the page carries them, so its first render waits on no request. A failed read leaves
 * them out and the page asks, as before.
 */
async function pageSettings(settings: PublicSettings | undefined) {
  if (!settings) return null;
  try {
    const entries = await Promise.all(
      PAGE_SETTING_KEYS.map(async (key) => [key, (await settings.read(key))?.value ?? null]),
    );
    return Object.fromEntries(entries) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The element id the client reads the settings from (src/client/lib/site-settings.ts). */
export const PAGE_SETTINGS_ID = 'waj-settings';

/**
 * A JSON data block: never run as a script (so the content security policy has nothing to
 * allow), and `<` escaped so no value can close the element.
 */
function withSettings(page: string, settings: Record<string, unknown> | null): string {
  if (!settings) return page;
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return page.replace(
    '</head>',
    `<script type="application/json" id="${PAGE_SETTINGS_ID}">${json}</script></head>`,
  );
}
