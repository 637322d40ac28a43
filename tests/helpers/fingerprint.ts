import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/server/db/client.ts';

/**
 * A fingerprint of every table's rows and of every file under `dataDir`: two equal
 * fingerprints mean nothing was written anywhere, so a refused call can be proved harmless.
 * (The same fingerprint as staff-guard.test.ts's `everything()`, shared for other tests.)
 */
export async function fingerprint(db: Db, dataDir: string): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const state: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; digest: string | null }>(
      db,
      sql`select count(*)::int as n, md5(string_agg(r::text, '|' order by r::text)) as digest
          from ${sql.identifier(name)} as r`,
    );
    state[`table ${name}`] = `${row!.n} rows ${row!.digest ?? ''}`;
  }
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  for (const file of existsSync(dataDir) ? walk(dataDir) : []) {
    const digest = createHash('sha256').update(readFileSync(file)).digest('hex');
    state[`file ${relative(dataDir, file)}`] = digest;
  }
  return state;
}
