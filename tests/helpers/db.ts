import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { seedDatabase } from '#server/db/seed.ts';

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
export function createEmptyPostgresDatabase(): Promise<PostgresDatabase> {
  return createPostgresDatabase(`waj_test_${randomBytes(6).toString('hex')}`);
}

export interface PostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('WAJ_TEST_DB=postgres needs DATABASE_URL');
  return url;
}

/**
 * A new database named `name` on the server at DATABASE_URL: empty, or a copy of `template`
 * (which nobody may be connected to).
 */
export async function createPostgresDatabase(
  name: string,
  template?: string,
): Promise<PostgresDatabase> {
  const admin = adminUrl();
  await adminQuery(admin, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(admin, `drop database if exists ${name} with (force)`),
  };
}

/** Drops every database on the server at DATABASE_URL whose name starts with `prefix`. */
export async function dropPostgresDatabases(prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) {
      await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
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
