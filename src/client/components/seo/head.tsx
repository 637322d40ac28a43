import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { canonicalPath, documentTitle, metaForPath } from '#shared/seo.ts';

type HeadProps = {
  /** Page name; the document title becomes '{title} | Waj'. Defaults to the route's metadata. */
  title?: string;
  description?: string;
  /** Ask search engines not to index this page. Defaults to the route's metadata. */
  noindex?: boolean;
};

function upsert(selector: string, create: () => HTMLElement): HTMLElement {
  const existing = document.head.querySelector<HTMLElement>(selector);
  if (existing) return existing;
  const element = create();
  document.head.append(element);
  return element;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string | null): void {
  const selector = `meta[${attribute}="${key}"]`;
  if (content === null) {
    document.head.querySelector(selector)?.remove();
    return;
  }
  const element = upsert(selector, () => {
    const meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    return meta;
  });
  element.setAttribute('content', content);
}

/**
 * Title, description, robots, canonical link and Open Graph tags for the current page. The
 * server already wrote them into index.html for the first page (src/shared/seo.ts); this keeps
 * the same tags up to date in place as the visitor navigates, so none is ever duplicated.
 */
export function Head({ title, description, noindex }: HeadProps) {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = metaForPath(pathname);
    const fullTitle = documentTitle(title ?? meta.title);
    const text = description ?? meta.description;
    const hidden = noindex ?? meta.noindex ?? false;
    const url = new URL(canonicalPath(pathname), window.location.origin).href;

    document.title = fullTitle;
    setMeta('name', 'description', text);
    setMeta('name', 'robots', hidden ? 'noindex' : null);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', text);
    setMeta('property', 'og:url', url);
    const canonical = upsert('link[rel="canonical"]', () => {
      const link = document.createElement('link');
      link.rel = 'canonical';
      return link;
    });
    canonical.setAttribute('href', url);
  }, [pathname, title, description, noindex]);
  return null;
}
