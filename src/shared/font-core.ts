/**
 * The characters the core font faces carry (decision 060): printable ASCII and the few other
 * characters the public pages print. A page using any other character still gets it from the
 * full Latin face. `tests/integration/font-core.test.ts` checks every drawn public page against
 * this list, so a new character on a page is a failing test rather than a silent extra download.
 */
export const CORE_CODE_POINTS: readonly number[] = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i),
  0xa0, // no-break space
  0xa3, // £
  0xa9, // ©
  0xae, // ®
  0xb7, // ·
  0xd7, // × (image sizes on /press)
  0x2013, // –
  0x2014, // —
  0x2018, // ‘
  0x2019, // ’
  0x201c, // “
  0x201d, // ”
  0x2022, // •
  0x2026, // …
  0x20ac, // €
  0x2122, // ™
];

/** The core set as a CSS `unicode-range` value. */
export function coreUnicodeRange(points: readonly number[] = CORE_CODE_POINTS): string {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
    ranges.push(i === j ? `U+${hex(sorted[i]!)}` : `U+${hex(sorted[i]!)}-${hex(sorted[j]!)}`);
    i = j + 1;
  }
  return ranges.join(', ');
}
