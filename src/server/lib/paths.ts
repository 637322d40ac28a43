import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project root, found by walking up to package.json. The server runs both from source
 * (src/server) and bundled (dist/server), so paths are never written relative to a module.
 */
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);
export const CLIENT_DIR = join(PROJECT_ROOT, 'dist', 'client');
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'drizzle');
