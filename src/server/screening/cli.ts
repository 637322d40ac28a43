/**
 * `npm run screening -- import <file>…`: loads sanctions or PEP list files as the next version
 * of their list (CONTRACT §8), as the upload in the staff panel does, for the server operator
 * (it needs the database and DATA_DIR). The files of one call are one list: OFAC's SDN file
 * with its alternate names, or one file of any other list. Audited as the system.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { migrateDatabase } from '../db/migrate.ts';
import { openDatabase } from '../db/client.ts';
import { seedDatabase } from '../db/seed.ts';
import { ConfigError, parseEnv } from '../env.ts';
import { importParsedFiles, parseListFiles } from './lists.ts';
import { ListFormatError } from './types.ts';

const USAGE = 'Usage: npm run screening -- import <file>…\n';

async function main(): Promise<number> {
  const [command, ...paths] = process.argv.slice(2);
  if (command !== 'import' || paths.length === 0) {
    process.stderr.write(USAGE);
    return 2;
  }
  const files = [];
  for (const path of paths) {
    try {
      files.push({ name: basename(path), bytes: await readFile(path) });
    } catch {
      process.stderr.write(`Cannot read ${path}.\n`);
      return 1;
    }
  }
  const env = parseEnv();
  // Read before the database is opened: a bad file is refused at once.
  let parsed;
  try {
    parsed = parseListFiles(files);
  } catch (error) {
    if (!(error instanceof ListFormatError)) throw error;
    process.stderr.write(`Not loaded: ${error.message}\n`);
    return 1;
  }
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateDatabase(database, seedDatabase);
    const result = await importParsedFiles(database.db, parsed, {
      source: files.map((file) => file.name).join(', '),
      loadedBy: null,
      actor: { type: 'system', id: 'cli:screening-import' },
    });
    process.stdout.write(
      `${result.list}: version ${result.version}, ${result.entries} entries` +
        `${result.created ? '' : ' (unchanged: these files are the version in use)'}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ListFormatError) {
      process.stderr.write(`Not loaded: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
