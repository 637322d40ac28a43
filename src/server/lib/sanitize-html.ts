import sanitizeHtml from 'sanitize-html';
import { browserUrlText } from './browser-url.ts';

/**
 * The one HTML policy for stored rich text (the legal documents). Applied when staff save and
 * again whenever the text is read, so a row written by older code or by hand in SQL is still
 * safe: only simple document structure and plain links survive.
 */

const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'a',
  'blockquote',
  'code',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** Dropped with everything inside them (text included), not just unwrapped. */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frameset',
  'object',
  'embed',
  'template',
  'title',
  'svg',
  'math',
  'xmp',
  'plaintext',
];

const ABSOLUTE_WEB = /^https?:\/\/[^/\\]/i;
const MAILTO = /^mailto:[^\s]/i;
/** '/path' or '#anchor', but never '//host' or '/\host' (both mean another site). */
const SITE_RELATIVE = /^(?:\/(?![/\\])|#)/;

function transformLink(_tag: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const href = browserUrlText(attribs.href ?? '');
  if (ABSOLUTE_WEB.test(href)) {
    // Another site must not get a handle on our window or learn the page that linked to it.
    return { tagName: 'a', attribs: { href, rel: 'noopener noreferrer' } };
  }
  if (MAILTO.test(href) || SITE_RELATIVE.test(href)) return { tagName: 'a', attribs: { href } };
  // No address left: the filter below unwraps it. (Renaming the tag instead would trip a
  // sanitize-html bug that closes the next link on the same level with the wrong tag.)
  return { tagName: 'a', attribs: {} };
}

/** A link whose address was refused becomes its plain text. */
function unwrapBareLinks(frame: sanitizeHtml.IFrame): boolean | 'excludeTag' {
  return frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false;
}

/** colspan/rowspan only as small whole numbers. */
function transformCell(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept: sanitizeHtml.Attributes = {};
  for (const name of ['colspan', 'rowspan'] as const) {
    const value = attribs[name]?.trim();
    if (value && /^[1-9]\d{0,2}$/.test(value)) kept[name] = value;
  }
  return { tagName, attribs: kept };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'rel'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  enforceHtmlBoundary: false,
  nestingLimit: 50,
  transformTags: { a: transformLink, th: transformCell, td: transformCell },
  exclusiveFilter: unwrapBareLinks,
};

/** Cleans rich text to the legal documents' policy; the result is safe to render as HTML. */
export function sanitizeRichHtml(dirty: string): string {
  return sanitizeHtml(dirty, OPTIONS).trim();
}
