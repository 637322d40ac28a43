import type { FastifyInstance } from 'fastify';
import { indexablePaths } from '#shared/seo.ts';
import type { AppContext } from '../context.ts';

/** Screens no search engine should crawl: staff, the applicant journey past its start, legal tools. */
const DISALLOWED = ['/admin', '/apply/', '/account', '/update-legal', '/api/'];

const CACHE_AN_HOUR = 'public, max-age=3600';

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(publicUrl: string): string {
  const urls = indexablePaths().map(
    (path) => `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** `GET /robots.txt` and `GET /sitemap.xml`, written once at start from the route metadata. */
export function registerCrawlerFiles(app: FastifyInstance, ctx: AppContext) {
  const robots = robotsTxt(ctx.env.PUBLIC_URL);
  const sitemap = sitemapXml(ctx.env.PUBLIC_URL);
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_AN_HOUR).send(robots),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE_AN_HOUR)
      .send(sitemap),
  );
}
