import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, Db } from './client.ts';
import { MIGRATIONS_DIR } from '../lib/paths.ts';

const migrationsFolder = MIGRATIONS_DIR;

/** Advisory lock key for migrations and first-start seeding. */
export const MIGRATION_LOCK_KEY = 0x77616a01;

/**
 * Applies the checked-in SQL migrations in order, each once. Under the advisory lock a second
 * instance starting at the same moment waits, then finds nothing left to do.
 */
export async function migrateDatabase(database: Database, then?: (db: Db) => Promise<void>) {
  await database.withLock(MIGRATION_LOCK_KEY, async (db) => {
    if (database.kind === 'pglite')
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    else await migratePostgres(db as unknown as NodePgDatabase, { migrationsFolder });
    await then?.(db);
  });
}
