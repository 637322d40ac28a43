import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { seedDatabase } from '../../src/server/db/seed.ts';

/**
 * Which database the integration suite runs on. The vitest project sets WAJ_TEST_DB; the
 * PostgreSQL project only exists when DATABASE_URL is set.
 */
export const TEST_DB_KIND = process.env.WAJ_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  database: Database;
  /** Drops the database (PostgreSQL) or discards it (PGlite). */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file, so runs never collide: an
 * in-memory PGlite, or a new database on the server named after a random id.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB_KIND === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory' });
    await migrateDatabase(database, seedDatabase);
    return { database, destroy: () => database.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ url: empty.url, dataDir: 'memory' });
  await migrateDatabase(database, seedDatabase);
  return {
    database,
    async destroy() {
      await database.close();
      await empty.drop();
    },
  };
}

/** A new, empty database on the server at DATABASE_URL (nothing migrated). */
export async function createEmptyPostgresDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('WAJ_TEST_DB=postgres needs DATABASE_URL');
  const name = `waj_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
