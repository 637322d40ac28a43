import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { requireNode24 } from './src/server/node-version.ts';

// The build and the test runner refuse any Node but 24 with one line (see node-version.ts).
requireNode24();

const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
const apiTarget = 'http://127.0.0.1:3000';

// Route modules of the two private areas. Each area is built as one bundle (one download for
// the whole apply flow), and the public site must never load either of them. `/apply` itself,
// the public way in, is a chunk of its own: a visitor reading it does not download the steps
// after it until the page is idle (decision 056).
const applyRoutes = /[\\/]src[\\/]client[\\/]app[\\/]routes[\\/]apply[\\/]/;
const applyEntryRoute = /[\\/]src[\\/]client[\\/]app[\\/]routes[\\/]apply[\\/]apply\.tsx$/;
const applyStepRoutes = (id: string) => applyRoutes.test(id) && !applyEntryRoute.test(id);
const adminRoutes = /[\\/]src[\\/]client[\\/]app[\\/]routes[\\/]admin[\\/]/;
const publicRoutes = /[\\/]src[\\/]client[\\/]app[\\/]routes[\\/]public[\\/]/;
// The chunks of the public pages are named after their route files (home.tsx → home-<hash>.js).
const publicPageChunk = new RegExp(
  `(^|/)(${readdirSync(new URL('./src/client/app/routes/public', import.meta.url))
    .map((file) => file.replace(/\.tsx$/, ''))
    .join('|')})-[\\w-]{8}\\.js$`,
);

/**
 * Fails the build if the entry chunk or any public page chunk statically imports (directly or
 * through other chunks) a chunk holding apply-flow or staff-panel route code.
 */
function areaBundleGuard(): Plugin {
  return {
    name: 'waj:area-bundle-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { imports: string[]; moduleIds: string[] }>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      }
      const isPrivate = (id: string) => applyRoutes.test(id) || adminRoutes.test(id);
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        if (!output.isEntry && !output.moduleIds.some((id) => publicRoutes.test(id))) continue;
        const seen = new Set<string>();
        const queue = [output.fileName];
        while (queue.length > 0) {
          const fileName = queue.pop()!;
          if (seen.has(fileName)) continue;
          seen.add(fileName);
          const chunk = chunks.get(fileName);
          if (!chunk) continue;
          const leaked = chunk.moduleIds.find(isPrivate);
          if (leaked) {
            this.error(
              `Public chunk ${output.fileName} loads ${fileName}, which holds private-area code (${leaked}).`,
            );
          }
          queue.push(...chunk.imports);
        }
      }
    },
  };
}

// The client (public site, apply flow, staff panel) is built into dist/client and served by
// the API server. In development, `npm run dev:client` serves it on :5173 and forwards API
// calls to the server on :3000.
export default defineConfig(({ isSsrBuild }) => ({
  root: clientRoot,
  // The server's page renderer (dist/ssr, decision 047) carries its own production React, so
  // its markup is what the browser's production build hydrates, whatever NODE_ENV the server has.
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  publicDir: fileURLToPath(new URL('./src/client/public', import.meta.url)),
  plugins: [react(), tailwindcss(), areaBundleGuard()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // Read by scripts/bundle-report.ts, which moves it out of dist/client so it is never served.
    manifest: true,
    // Every browser the site supports preloads modules itself (Safari since 17); older ones
    // fetch them on import instead. Not shipping the polyfill saves every public page 0.5 kB.
    modulePreload: {
      polyfill: false,
      // A public page's chunk is first imported to hydrate a page that has already painted
      // (decision 059): its own imports are left for the browser to find, instead of a burst of
      // `modulepreload` links added in one task, which Lighthouse counted as blocking time. The
      // entry's preloads (index.html) and every other chunk's are kept.
      resolveDependencies: (filename, deps, { hostType }) =>
        hostType === 'js' && publicPageChunk.test(filename) ? [] : deps,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the route modules themselves are grouped; their dependencies stay with
          // automatic chunking, so nothing shared with the public site moves into these.
          groups: [
            { name: 'apply-steps', test: applyStepRoutes, includeDependenciesRecursively: false },
            { name: 'admin', test: adminRoutes, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget },
      '/healthz': { target: apiTarget },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
  },
}));
