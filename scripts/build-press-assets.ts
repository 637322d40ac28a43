/**
 * Renders the press downloads and the Open Graph image from the hand-drawn SVG art in
 * src/client/assets into dist/client/press/ (served as /press/*.png). Runs after `vite build`,
 * which empties dist/client. The press page and the server's Open Graph tags use these exact
 * file names. The art draws its lettering as paths, so the output does not depend on the fonts
 * of the machine that builds it, and the same SVG always gives the same PNG.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ASSETS = join(ROOT, 'src', 'client', 'assets');
const OUT = join(ROOT, 'dist', 'client', 'press');

/** Card renders at twice the card art's 856 × 540 (ISO/IEC 7810 ID-1 proportions). */
const CARD_WIDTH = 1712;
const LOGO_WIDTH = 1200;

type Job = { source: string; file: string; width: number };

const JOBS: Job[] = [
  { source: 'brand/waj-logo-light.svg', file: 'waj-logo-light.png', width: LOGO_WIDTH },
  { source: 'brand/waj-logo-dark.svg', file: 'waj-logo-dark.png', width: LOGO_WIDTH },
  ...(['standard', 'noir', 'titan', 'monarch'] as const).map((tier) => ({
    source: `cards/${tier}.svg`,
    file: `waj-card-${tier}.png`,
    width: CARD_WIDTH,
  })),
  { source: 'brand/waj-og.svg', file: 'waj-og.png', width: 1200 },
];

/**
 * librsvg only loads files beside the one it renders, and sharp renders from a buffer, so the
 * OG composition's references to the logo and card art are inlined as data URIs first.
 */
async function inlineImages(svg: string, from: string): Promise<string> {
  const refs = [...new Set([...svg.matchAll(/href="([^"#:]+\.svg)"/g)].map((match) => match[1]!))];
  let result = svg;
  for (const ref of refs) {
    const data = await readFile(join(from, ref));
    result = result.replaceAll(
      `href="${ref}"`,
      `href="data:image/svg+xml;base64,${data.toString('base64')}"`,
    );
  }
  return result;
}

async function render({ source, file, width }: Job): Promise<void> {
  const path = join(ASSETS, source);
  const svg = await inlineImages(await readFile(path, 'utf8'), dirname(path));
  const { width: drawnWidth } = await sharp(Buffer.from(svg)).metadata();
  if (!drawnWidth) throw new Error(`${source}: no width`);
  // Rasterise at the target size (not upscaled from the SVG's nominal size), so edges stay sharp.
  const png = await sharp(Buffer.from(svg), { density: (72 * width) / drawnWidth })
    .resize({ width })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
  await writeFile(join(OUT, file), png);
}

const started = performance.now();
await mkdir(OUT, { recursive: true });
await Promise.all(JOBS.map(render));
process.stdout.write(
  `press assets: ${JOBS.length} files in dist/client/press (${Math.round(performance.now() - started)} ms)\n`,
);
