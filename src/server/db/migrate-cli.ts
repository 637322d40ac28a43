/** `npm run db:migrate`: apply migrations and first-start data, then exit. */
import { ConfigError, parseEnv } from '../env.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { seedDatabase } from './seed.ts';

try {
  const env = parseEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateDatabase(database, seedDatabase);
    process.stdout.write(`Database migrated (${database.kind}).\n`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
