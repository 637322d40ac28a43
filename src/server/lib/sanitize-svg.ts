/**
 * The one SVG policy for uploaded card artwork. An SVG is a document that can run script, load
 * other resources and declare entities, so it is rebuilt from an allowlist instead of being
 * kept as sent: only static drawing survives, nothing in it can run or fetch anything.
 *
 * Why not sanitize-html in its XML mode: its parser (htmlparser2) is forgiving, so it cannot
 * tell a broken file from a good one (which must be refused), and it lets a DOCTYPE's internal
 * subset through as text. Checking well-formedness with a second parser would let the two
 * disagree about the same bytes, the classic way past a sanitiser. So one strict parser reads
 * the file and the stored text is written from its tree, every value escaped again.
 *
 * Policy: exactly one root `<svg>`; elements and attributes from the lists below; no prefixed
 * (foreign-namespace) elements; no DOCTYPE internal subset, so no entities beyond XML's five and
 * character references; no processing instructions (`<?xml-stylesheet?>` loads a file); `href`
 * and `xlink:href` only as `#fragment`; `url(…)` only as `url(#fragment)` anywhere; no CSS
 * escapes, `@import` or other loading functions in styles.
 */

import { browserUrlText } from './browser-url.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/**
 * Static drawing only: no script, foreignObject, image or feImage (they load files), animation
 * (`<set>` and `<animate>` can rewrite an href into `javascript:`), fonts or links.
 */
const ALLOWED_ELEMENTS: ReadonlySet<string> = new Set([
  'svg',
  'g',
  'switch',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]);

/** Geometry, paint and text attributes. No event handlers, no `xmlns*` (the root gets ours). */
const ALLOWED_ATTRIBUTES: ReadonlySet<string> = new Set([
  // Core and accessibility
  'id',
  'class',
  'style',
  'lang',
  'xml:lang',
  'xml:space',
  'role',
  'aria-label',
  'aria-hidden',
  'focusable',
  'version',
  // References (values checked below)
  'href',
  'xlink:href',
  // Geometry
  'viewBox',
  'preserveAspectRatio',
  'transform',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathLength',
  // Paint
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'mix-blend-mode',
  'isolation',
  'paint-order',
  'vector-effect',
  'shape-rendering',
  'text-rendering',
  'image-rendering',
  'color-interpolation',
  'color-interpolation-filters',
  // Gradients, patterns, clips, masks, markers
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'offset',
  'stop-color',
  'stop-opacity',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'marker-start',
  'marker-mid',
  'marker-end',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  // Text
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'font-stretch',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'side',
  // Filters
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'type',
  'values',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'mode',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'surfaceScale',
  'specularConstant',
  'specularExponent',
  'diffuseConstant',
  'kernelMatrix',
  'kernelUnitLength',
  'order',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'edgeMode',
  'preserveAlpha',
  'radius',
  'azimuth',
  'elevation',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  // <style>
  'media',
]);

/** Deeper than any real drawing; bounds the writer's recursion. */
const MAX_DEPTH = 256;

type SvgNode = SvgElement | string;
interface SvgElement {
  name: string;
  attributes: [string, string][];
  children: SvgNode[];
}

class NotWellFormed extends Error {}

const NAME_START = /[A-Za-z_:\u00C0-\uFFFF]/;
const NAME = /[A-Za-z_:\u00C0-\uFFFF][\w.:\-\u00B7\u00C0-\uFFFF]*/y;
/** XML 1.0 forbids these characters anywhere in a document. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Replaces XML's five entities and character references; any other entity is an error. */
function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;&<\s]*);?/g, (match, body: string) => {
    if (!match.endsWith(';')) throw new NotWellFormed('bare &');
    const named = PREDEFINED[body];
    if (named !== undefined) return named;
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(body);
    if (!numeric) throw new NotWellFormed(`undefined entity &${body};`);
    const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
    const isChar =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    if (!isChar) throw new NotWellFormed('invalid character reference');
    return String.fromCodePoint(code);
  });
}

/**
 * A strict, non-validating XML reader: elements, attributes, text, CDATA, comments and
 * processing instructions; a DOCTYPE only without an internal subset. Anything else, an
 * unclosed or mismatched tag, a duplicate attribute or content after the root is an error.
 */
function parseXml(source: string): SvgElement {
  if (FORBIDDEN_CHARS.test(source)) throw new NotWellFormed('forbidden character');
  let pos = 0;
  let root: SvgElement | undefined;
  const stack: SvgElement[] = [];

  const fail = (why: string): never => {
    throw new NotWellFormed(`${why} at ${pos}`);
  };
  const skipSpace = () => {
    while (pos < source.length && /[ \t\r\n]/.test(source[pos]!)) pos++;
  };
  const readName = (): string => {
    NAME.lastIndex = pos;
    const match = NAME.exec(source);
    if (!match) return fail('name expected');
    pos += match[0].length;
    return match[0];
  };
  const expect = (text: string) => {
    if (!source.startsWith(text, pos)) fail(`'${text}' expected`);
    pos += text.length;
  };
  const skipPast = (end: string): string => {
    const at = source.indexOf(end, pos);
    if (at < 0) fail(`'${end}' expected`);
    const inside = source.slice(pos, at);
    pos = at + end.length;
    return inside;
  };
  const addText = (text: string) => {
    const parent = stack.at(-1);
    if (parent) parent.children.push(text);
    else if (text.trim() !== '') fail('text outside the root element');
  };

  while (pos < source.length) {
    if (source[pos] !== '<') {
      const end = source.indexOf('<', pos);
      const raw = source.slice(pos, end < 0 ? source.length : end);
      if (raw.includes(']]>')) fail("']]>' in text");
      addText(decodeReferences(raw));
      pos += raw.length;
      continue;
    }
    if (source.startsWith('<!--', pos)) {
      pos += 4;
      if (skipPast('-->').includes('--')) fail("'--' in a comment");
    } else if (source.startsWith('<![CDATA[', pos)) {
      pos += 9;
      if (!stack.length) fail('CDATA outside the root element');
      addText(skipPast(']]>'));
    } else if (source.startsWith('<?', pos)) {
      // Processing instructions (the XML declaration included) are dropped.
      pos += 2;
      readName();
      skipPast('?>');
    } else if (source.startsWith('<!DOCTYPE', pos)) {
      if (root || stack.length) fail('DOCTYPE after the root element');
      pos += 9;
      // Quoted public and system ids may hold '>'; an internal subset '[' declares entities.
      while (pos < source.length && source[pos] !== '>') {
        const ch = source[pos]!;
        if (ch === '[') fail('DOCTYPE internal subset');
        if (ch === '"' || ch === "'") {
          pos++;
          skipPast(ch);
        } else pos++;
      }
      expect('>');
    } else if (source.startsWith('</', pos)) {
      pos += 2;
      const name = readName();
      skipSpace();
      expect('>');
      const open = stack.pop();
      if (!open || open.name !== name) fail(`mismatched </${name}>`);
    } else {
      pos += 1;
      if (!NAME_START.test(source[pos] ?? '')) fail('element name expected');
      const element: SvgElement = { name: readName(), attributes: [], children: [] };
      const seen = new Set<string>();
      for (;;) {
        const before = pos;
        skipSpace();
        if (source.startsWith('/>', pos) || source[pos] === '>') break;
        if (pos === before) fail('space expected between attributes');
        const name = readName();
        if (seen.has(name)) fail(`duplicate attribute ${name}`);
        seen.add(name);
        skipSpace();
        expect('=');
        skipSpace();
        const quote = source[pos];
        if (quote !== '"' && quote !== "'") fail('quoted attribute value expected');
        pos++;
        const raw = skipPast(quote!);
        if (raw.includes('<')) fail("'<' in an attribute value");
        // XML reads literal whitespace in a value as spaces; references keep their character.
        element.attributes.push([name, decodeReferences(raw.replace(/[\t\n]/g, ' '))]);
      }
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) fail('second root element');
      else root = element;
      if (source.startsWith('/>', pos)) pos += 2;
      else {
        pos += 1;
        stack.push(element);
        if (stack.length > MAX_DEPTH) fail('nested too deeply');
      }
    }
  }
  if (stack.length) fail(`<${stack.at(-1)!.name}> is not closed`);
  if (!root) return fail('no root element');
  return root;
}

const FRAGMENT = /^#[A-Za-z_][\w.:-]*$/;
const URL_FUNCTION = /url\s*\(/gi;
/** Sticky: matched where URL_FUNCTION found a url(, without copying the rest of the value. */
const FRAGMENT_URL = /url\s*\(\s*(["']?)#[A-Za-z_][\w.:-]*\1\s*\)/iy;
/** Other ways CSS loads a resource without url(…), and rules that load whole files. */
const OTHER_LOADERS =
  /@import|@font-face|@namespace|image-set\s*\(|image\s*\(|src\s*\(|expression\s*\(|-moz-binding|behavior\s*:/i;

/**
 * CSS without its comments, or null for an unclosed one. A loop of indexOf, not a lazy regex:
 * many unclosed `/*` would make the regex rescan the rest of the value from each of them.
 */
function withoutComments(css: string): string | null {
  let text = '';
  let pos = 0;
  for (;;) {
    const start = css.indexOf('/*', pos);
    if (start < 0) return text + css.slice(pos);
    const end = css.indexOf('*/', start + 2);
    if (end < 0) return null;
    text += `${css.slice(pos, start)} `;
    pos = end + 2;
  }
}

/**
 * Whether a style or presentation value can load nothing: every url(…) points inside the
 * document, no CSS escape (`u\72l(` is `url(`) can hide one, and no other loader appears.
 */
export function isSafeCss(value: string): boolean {
  const text = withoutComments(value);
  if (text === null || text.includes('\\') || OTHER_LOADERS.test(text)) return false;
  for (const match of text.matchAll(URL_FUNCTION)) {
    FRAGMENT_URL.lastIndex = match.index;
    if (!FRAGMENT_URL.test(text)) return false;
  }
  return true;
}

/** The attributes of an element that pass the policy, in their original order. */
function cleanAttributes(element: SvgElement): [string, string][] {
  const kept: [string, string][] = [];
  for (const [name, value] of element.attributes) {
    if (!ALLOWED_ATTRIBUTES.has(name)) continue;
    if (name === 'href' || name === 'xlink:href') {
      const target = browserUrlText(value);
      if (FRAGMENT.test(target)) kept.push([name, target]);
      continue;
    }
    if (!isSafeCss(value)) continue;
    kept.push([name, value]);
  }
  return kept;
}

/** Keeps allowed elements (dropping anything else with its content) and their safe attributes. */
function cleanElement(element: SvgElement): SvgElement | null {
  // A link does nothing in an image; what it wraps is kept as a plain group.
  if (element.name === 'a') {
    const attributes = element.attributes.filter(([n]) => n !== 'href' && n !== 'xlink:href');
    return cleanElement({ ...element, name: 'g', attributes });
  }
  // A prefix means another namespace (sodipodi:, inkscape:, html:…): never drawing we keep.
  if (!ALLOWED_ELEMENTS.has(element.name)) return null;
  if (element.name === 'style') {
    const css = element.children.filter((c): c is string => typeof c === 'string').join('');
    if (element.children.some((c) => typeof c !== 'string') || !isSafeCss(css)) return null;
    return { name: 'style', attributes: cleanAttributes(element), children: [css] };
  }
  const children: SvgNode[] = [];
  for (const child of element.children) {
    if (typeof child === 'string') children.push(child);
    else {
      const kept = cleanElement(child);
      if (kept) children.push(kept);
    }
  }
  return { name: element.name, attributes: cleanAttributes(element), children };
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  // Literal tabs and newlines would be read back as spaces; references keep them as they are.
  return escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

function write(node: SvgNode, out: string[]): void {
  if (typeof node === 'string') {
    out.push(escapeText(node));
    return;
  }
  out.push(`<${node.name}`);
  for (const [name, value] of node.attributes) out.push(` ${name}="${escapeAttribute(value)}"`);
  if (!node.children.length) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of node.children) write(child, out);
  out.push(`</${node.name}>`);
}

function usesXlink(node: SvgNode): boolean {
  return (
    typeof node !== 'string' &&
    (node.attributes.some(([name]) => name.startsWith('xlink:')) || node.children.some(usesXlink))
  );
}

/**
 * Cleans an uploaded SVG to the policy above. Returns the text to store, or null when the file
 * is not a well-formed SVG document (invalid UTF-8, broken XML, an internal DTD subset, a root
 * other than `<svg>`) or nothing drawable is left once it is cleaned.
 */
export function sanitizeSvg(data: Buffer | string): string | null {
  let source: string;
  try {
    source =
      typeof data === 'string' ? data : new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
  // XML reads every line ending as '\n'.
  source = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  let root: SvgElement;
  try {
    root = parseXml(source);
  } catch (error) {
    if (error instanceof NotWellFormed) return null;
    throw error;
  }
  if (root.name !== 'svg') return null;
  const clean = cleanElement(root);
  const drawn = clean?.children.some(
    (child) => typeof child !== 'string' && child.name !== 'title' && child.name !== 'desc',
  );
  if (!clean || !drawn) return null;
  // Whatever namespaces the file declared, what is kept is SVG and is declared as such.
  clean.attributes.unshift(['xmlns', SVG_NS]);
  if (usesXlink(clean)) clean.attributes.splice(1, 0, ['xmlns:xlink', XLINK_NS]);
  const out: string[] = [];
  write(clean, out);
  return `${out.join('')}\n`;
}
