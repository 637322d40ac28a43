import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY } from '#shared/company.ts';
import { SPA_PATHS } from '#shared/routes.ts';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, indexablePaths, PAGE_META } from '#shared/seo.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const ORIGIN = 'https://waj.example';
const ANALYTICS = 'https://stats.example/script.js?site=waj&v="2"';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL: `${ORIGIN}/`,
    ANALYTICS_SCRIPT_URL: ANALYTICS,
    RATE_LIMIT_SCALE: '0',
  });
});
afterAll(async () => {
  await t?.close();
});

/** Reads the head the way a crawler does: every tag as written, attributes decoded. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const decode = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const all = (pattern: RegExp) => [...head.matchAll(pattern)].map((m) => decode(m[1]!));
  return {
    head,
    titles: all(/<title>([^<]*)<\/title>/g),
    meta: (key: string) =>
      all(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`, 'g')),
    canonical: all(/<link rel="canonical" href="([^"]*)"/g),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => m[1]!,
    ),
  };
}

describe('the served HTML carries each page’s metadata', () => {
  it('home: default title, canonical, sharing tags and the Organization data', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    const h = headOf(res.body);
    expect(h.titles).toEqual([DEFAULT_TITLE]);
    expect(h.meta('description')).toEqual([DEFAULT_DESCRIPTION]);
    expect(h.meta('robots')).toEqual([]);
    expect(h.canonical).toEqual([`${ORIGIN}/`]);
    expect(h.meta('og:type')).toEqual(['website']);
    expect(h.meta('og:site_name')).toEqual(['Waj']);
    expect(h.meta('og:title')).toEqual([DEFAULT_TITLE]);
    expect(h.meta('og:description')).toEqual([DEFAULT_DESCRIPTION]);
    expect(h.meta('og:url')).toEqual([`${ORIGIN}/`]);
    expect(h.meta('og:image')).toEqual([`${ORIGIN}/press/waj-og.png`]);
    expect(h.meta('og:image:width')).toEqual(['1200']);
    expect(h.meta('og:image:height')).toEqual(['630']);
    expect(h.meta('twitter:card')).toEqual(['summary_large_image']);

    expect(h.jsonLd).toHaveLength(1);
    const org = JSON.parse(h.jsonLd[0]!);
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: COMPANY.name,
      legalName: COMPANY.legalName,
      url: `${ORIGIN}/`,
      sameAs: [COMPANY.socialUrl],
    });
    // The app itself is still there, started once the page has painted (decision 059).
    expect(res.body).toContain('<div id="root">');
    expect(res.body).toMatch(/<script data-entry="\/assets\/[^"]+\.js"/);
  });

  it('every screen gets its own title, description and canonical address, once each', async () => {
    for (const route of SPA_PATHS) {
      // A route with a parameter (the case screen) is visited with an id and has no one
      // canonical address.
      const param = route.includes('/:');
      const path = param ? route.replace(/:\w+/g, '0b6f7c9e-3d7a-4c1e-9a55-2f1d8e4b7a10') : route;
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      const h = headOf(res.body);
      const meta = PAGE_META[route];
      const title = meta.title ? `${meta.title} | Waj` : DEFAULT_TITLE;
      expect(h.titles, path).toEqual([title]);
      expect(h.meta('description'), path).toEqual([meta.description]);
      expect(h.meta('og:title'), path).toEqual([title]);
      const canonical = meta.canonical ?? path;
      expect(h.canonical, path).toEqual(param ? [] : [`${ORIGIN}${canonical}`]);
      expect(h.meta('og:url'), path).toEqual(h.canonical);
      expect(h.meta('robots'), path).toEqual(meta.noindex ? ['noindex'] : []);
      expect(h.jsonLd, path).toHaveLength(path === '/' ? 1 : 0);
    }
    expect(headOf((await t.app.inject('/cards')).body).titles).toEqual(['Cards | Waj']);
    expect(headOf((await t.app.inject('/admin')).body).meta('robots')).toEqual(['noindex']);
    expect(headOf((await t.app.inject('/apply/review')).body).meta('robots')).toEqual(['noindex']);
  });

  it('a trailing slash or a query string keeps the canonical address', async () => {
    const slash = headOf((await t.app.inject('/legal/terms/')).body);
    expect(slash.canonical).toEqual([`${ORIGIN}/legal/terms`]);
    const query = headOf((await t.app.inject('/legal/cookies?doc=cookies&x=<script>')).body);
    expect(query.canonical).toEqual([`${ORIGIN}/legal/cookies`]);
    // The address is never echoed into the page (the head's one inline script is the theme's).
    expect(query.head).not.toContain('x=<script>');
    expect(query.head).not.toContain('x=&lt;script');
  });

  it('an unknown path is a 404 page marked noindex, with no canonical address', async () => {
    const res = await t.app.inject('/no-such-page"><script>alert(1)</script>');
    expect(res.statusCode).toBe(404);
    const h = headOf(res.body);
    expect(h.titles).toEqual(['Page Not Found | Waj']);
    expect(h.meta('robots')).toEqual(['noindex']);
    expect(h.canonical).toEqual([]);
    expect(h.meta('og:url')).toEqual([]);
    expect(h.jsonLd).toEqual([]);
    expect(res.body).not.toContain('alert(1)');
  });

  it('names the analytics script for the consent code, escaped', async () => {
    const res = await t.app.inject('/about');
    const h = headOf(res.body);
    expect(h.meta('waj:analytics-src')).toEqual([ANALYTICS]);
    expect(h.head).toContain('site=waj&amp;v=&quot;2&quot;');
  });
});

describe('without ANALYTICS_SCRIPT_URL', () => {
  it('leaves the analytics tag out and uses the default origin', async () => {
    const plain = await createTestApp({ PORT: '4321' });
    try {
      const h = headOf((await plain.app.inject('/press')).body);
      expect(h.meta('waj:analytics-src')).toEqual([]);
      expect(h.canonical).toEqual(['http://localhost:4321/press']);
    } finally {
      await plain.close();
    }
  });
});

describe('crawler files', () => {
  it('robots.txt allows the site, keeps crawlers out of private areas and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.body.trim().split('\n');
    expect(lines).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /apply/',
      'Disallow: /account',
      'Disallow: /update-legal',
      'Disallow: /api/',
      '',
      `Sitemap: ${ORIGIN}/sitemap.xml`,
    ]);
  });

  it('sitemap.xml lists every indexable screen and nothing private', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(indexablePaths().map((p) => `${ORIGIN}${p}`));
    expect(locs).toContain(`${ORIGIN}/`);
    expect(locs).toContain(`${ORIGIN}/legal/privacy`);
    // /legal is the Privacy Policy too: listed once, at /legal/privacy, which it names canonical.
    expect(locs).not.toContain(`${ORIGIN}/legal`);
    expect(headOf((await t.app.inject('/legal')).body).canonical).toEqual([
      `${ORIGIN}/legal/privacy`,
    ]);
    expect(headOf((await t.app.inject('/legal/')).body).canonical).toEqual([
      `${ORIGIN}/legal/privacy`,
    ]);
    for (const hidden of ['/admin', '/account', '/apply/review', '/update-legal']) {
      expect(locs).not.toContain(`${ORIGIN}${hidden}`);
    }
  });
});
