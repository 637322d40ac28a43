/**
 * Bundles the server into dist/server: main.js (the Node version check) loads start.js. Node resolves every import of a large package
 * through its package.json, which costs about a second at start for drizzle-orm alone; one
 * bundled file starts in a fraction of that. Packages with native parts or files of their own
 * (PGlite's WebAssembly, pg) stay external and load from node_modules.
 */
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
};
const BUNDLED = new Set(['drizzle-orm', 'zod']);
const external = Object.keys(pkg.dependencies).filter((name) => !BUNDLED.has(name));

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    start: 'src/server/start.ts',
    'migrate-cli': 'src/server/db/migrate-cli.ts',
    // Started as a worker thread by src/server/kyc/heic.ts, which looks for it beside itself.
    'heic-worker': 'src/server/kyc/heic-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
