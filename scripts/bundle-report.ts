/**
 * Prints the gzipped JavaScript each public route downloads on a first visit: the entry chunk,
 * the route's own chunk and everything either imports statically (lazy parts such as the QA
 * overlay or the legal editor are not counted). Run by `npm run build`; the figures go into
 * docs/benchmarks.md.
 *
 * Enforces the budget (issue 16, decision 046): 120 kB per public route. The build fails,
 * naming the route and its size, when any route is over it.
 */
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SPA_PATHS } from '#shared/routes.ts';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

const DIST = 'dist/client';
const MANIFEST = 'dist/client-manifest.json';
// Vite writes it under dist/client/.vite; the site has no business serving it.
renameSync(join(DIST, '.vite', 'manifest.json'), MANIFEST);
rmSync(join(DIST, '.vite'), { recursive: true, force: true });
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;

/** Route → its page module, as app/router.tsx maps them. */
const routeModules = readFileSync('src/client/app/router.tsx', 'utf8');
function moduleOf(path: string): string | undefined {
  const match = new RegExp(
    `'${path.replace(/\//g, '\\/')}': \\(\\) => import\\('\\./([^']+)'\\)`,
  ).exec(routeModules);
  return match ? `app/${match[1]}` : undefined;
}

const gzipped = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

/** The files a chunk needs before it runs: itself and its static imports, recursively. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(child, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('bundle-report: no entry chunk in the manifest');

const rows: [string, number][] = [];
for (const path of SPA_PATHS) {
  if (path.startsWith('/apply') || path === '/account' || path.startsWith('/admin')) continue;
  const module = moduleOf(path);
  if (!module || !manifest[module]) throw new Error(`bundle-report: no chunk for ${path}`);
  const keys = closure(module, closure(entryKey));
  let total = 0;
  for (const key of keys) total += gzipSize(manifest[key]!.file);
  rows.push([path, total]);
}

/** The budget, in the report's units (1 kB = 1,024 bytes, gzipped). */
const BUDGET_KB = 120;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const lines = rows.map(([path, bytes]) => `  ${path.padEnd(16)} ${kb(bytes).padStart(9)}`);

// `/apply`, the apply flow's public way in, is drawn by the server too (decision 056) but
// carries the flow's own code, outside the public budget: shown so its weight stays in view.
const applyKeys = closure(
  'app/routes/apply/apply.tsx',
  closure('app/query-area.tsx', closure(entryKey)),
);
let applyTotal = 0;
for (const key of applyKeys) applyTotal += gzipSize(manifest[key]!.file);
lines.push(
  `  ${'/apply'.padEnd(16)} ${kb(applyTotal).padStart(9)}  (apply flow, outside the budget)`,
);

process.stdout.write(
  `\nGzipped JavaScript per public route (first visit, lazy parts excluded):\n${lines.join('\n')}\n`,
);

const over: string[] = [];
for (const [path, bytes] of rows) {
  if (bytes > BUDGET_KB * 1024) {
    over.push(
      `bundle-report: ${path} loads ${kb(bytes)} of JavaScript on a first visit, over the ${BUDGET_KB} kB budget; see docs/decisions/046-public-javascript-budget.md.`,
    );
  }
}
if (over.length > 0) {
  process.stderr.write(`${over.join('\n')}\n`);
  process.exit(1);
}
