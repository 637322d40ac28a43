import { LEGAL_SLUGS, type LegalSlug } from '#shared/legal.ts';

export const DEFAULT_LEGAL_DOC: LegalSlug = 'privacy';

/** Short tab labels: three fit side by side on a 375 px phone. */
export const LEGAL_TAB_LABELS: Record<LegalSlug, string> = {
  privacy: 'Privacy',
  terms: 'Terms',
  cookies: 'Cookies',
};

function isLegalSlug(value: string | null): value is LegalSlug {
  return value !== null && (LEGAL_SLUGS as readonly string[]).includes(value);
}

/**
 * SPEC §2: the document comes from `?doc=` (privacy, terms, cookies); a path containing one
 * of those names also sets it. An explicit, valid `?doc=` wins; otherwise the Privacy Policy.
 */
export function legalDocFromLocation(pathname: string, search: string): LegalSlug {
  const fromQuery = new URLSearchParams(search).get('doc');
  if (isLegalSlug(fromQuery)) return fromQuery;
  return LEGAL_SLUGS.find((slug) => pathname.includes(slug)) ?? DEFAULT_LEGAL_DOC;
}

const LEGAL_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  // A UK bank dates its documents in UK time, wherever the reader is.
  timeZone: 'Europe/London',
});

/** SPEC §2: en-GB day month year, e.g. '22 November 2026'; null for an unreadable date. */
export function formatLegalDate(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : LEGAL_DATE.format(date);
}

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * SPEC §2/§6: the legal edit mode is offered only on localhost. `location.hostname` keeps
 * the brackets of an IPv6 address, hence both spellings of ::1.
 */
export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTNAMES.has(hostname.toLowerCase());
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/**
 * The text of each h2 in a document's HTML (the server's sanitised output), as `textContent`
 * would read it. Read from the markup rather than a parsed DOM so the server's render of the
 * page and the browser's first render list the same sections (decision 047).
 */
export function headingTexts(html: string): string[] {
  return [...html.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2\s*>/gi)].map(([, inner = '']) =>
    inner
      .replace(/<[^>]*>/g, '')
      .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity: string, name: string) => {
        if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : entity;
      })
      .trim(),
  );
}
