/**
 * Cuts the two preloaded faces (decision 044) down to the characters the public pages print,
 * into src/client/assets/fonts/ (not checked in: made again by every build, so a new release of
 * the Fontsource packages is picked up). styles.css gives the core faces these characters and
 * the full Latin faces only the rest (ranges that never overlap), so a full face is fetched
 * only by a page that prints such a character (decision 060). Run before `vite build` or
 * `vite` (the build does).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { CORE_CODE_POINTS } from '#shared/font-core.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'src', 'client', 'assets', 'fonts');

const FACES = [
  {
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    file: 'inter-core-wght-normal.woff2',
  },
  {
    source: '@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2',
    file: 'playfair-display-core-wght-normal.woff2',
  },
];

const started = Date.now();
await mkdir(OUT, { recursive: true });
const text = String.fromCodePoint(...CORE_CODE_POINTS);
const sizes: string[] = [];
for (const face of FACES) {
  const source = await readFile(join(ROOT, 'node_modules', face.source));
  // The variation axis (weight) and the layout features (kerning, ligatures) are kept.
  const core = await subsetFont(source, text, { targetFormat: 'woff2' });
  await writeFile(join(OUT, face.file), core);
  sizes.push(
    `${face.file} ${(source.length / 1024).toFixed(1)} → ${(core.length / 1024).toFixed(1)} kB`,
  );
}
process.stdout.write(`core font faces: ${sizes.join(', ')} (${Date.now() - started} ms)\n`);
