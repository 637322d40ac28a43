import type { TestProject } from 'vitest/node';
import { startBuiltServer, type E2eStaff } from './helpers/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The shared server's seeded staff: members and their sessions. */
    e2eStaff: E2eStaff;
  }
}

/**
 * Starts the shared e2e server (the built app, embedded database in a temporary DATA_DIR) and
 * hands its URL to the tests as `baseURL`. Teardown stops it with SIGTERM: a non-zero exit or
 * any error logged fails the run.
 */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer();
  project.provide('baseURL', server.baseURL);
  project.provide('e2eStaff', server.staff);

  return async function teardown() {
    try {
      await server.stop();
    } catch (error) {
      // Vitest prints a teardown error but still exits 0: make the run fail.
      process.exitCode = 1;
      throw error;
    }
  };
}
