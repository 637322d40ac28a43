import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import {
  PAGE_DATA_ID,
  PAGE_QUERY_KEYS,
  type PageQuery,
  type PageRenderer,
} from '#shared/page-data.ts';
import type { CardAssetsResponse } from '#shared/schemas/site.ts';
import type { Db } from '../db/client.ts';
import { PROJECT_ROOT } from '../lib/paths.ts';
import type { PublicSettings } from '../public-settings.ts';
import { listCardAssets } from '../services/card-assets.ts';
import { listLegalDocuments } from '../services/legal-documents.ts';

/** Built by `npm run build` (vite build --ssr) next to the client. */
export const SSR_ENTRY = join(PROJECT_ROOT, 'dist', 'ssr', 'entry-server.js');

/**
 * The apply flow's steps, the account portal and the staff panel are private: never rendered
 * here. `/apply` itself is the public way in (the invitation code beside the application form)
 * and is rendered for a visitor without an application; one with an application session is
 * shown where they stand, which only the browser knows how to draw (decision 056).
 */
export function isRenderedPath(pathname: string, hasApplicantSession = false): boolean {
  if (pathname === '/apply') return !hasApplicantSession;
  return !/^\/(apply|account|admin)(\/|$)/.test(pathname);
}

/** The renderer the build made, or null (not built: pages are served empty, as before). */
export async function loadPageRenderer(
  log: FastifyBaseLogger,
  entry = SSR_ENTRY,
): Promise<PageRenderer | null> {
  if (!existsSync(entry)) {
    log.warn('public pages are not prerendered: run `npm run build`');
    return null;
  }
  const module = (await import(pathToFileURL(entry).href)) as { render?: PageRenderer };
  if (typeof module.render !== 'function') throw new Error(`${entry} exports no render()`);
  return module.render;
}

/** JSON with nothing that could close the data block or open a comment. */
function blockJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
}

/** As the API would answer it: dates as ISO text, exactly what the browser's cache holds. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * The staff-editable content a page draws, read fresh for every request (a few small rows), so
 * a change to a legal document, card art or the press text is on the next page load
 * everywhere. Only what the page shows: the legal text on the legal screens, the press text on
 * /press, the card art (home, cards, press, eligibility) everywhere.
 */
async function pageQueries(
  db: Db,
  settings: PublicSettings,
  pathname: string,
): Promise<PageQuery[]> {
  const cardAssets: CardAssetsResponse = { ok: true, data: await listCardAssets({ db }) };
  const queries: PageQuery[] = [[PAGE_QUERY_KEYS.cardAssets, asJson(cardAssets)]];
  if (pathname === '/legal' || pathname.startsWith('/legal/')) {
    queries.push([PAGE_QUERY_KEYS.legalDocuments, asJson(await listLegalDocuments({ db }))]);
  }
  if (pathname === '/press') {
    const boilerplate = (await settings.read('press_boilerplate'))?.value;
    // Anything but text is left for the page to report, as it does when it asks itself.
    if (typeof boilerplate === 'string' && boilerplate.trim() !== '') {
      queries.push([PAGE_QUERY_KEYS.pressBoilerplate, boilerplate.trim()]);
    }
  }
  return queries;
}

const CACHE_ENTRIES = 200;

/**
 * Renders public pages into the served HTML (decision 047). The markup depends only on the
 * address, the switches and the content read, so it is kept by a hash of the three: the same
 * page is rendered once, and any change to what it shows makes a new key.
 */
export function pageRendering(options: {
  render: PageRenderer;
  db: Db;
  settings: PublicSettings;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const cache = new Map<string, string>();

  return async function renderPage(
    page: string,
    url: string,
    settings: Record<string, unknown> | null,
  ): Promise<string> {
    const pathname = url.split('?')[0] ?? '/';
    let queries: PageQuery[];
    try {
      queries = await pageQueries(options.db, options.settings, pathname);
    } catch (error) {
      // The page still works: it asks for its content itself, as it did before prerendering.
      options.log.warn({ code: (error as { code?: string }).code }, 'page content not read');
      return page;
    }
    const dataJson = blockJson(queries);
    const key = createHash('sha256')
      .update(`${url}\n${JSON.stringify(settings)}\n${dataJson}`)
      .digest('base64url');
    let markup = cache.get(key);
    if (markup === undefined) {
      try {
        markup = (await options.render({ url: options.publicUrl + url, settings, queries })) ?? '';
      } catch (error) {
        options.log.error({ err: error, path: pathname }, 'page render failed');
        return page;
      }
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, markup);
    }
    if (!markup) return page;
    return page
      .replace(
        '</head>',
        `<script type="application/json" id="${PAGE_DATA_ID}">${dataJson}</script></head>`,
      )
      .replace(/<noscript>.*?<\/noscript>/s, '')
      .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
  };
}
