import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names, letting later Tailwind classes override earlier ones of the same kind
 * (`cn('h-10 px-5', 'px-0')` is `'h-10 px-0'`), as tailwind-merge does for the utilities this
 * site uses, in a fraction of its size: it is in every page's first download. A class it does
 * not recognise is always kept. cn.test.ts compares it with tailwind-merge over the site's own
 * class lists, which is why tailwind-merge is a devDependency: no page ships it.
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

const DISPLAY = new Set([
  'block',
  'inline-block',
  'inline',
  'flex',
  'inline-flex',
  'grid',
  'inline-grid',
  'contents',
  'table',
  'table-row',
  'table-cell',
  'flow-root',
  'list-item',
  'hidden',
]);

const KEYWORDS: Record<string, string> = {
  'caption-top': 'caption-side',
  'caption-bottom': 'caption-side',
  static: 'position',
  fixed: 'position',
  absolute: 'position',
  relative: 'position',
  sticky: 'position',
  visible: 'visibility',
  invisible: 'visibility',
  collapse: 'visibility',
  uppercase: 'text-transform',
  lowercase: 'text-transform',
  capitalize: 'text-transform',
  'normal-case': 'text-transform',
  italic: 'font-style',
  'not-italic': 'font-style',
  underline: 'text-decoration-line',
  'no-underline': 'text-decoration-line',
  'line-through': 'text-decoration-line',
  overline: 'text-decoration-line',
  truncate: 'text-overflow',
  'text-ellipsis': 'text-overflow',
  'text-clip': 'text-overflow',
  grow: 'grow',
  shrink: 'shrink',
  'flex-row': 'flex-direction',
  'flex-row-reverse': 'flex-direction',
  'flex-col': 'flex-direction',
  'flex-col-reverse': 'flex-direction',
  'flex-wrap': 'flex-wrap',
  'flex-wrap-reverse': 'flex-wrap',
  'flex-nowrap': 'flex-wrap',
  'flex-1': 'flex',
  'flex-auto': 'flex',
  'flex-initial': 'flex',
  'flex-none': 'flex',
  border: 'border-w',
  rounded: 'rounded',
  shadow: 'shadow',
  transition: 'transition',
  outline: 'outline-style',
  'outline-none': 'outline-style',
  'outline-hidden': 'outline-style',
  'outline-dashed': 'outline-style',
  'outline-dotted': 'outline-style',
  ring: 'ring-w',
  'sr-only': 'sr',
  'not-sr-only': 'sr',
  'select-none': 'select',
  'select-text': 'select',
  'select-all': 'select',
  'select-auto': 'select',
  'pointer-events-none': 'pointer-events',
  'pointer-events-auto': 'pointer-events',
};

/** Utilities named `<prefix>-<value>` whose value never says which property they set. */
const PREFIXES = new Set([
  'p',
  'px',
  'py',
  'pt',
  'pr',
  'pb',
  'pl',
  'ps',
  'pe',
  'm',
  'mx',
  'my',
  'mt',
  'mr',
  'mb',
  'ml',
  'ms',
  'me',
  'w',
  'h',
  'size',
  'min-w',
  'min-h',
  'max-w',
  'max-h',
  'gap',
  'gap-x',
  'gap-y',
  'space-x',
  'space-y',
  'inset',
  'inset-x',
  'inset-y',
  'top',
  'right',
  'bottom',
  'left',
  'start',
  'end',
  'z',
  'opacity',
  'cursor',
  'overflow',
  'overflow-x',
  'overflow-y',
  'items',
  'justify',
  'self',
  'content',
  'place-items',
  'place-content',
  'leading',
  'tracking',
  'whitespace',
  'basis',
  'order',
  'col-span',
  'row-span',
  'grid-cols',
  'grid-rows',
  'col-start',
  'col-end',
  'translate-x',
  'translate-y',
  'scale',
  'rotate',
  'duration',
  'ease',
  'delay',
  'animate',
  'outline-offset',
  'ring-offset',
  'underline-offset',
  'object',
  'aspect',
  'line-clamp',
  'list',
  'break',
  'fill',
  'stroke',
  'backdrop-blur',
  'blur',
  'scroll-mt',
  'scroll-pt',
  'accent',
  'caret',
  'align',
  'wrap',
  'justify-items',
  'justify-self',
  'from',
  'via',
  'to',
  'grow',
  'shrink',
]);

/** A class that overrides another group (`p-4` after `px-2`) wins over both. */
const OVERRIDES: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  gap: ['gap-x', 'gap-y'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  overflow: ['overflow-x', 'overflow-y'],
  rounded: ['rounded-s', 'rounded-e', 'rounded-t', 'rounded-r', 'rounded-b', 'rounded-l'],
  'border-w': ['border-w-x', 'border-w-y', 'border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': [
    'border-color-x',
    'border-color-y',
    'border-color-t',
    'border-color-r',
    'border-color-b',
    'border-color-l',
  ],
  'font-size': ['leading'],
  flex: ['grow', 'shrink', 'basis'],
};

const SIZES =
  /^(xs|sm|base|md|lg|[2-9]?xl|none|full|\[(length:)?[\d.]+[a-z%]*\]|\[(length:|calc|clamp|min|max).*\])$/;
const WIDTH = /^(\d+|\[(length:)?[\d.]+[a-z]*\])$/;

function groupOf(utility: string): string | undefined {
  if (DISPLAY.has(utility)) return 'display';
  const keyword = KEYWORDS[utility];
  if (keyword) return keyword;
  if (utility.startsWith('[')) return undefined; // an arbitrary property
  // The value after the last '/' (an opacity, a line height) does not change the group.
  const slash = utility.search(/\/(?![^[]*\])/);
  const base = slash === -1 ? utility : utility.slice(0, slash);

  const dash = base.indexOf('-');
  if (dash === -1) return undefined;
  const head = base.slice(0, dash);
  const rest = base.slice(dash + 1);

  switch (head) {
    case 'text':
      if (/^(left|center|right|justify|start|end)$/.test(rest)) return 'text-align';
      if (/^(wrap|nowrap|balance|pretty)$/.test(rest)) return 'text-wrap';
      return SIZES.test(rest) ? 'font-size' : 'text-color';
    case 'font':
      return /^(sans|serif|mono|\[.*\])$/.test(rest) && !/^\[\d/.test(rest)
        ? 'font-family'
        : 'font-weight';
    case 'bg':
      return /^(linear|radial|conic|gradient|none|\[(url|image:|linear-|radial-|conic-|repeating-))/.test(
        rest,
      )
        ? 'bg-image'
        : 'bg-color';
    case 'rounded': {
      const side = /^(s|e|t|r|b|l|ss|se|ee|es|tl|tr|br|bl)(-|$)/.exec(rest);
      return side ? `rounded-${side[1]}` : 'rounded';
    }
    case 'border': {
      if (WIDTH.test(rest)) return 'border-w';
      if (/^(solid|dashed|dotted|double|hidden|none)$/.test(rest)) return 'border-style';
      if (/^(collapse|separate)$/.test(rest)) return 'border-collapse';
      const parts = /^(x|y|t|r|b|l|s|e)(?:-(.*))?$/.exec(rest);
      if (parts) {
        return !parts[2] || WIDTH.test(parts[2])
          ? `border-w-${parts[1]}`
          : `border-color-${parts[1]}`;
      }
      return 'border-color';
    }
    case 'shadow':
      return /^(2xs|xs|sm|md|lg|xl|2xl|none|inner|\[.*\])$/.test(rest) ? 'shadow' : 'shadow-color';
    case 'ring':
      return WIDTH.test(rest) || rest === 'inset' ? 'ring-w' : 'ring-color';
    case 'outline':
      if (WIDTH.test(rest)) return 'outline-w';
      if (rest.startsWith('offset-')) return 'outline-offset';
      if (/^(solid|dashed|dotted|double|none|hidden)$/.test(rest)) return 'outline-style';
      return 'outline-color';
    case 'decoration':
      return /^(\d+|auto|from-font|solid|double|dotted|dashed|wavy)$/.test(rest)
        ? `decoration-${/^\d+|auto|from-font$/.test(rest) ? 'w' : 'style'}`
        : 'decoration-color';
    case 'transition':
      return 'transition';
    case 'animate':
      // As tailwind-merge: only Tailwind's own animations are one group; the site's are kept.
      return /^(spin|ping|pulse|bounce|none|\[.*\]|\(.*\))$/.test(rest) ? 'animate' : undefined;
    case 'flex':
      return 'flex';
    case 'backdrop':
    case 'min':
    case 'max':
    case 'inset':
    case 'gap':
    case 'space':
    case 'overflow':
    case 'translate':
    case 'col':
    case 'row':
    case 'grid':
    case 'place':
    case 'line':
    case 'outline-offset':
    case 'scroll':
    case 'pointer':
    case 'select':
    case 'justify': {
      // Two-word prefixes: 'min-w-0', 'gap-x-2', 'col-span-2', 'backdrop-blur-sm'…
      const second = rest.indexOf('-');
      const prefix = second === -1 ? head : `${head}-${rest.slice(0, second)}`;
      if (PREFIXES.has(prefix)) return prefix;
      return PREFIXES.has(head) ? head : undefined;
    }
    default:
      if (head === 'ring' || head === 'underline') break;
      if (PREFIXES.has(head)) return head;
  }
  const twoWord = /^([a-z]+-[a-z]+)-/.exec(base);
  if (twoWord && PREFIXES.has(twoWord[1]!)) return twoWord[1];
  return undefined;
}

/** Splits `md:hover:px-4!` into its variants and the utility, outside brackets. */
function parse(className: string): { variants: string; important: boolean; utility: string } {
  let depth = 0;
  let start = 0;
  const variants: string[] = [];
  for (let index = 0; index < className.length; index++) {
    const char = className[index];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      variants.push(className.slice(start, index));
      start = index + 1;
    }
  }
  let utility = className.slice(start);
  let important = false;
  if (utility.endsWith('!')) {
    important = true;
    utility = utility.slice(0, -1);
  } else if (utility.startsWith('!')) {
    important = true;
    utility = utility.slice(1);
  }
  if (utility.startsWith('-')) utility = utility.slice(1);
  // Order of variants does not matter for a conflict, except for the arbitrary ones.
  const sorted = variants.some((variant) => variant.startsWith('['))
    ? variants
    : [...variants].sort();
  return { variants: sorted.join(':'), important, utility };
}

function mergeClasses(classList: string): string {
  const classes = classList.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index]!;
    const { variants, important, utility } = parse(className);
    const group = groupOf(utility);
    if (!group) {
      if (!kept.includes(className)) kept.push(className);
      continue;
    }
    const scope = `${variants}${important ? '!' : ''}:`;
    if (taken.has(scope + group)) continue;
    taken.add(scope + group);
    for (const overridden of OVERRIDES[group] ?? []) taken.add(scope + overridden);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
