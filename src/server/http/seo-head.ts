import { COMPANY } from '#shared/company.ts';
import {
  BRAND,
  canonicalPath,
  DEFAULT_DESCRIPTION,
  documentTitle,
  type PageMeta,
} from '#shared/seo.ts';

/** The sharing image, rendered at build time (1200 × 630). */
export const OG_IMAGE_PATH = '/press/waj-og.png';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON inside <script>: nothing in it can close the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The home page's Organization structured data, from the one table of company facts. */
export function organizationJsonLd(publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: COMPANY.name,
    legalName: COMPANY.legalName,
    url: `${publicUrl}/`,
    description: DEFAULT_DESCRIPTION,
    email: COMPANY.supportEmail,
    sameAs: [COMPANY.socialUrl],
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer support',
        email: COMPANY.supportEmail,
        areaServed: 'GB',
        availableLanguage: 'en-GB',
      },
      { '@type': 'ContactPoint', contactType: 'press', email: COMPANY.pressEmail },
    ],
  };
}

export interface HeadOptions {
  meta: PageMeta;
  /** The requested pathname; null for the 404 page, which has no canonical address. */
  pathname: string | null;
  publicUrl: string;
  analyticsScriptUrl?: string | undefined;
}

/**
 * The <head> tags for one page, in the form the client's <Head> updates in place
 * (`meta[name="description"]`, `meta[name="robots"]`, `link[rel="canonical"]`,
 * `meta[property="og:…"]`), so navigating never duplicates one. Every value is escaped.
 */
export function renderHeadTags(options: HeadOptions): string {
  const { meta, pathname, publicUrl } = options;
  const title = documentTitle(meta.title);
  const url = pathname === null ? null : `${publicUrl}${canonicalPath(pathname)}`;
  const tag = (name: string, attrs: Record<string, string>) =>
    `<${name} ${Object.entries(attrs)
      .map(([key, value]) => `${key}="${escapeHtml(value)}"`)
      .join(' ')} />`;
  const lines = [
    `<title>${escapeHtml(title)}</title>`,
    tag('meta', { name: 'description', content: meta.description }),
    meta.noindex ? tag('meta', { name: 'robots', content: 'noindex' }) : null,
    url ? tag('link', { rel: 'canonical', href: url }) : null,
    tag('meta', { property: 'og:type', content: 'website' }),
    tag('meta', { property: 'og:site_name', content: BRAND }),
    tag('meta', { property: 'og:locale', content: 'en_GB' }),
    tag('meta', { property: 'og:title', content: title }),
    tag('meta', { property: 'og:description', content: meta.description }),
    url ? tag('meta', { property: 'og:url', content: url }) : null,
    tag('meta', { property: 'og:image', content: `${publicUrl}${OG_IMAGE_PATH}` }),
    tag('meta', { property: 'og:image:width', content: '1200' }),
    tag('meta', { property: 'og:image:height', content: '630' }),
    tag('meta', { name: 'twitter:card', content: 'summary_large_image' }),
    options.analyticsScriptUrl
      ? tag('meta', { name: 'waj:analytics-src', content: options.analyticsScriptUrl })
      : null,
    pathname === '/'
      ? `<script type="application/ld+json">${scriptJson(organizationJsonLd(publicUrl))}</script>`
      : null,
  ];
  return lines.filter((line) => line !== null).join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s[^>]*name=["']description["'][^>]*>\s*/i;

/**
 * Splits the built index.html around where the page's tags go: its own title and description
 * are taken out (replaced, never duplicated) and the tags go where the title was.
 */
export function splitIndexHtml(indexHtml: string): { before: string; after: string } {
  const withoutDescription = indexHtml.replace(DESCRIPTION, '');
  const title = TITLE.exec(withoutDescription);
  if (title) {
    return {
      before: withoutDescription.slice(0, title.index),
      after: withoutDescription.slice(title.index + title[0].length),
    };
  }
  const headEnd = withoutDescription.search(/<\/head>/i);
  const at = headEnd >= 0 ? headEnd : 0;
  return { before: withoutDescription.slice(0, at), after: withoutDescription.slice(at) };
}
