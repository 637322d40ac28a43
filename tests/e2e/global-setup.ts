import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import {
  dropRunDatabases,
  RUN_PREFIX_ENV,
  startBuiltServer,
  type E2eStaff,
} from './helpers/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The shared server's seeded staff: members and their sessions. */
    e2eStaff: E2eStaff;
  }
}

/**
 * Starts the shared e2e server (the built app on a database of its own, helpers/server.ts) and
 * hands its URL to the tests as `baseURL`. Teardown stops it with SIGTERM: a non-zero exit or
 * any error logged fails the run. Then it drops the run's PostgreSQL databases, if any.
 */
export default async function setup(project: TestProject) {
  // Names this run's server databases on PostgreSQL (helpers/server.ts); set before the
  // workers start, so they inherit it.
  process.env[RUN_PREFIX_ENV] = randomBytes(4).toString('hex');
  const server = await startBuiltServer();
  project.provide('baseURL', server.baseURL);
  project.provide('e2eStaff', server.staff);

  return async function teardown() {
    try {
      try {
        await server.stop();
      } finally {
        await dropRunDatabases();
      }
    } catch (error) {
      // Vitest prints a teardown error but still exits 0: make the run fail.
      process.exitCode = 1;
      throw error;
    }
  };
}
