import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';

/**
 * What a row of each table is compared by: all of it, except the outbox's delivery state,
 * which the mail worker changes in the background whatever a request did (a mail queued by an
 * earlier call being sent meanwhile is not a change the refused call made).
 */
const ROW = (name: string) =>
  name === 'email_outbox'
    ? sql`(r.id, r.to_address, r.subject, r.text_body, r.html_body, r.template)::text`
    : sql`r::text`;

/**
 * A fingerprint of every table's rows and of every file under `dataDir`: two equal
 * fingerprints mean nothing was written anywhere, so a refused call can be proved harmless.
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
      sql`select count(*)::int as n, md5(string_agg(${ROW(name)}, '|' order by ${ROW(name)})) as digest
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
