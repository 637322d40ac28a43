import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, PROJECT_ROOT } from '../lib/paths.ts';

/**
 * Creating a PGlite cluster (initdb) and migrating it on disk takes several seconds; loading a
 * copy of one takes under one. The build makes that copy, already migrated, so a first start
 * and every test database begin from it. Its name carries the PGlite version and a hash of the
 * migrations, so a stale copy is never used; migrations still run (as a no-op) on top.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

function templatePath(): string {
  const hash = createHash('sha256');
  hash.update(
    readFileSync(join(PROJECT_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  );
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
    }
  }
  return join(PROJECT_ROOT, 'dist', `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * The template's bytes, handed to PGlite as its `loadDataDir` Blob. PGlite only asks for
 * arrayBuffer(), and Node's Blob answers that for a 42 MB tar by joining 64 KiB chunks: with
 * the Blob built from the file each time, that was about 0.6 s of a 2-core machine's CPU for
 * every database opened, where the integration suite opens one per test file. So the file is
 * read once and each database gets its own copy of the bytes (PGlite copies them into its file
 * system, but nothing it does can then change the template).
 */
class TemplateBlob extends Blob {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

/**
 * Kept only for throwaway databases: a test process opens one per file, but a server opens
 * one at its first start and should not hold 42 MB for the rest of its life.
 */
let kept: { path: string; blob: Blob } | undefined;

/**
 * The template as PGlite's `loadDataDir` wants it, or undefined when it has not been built.
 * `keep`: hold it for the next database this process opens.
 */
export function loadTemplate(keep: boolean): Blob | undefined {
  const path = templatePath();
  if (kept?.path === path) return kept.blob;
  if (!existsSync(path)) return undefined;
  const blob = new TemplateBlob(readFileSync(path));
  if (keep) kept = { path, blob };
  return blob;
}

export async function buildTemplate(): Promise<string> {
  const path = templatePath();
  if (existsSync(path)) return path;
  const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await client.dumpDataDir('none');
  await client.close();
  mkdirSync(join(PROJECT_ROOT, 'dist'), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, path);
  return path;
}
