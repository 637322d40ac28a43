// Runs in the PostgreSQL integration project only (see vitest.config.ts).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createEmptyPostgresDatabase } from '../helpers/db.ts';
import {
  onCleanup,
  signIn,
  startServersTogether,
  tempDir,
  undoLifecycle,
} from '../helpers/lifecycle.ts';

// Servers, folders and databases these tests make are undone after each (helpers/lifecycle.ts).
afterEach(undoLifecycle);

/** Every checked-in migration, as drizzle's journal lists them. */
const MIGRATION_COUNT = (
  JSON.parse(
    readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: unknown[] }
).entries.length;

describe('two instances on one DATABASE_URL', () => {
  it('start together on an empty database without a migration race', async () => {
    const empty = await createEmptyPostgresDatabase();
    onCleanup(() => empty.drop());
    const env = { DATABASE_URL: empty.url, DATA_DIR: tempDir() };
    const {
      servers: [a, b],
      passphrases: printed,
    } = await startServersTogether(env, 2);

    // Exactly one of them generated (and printed) the passphrase; both accept it.
    expect(printed).toHaveLength(1);
    expect((await signIn(a!, printed[0]!)).statusCode).toBe(200);
    expect((await signIn(b!, printed[0]!)).statusCode).toBe(200);

    const db = a!.ctx.db;
    const applied = await queryRows(
      db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual([{ n: MIGRATION_COUNT }]);
    const settings = await queryRows(db, sql`select count(*)::int as n from site_settings`);
    expect(settings).toEqual([{ n: 3 }]);
    expect((await a!.app.inject('/healthz')).statusCode).toBe(200);
    expect((await b!.app.inject('/healthz')).statusCode).toBe(200);
  });
});
