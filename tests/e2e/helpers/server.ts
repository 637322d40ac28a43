import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase, type Db } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { seedDatabase } from '#server/db/seed.ts';
import { STAFF_ROLES, type StaffRole } from '#shared/staff.ts';
import {
  createPostgresDatabase,
  dropPostgresDatabases,
  type PostgresDatabase,
} from '../../helpers/db.ts';
import {
  mfaKeyFrom,
  seedStaffMember,
  seedStaffToken,
  type SeededMember,
} from '../../helpers/staff-seed.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SERVER_ENTRY = join(ROOT, 'dist', 'server', 'main.js');
const CLIENT_INDEX = join(ROOT, 'dist', 'client', 'index.html');
// A start copies the packed database and loads PGlite: seconds on a quiet machine, more when
// two test files and their browsers share two cores.
const STARTUP_TIMEOUT_MS = 60_000;
const SHUTDOWN_TIMEOUT_MS = 15_000;

/** The first owner's passphrase on every e2e server (ADMIN_PASSPHRASE). */
export const E2E_PASSPHRASE = 'e2e staff passphrase 1';
/** Every e2e server encrypts TOTP secrets with this, so the seed can write them. */
const E2E_MFA_KEY = 'e2e mfa key: only for the test servers, 32+ chars';
/** Sessions seeded per role: each staffSignIn hands out the next one. */
const TOKENS_PER_ROLE = 12;

/**
 * The staff seeded into an e2e server before it starts: one active member per role with a
 * known passphrase and TOTP secret, and live sessions for each. Tests sign in with these
 * (staffSignIn); only the gate's own tests type into the gate.
 */
export interface E2eStaff {
  members: Record<StaffRole, SeededMember>;
  tokens: Record<StaffRole, string[]>;
}

/**
 * Seeds the embedded database under `dataDir`, or the PostgreSQL database at `url`, as a first
 * start would make it (migrated and seeded), plus the e2e staff, and closes it so the server
 * can open it.
 */
async function seedStaff(
  dataDir: string,
  seed?: StartOptions['seed'],
  url?: string,
): Promise<E2eStaff> {
  const database = await openDatabase({ dataDir, url });
  try {
    await migrateDatabase(database, seedDatabase);
    const mfaKey = mfaKeyFrom(E2E_MFA_KEY);
    const members = {} as E2eStaff['members'];
    const tokens = {} as E2eStaff['tokens'];
    for (const role of STAFF_ROLES) {
      const member = await seedStaffMember(database.db, mfaKey, {
        role,
        email: `${role}@staff.test`,
        name: `${role[0]!.toUpperCase()}${role.slice(1)} Tester`,
      });
      members[role] = member;
      tokens[role] = [];
      for (let i = 0; i < TOKENS_PER_ROLE; i++) {
        tokens[role].push(await seedStaffToken(database.db, member.id));
      }
    }
    await seed?.(database.db, { members, tokens });
    return { members, tokens };
  } finally {
    await database.close();
  }
}

/** The staffed data directory this process made first; later servers start from a copy. */
let staffedTemplate: Promise<{ dir: string; staff: E2eStaff }> | undefined;

/**
 * Fills `dataDir` as seedStaff would. Opening the embedded database, migrating it and hashing
 * each member's passphrase costs seconds of CPU per server, so a process does it once and
 * copies the closed directory for every later server (each still has a database of its own).
 * A server with data of its own (`seed`) is seeded afresh.
 */
async function staffedDataDir(dataDir: string, seed?: StartOptions['seed']): Promise<E2eStaff> {
  if (seed) return seedStaff(dataDir, seed);
  staffedTemplate ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'waj-e2e-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return { dir, staff: await seedStaff(dir) };
  })();
  const { dir, staff } = await staffedTemplate;
  await cp(dir, dataDir, { recursive: true });
  return staff;
}

/**
 * With DATABASE_URL set (as in CI), each server runs on a PostgreSQL database of its own on that
 * server, as the product is deployed, instead of the embedded one (decision 065): PGlite, a
 * whole PostgreSQL compiled to WebAssembly in the server's process, cost the e2e project about
 * a sixth of its CPU. The names share this run's prefix, so global setup drops them all.
 */
const POSTGRES = Boolean(process.env.DATABASE_URL);
export const RUN_PREFIX_ENV = 'WAJ_E2E_RUN';
const databasePrefix = () => `waj_e2e_${process.env[RUN_PREFIX_ENV] ?? 'solo'}_`;
let databases = 0;
const newDatabaseName = () => `${databasePrefix()}${process.pid}_${++databases}`;

/** This process's first staffed database; later servers start from a copy. */
let staffedPostgresTemplate: Promise<{ name: string; staff: E2eStaff }> | undefined;

/** A PostgreSQL database for one server, filled as staffedDataDir fills a data directory. */
async function postgresDatabase(
  dataDir: string,
  options: StartOptions,
): Promise<{ database: PostgresDatabase; staff: E2eStaff | null }> {
  if (options.noStaff || options.seed) {
    const database = await createPostgresDatabase(newDatabaseName());
    const staff = options.noStaff ? null : await seedStaff(dataDir, options.seed, database.url);
    return { database, staff };
  }
  staffedPostgresTemplate ??= (async () => {
    const name = newDatabaseName();
    const template = await createPostgresDatabase(name);
    return { name, staff: await seedStaff(dataDir, undefined, template.url) };
  })();
  const template = await staffedPostgresTemplate;
  return {
    database: await createPostgresDatabase(newDatabaseName(), template.name),
    staff: template.staff,
  };
}

/** Drops every database this run's servers had (global teardown, once they have stopped). */
export async function dropRunDatabases(): Promise<void> {
  if (POSTGRES) await dropPostgresDatabases(databasePrefix());
}

/** The seeded staff of each server this process started or was told about, by base URL. */
const staffOfServer = new Map<string, E2eStaff>();
const handedOut = new Map<string, number>();

/** Makes a server started elsewhere (the shared one, by global setup) known to staffSignIn. */
export function registerServerStaff(baseURL: string, staff: E2eStaff): void {
  staffOfServer.set(baseURL, staff);
}

/** A port nobody is listening on right now: the OS picks it, we release it at once. */
async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        fail(new Error('could not read the probe port'));
        return;
      }
      probe.close(() => done(address.port));
    });
  });
}

/** Resolves after `ms`; unref'd so a pending wait never keeps Vitest from exiting. */
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms).unref());

/** pino's error (50) and fatal (60) lines in the server's output. */
function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => {
    try {
      const entry = JSON.parse(line) as { level?: unknown };
      return typeof entry.level === 'number' && entry.level >= 50;
    } catch {
      return false;
    }
  });
}

export interface RunningServer {
  baseURL: string;
  /** The server's DATA_DIR (embedded database, uploads, qa/); removed when it stops. */
  dataDir: string;
  /** The staff seeded before it started (staffSignIn hands out their sessions); throws with noStaff. */
  readonly staff: E2eStaff;
  /** SIGTERM; throws on a non-zero exit, a slow stop or any error the server logged. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * Set PUBLIC_URL to the server's own address, so links it builds (e-mails, Veriff's
   * callback) lead back to it. The port is only known once picked, hence not in `extraEnv`.
   */
  ownPublicUrl?: boolean;
  /**
   * Seed no staff, so the server's own first start creates the first owner (ADMIN_EMAIL's
   * default with E2E_PASSPHRASE, no authenticator yet): for the test of that first sign-in.
   */
  noStaff?: boolean;
  /** More data written straight into the database before the server starts (a backlog). */
  seed?: (db: Db, staff: E2eStaff) => Promise<void>;
}

/** The first owner a server creates itself when it starts with no staff (CONTRACT §5). */
export const FIRST_OWNER_EMAIL = 'admin@waj.co.uk';

/**
 * Starts the built server (dist/) on a free port with a temporary DATA_DIR, exactly as
 * `npm start` would: on its embedded database there, or with DATABASE_URL set, on a PostgreSQL
 * database of its own. The shared e2e server comes from global-setup.ts;
 * a test that changes site-wide state (maintenance mode) or needs other configuration starts
 * its own, so files running in parallel never see each other's changes.
 */
export async function startBuiltServer(
  extraEnv: NodeJS.ProcessEnv = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  for (const file of [SERVER_ENTRY, CLIENT_INDEX]) {
    if (!existsSync(file)) {
      throw new Error(`e2e: ${file} is missing. Run \`npm run build\` first (npm test does).`);
    }
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'waj-e2e-'));
  let database: PostgresDatabase | undefined;
  let staff: E2eStaff | null = null;
  if (POSTGRES) ({ database, staff } = await postgresDatabase(dataDir, options));
  else if (!options.noStaff) staff = await staffedDataDir(dataDir, options.seed);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  // Only what the server needs: the runner's own DATABASE_URL is the admin database, never a
  // server's.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: process.env.TZ,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSPHRASE: E2E_PASSPHRASE,
    MFA_SECRET_KEY: E2E_MFA_KEY,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    RATE_LIMIT_SCALE: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...extraEnv,
    ...(options.ownPublicUrl ? { PUBLIC_URL: baseURL } : {}),
  };
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // If Vitest dies without tearing down (Ctrl-C), do not leave the server running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  /** How the server ended ('code 0', 'signal SIGKILL'); undefined while it runs. */
  let ended: string | undefined;
  const exited = new Promise<string>((done) => {
    child.once('exit', (code, signal) =>
      done((ended = signal ? `signal ${signal}` : `code ${code}`)),
    );
  });

  const fail = async (message: string): Promise<never> => {
    if (ended === undefined) {
      child.kill('SIGKILL');
      await exited;
    }
    process.off('exit', killOnExit);
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
    throw new Error(`e2e: ${message}\n--- server output ---\n${output}`);
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (ended !== undefined) await fail(`the server exited during start (${ended})`);
    try {
      const res = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await fail(`the server did not answer /healthz within ${STARTUP_TIMEOUT_MS / 1000} s`);
    }
    await sleep(100);
  }

  async function stop() {
    try {
      if (ended !== undefined) {
        throw new Error(`e2e: the server stopped during the tests (${ended})`);
      }
      child.kill('SIGTERM');
      const result = await Promise.race([exited, sleep(SHUTDOWN_TIMEOUT_MS).then(() => 'timeout')]);
      if (result === 'timeout') {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`e2e: the server did not stop within ${SHUTDOWN_TIMEOUT_MS / 1000} s`);
      }
      if (result !== 'code 0') {
        throw new Error(`e2e: after SIGTERM the server exited with ${result}, not code 0`);
      }
      const errors = errorLines(output);
      if (errors.length) {
        throw new Error(`e2e: the server logged errors:\n${errors.join('\n')}`);
      }
    } catch (error) {
      (error as Error).message += `\n--- server output ---\n${output}`;
      throw error;
    } finally {
      process.off('exit', killOnExit);
      await rm(dataDir, { recursive: true, force: true });
      await database?.drop();
    }
  }

  if (staff) staffOfServer.set(baseURL, staff);
  return {
    baseURL,
    dataDir,
    get staff() {
      if (!staff) throw new Error('e2e: this server was started with noStaff');
      return staff;
    },
    stop,
  };
}

/**
 * A live session of the seeded member of `role` (default owner) on `baseURL`, for
 * `x-admin-pass`. Each call hands out the next seeded session, so a test that signs one out
 * does not sign out the next test. The sessions were seeded, not signed in through the gate:
 * the gate's own tests cover that.
 */
export async function staffSignIn(baseURL: string, role: StaffRole = 'owner'): Promise<string> {
  const staff = staffOfServer.get(baseURL);
  if (!staff) throw new Error(`e2e: no seeded staff for ${baseURL}`);
  const key = `${baseURL} ${role}`;
  // Workers of one run share the shared server's sessions: each starts at its own offset.
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const n = handedOut.get(key) ?? (worker - 1) * 5;
  handedOut.set(key, n + 1);
  const tokens = staff.tokens[role];
  return tokens[n % tokens.length]!;
}
