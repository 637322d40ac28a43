import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { requireNode24 } from './src/server/node-version.ts';
import { LastWordReporter } from './tests/helpers/last-word-reporter.ts';

// The build and the test runner refuse any Node but 24 with one line (see node-version.ts).
requireNode24();

/**
 * One runner, six projects: unit (shared rules), component (React components on jsdom),
 * integration on PGlite, the same integration suite on real PostgreSQL when DATABASE_URL is
 * set, end-to-end in Chromium, and the cluster rig (two built instances behind HAProxy) when
 * DATABASE_URL is set.
 */
const integration = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/integration/**/*.test.ts'],
    // A few tests are about one database only: `*.pglite.test.ts` and `*.postgres.test.ts`.
    exclude: [`tests/integration/**/*.${db === 'pglite' ? 'postgres' : 'pglite'}.test.ts`],
    environment: 'node',
    setupFiles: ['tests/helpers/fail-on-console.ts'],
    env: { WAJ_TEST_DB: db },
    // Files share their worker's modules: each builds its own app and database, and loading
    // the server's modules afresh for every file cost about 40 % of the project's time.
    isolate: false,
    // Generous for a slow, shared 2-core machine (a passing test is not slowed by it).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Two files at a time even on a 2-core machine (the default would be one): e2e files spend
    // most of their time waiting on a browser or a server, not computing.
    maxWorkers: 2,
    reporters: ['default', new LastWordReporter()],
    projects: [
      {
        test: {
          name: 'unit',
          // Plain functions and components with no shared state: a fresh process per file
          // was three quarters of the project's time (20 → 8 s).
          isolate: false,
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/helpers/fail-on-console.ts'],
        },
      },
      {
        // TSX as the client build compiles it (the automatic JSX runtime).
        plugins: [react()],
        test: {
          name: 'component',
          // Components on jsdom with Testing Library, the network stubbed at fetch: fast
          // enough to run on every save (`vitest --project component`).
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          // Each test renders into a document emptied after it (component-setup.ts) with its
          // own QueryClient, so files can share their worker's modules.
          isolate: false,
          setupFiles: ['tests/helpers/fail-on-console.ts', 'tests/helpers/component-setup.ts'],
          // stubApi (tests/helpers/component-render.ts) stubs fetch for one test only.
          unstubGlobals: true,
        },
      },
      integration('integration', 'pglite'),
      ...(process.env.DATABASE_URL ? [integration('integration-postgres', 'postgres')] : []),
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: 'cluster',
                include: ['tests/cluster/**/*.test.ts'],
                environment: 'node',
                setupFiles: ['tests/helpers/fail-on-console.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Files share their worker's modules, so one Chromium serves every file the worker
          // runs (tests/e2e/helpers/browser.ts); each test still gets a fresh browser context.
          isolate: false,
          setupFiles: ['tests/helpers/fail-on-console.ts'],
          testTimeout: 60_000,
          // In CI a failed browser test runs once more before the run fails (decision 051): on a
          // loaded 2-core machine a wait can lose a race that a person would never notice.
          // Vitest names every test that needed the second try, so flakiness stays visible.
          retry: process.env.CI ? 1 : 0,
          // Above the e2e server's own start-up limit (helpers/server.ts), so a slow start fails
          // with the server's output rather than a bare hook timeout.
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
