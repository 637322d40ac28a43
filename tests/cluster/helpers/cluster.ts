import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { seedDatabase } from '#server/db/seed.ts';
import { createEmptyPostgresDatabase } from '../../helpers/db.ts';
import { mfaKeyFrom, seedStaffMember, seedStaffToken } from '../../helpers/staff-seed.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SERVER_ENTRY = join(ROOT, 'dist', 'server', 'main.js');
const MFA_KEY = 'cluster rig mfa key, only for the test instances';
const SESSION_SECRET = 'cluster rig session secret, only for the test instances';

/**
 * Where the rig finds Redis (the machine's own, as in CI): a logical database of its own,
 * emptied when a cluster starts, so counts left by an earlier run (limits last a minute) never
 * meet this one.
 */
export const CLUSTER_REDIS_URL = 'redis://127.0.0.1:6379/15';

/**
 * Why the rig cannot run here, or null when it can: it needs the built server, PostgreSQL at
 * DATABASE_URL, Redis on 127.0.0.1:6379 and HAProxy (Debian's package; .ci/run installs it).
 */
export async function clusterUnavailable(): Promise<string | null> {
  if (!process.env.DATABASE_URL) return 'DATABASE_URL is not set (the rig needs PostgreSQL)';
  if (!existsSync(SERVER_ENTRY)) return `${SERVER_ENTRY} is missing: run \`npm run build\``;
  const haproxy = spawnSync('haproxy', ['-v'], { stdio: 'ignore' });
  if (haproxy.error || haproxy.status !== 0) {
    return 'haproxy is not installed (apt-get install haproxy)';
  }
  if (!(await portOpen('http://127.0.0.1:6379'))) return 'Redis does not answer on 127.0.0.1:6379';
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') return fail(new Error('no port'));
      probe.close(() => done(address.port));
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms).unref());

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`cluster: ${what} within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

export interface Instance {
  name: string;
  /** The instance's own address, bypassing the balancer. */
  url: string;
  process: ChildProcess;
  output(): string;
  /** Resolves with how it ended ('code 0', 'signal SIGKILL'). */
  exited: Promise<string>;
}

export interface Cluster {
  /** The load balancer: what clients use. */
  url: string;
  instances: Instance[];
  databaseUrl: string;
  /** A live owner session, seeded before the instances started. */
  ownerToken: string;
  stop(): Promise<void>;
}

/**
 * Two built servers (`node dist/server/main.js`, NODE_ENV=production) on one fresh PostgreSQL
 * database, behind HAProxy (round robin, health-checked), as CONTRACT §7 deploys them. Each
 * instance has its own DATA_DIR, as separate machines would.
 */
export async function startCluster(extraEnv: NodeJS.ProcessEnv = {}): Promise<Cluster> {
  const database = await createEmptyPostgresDatabase();
  const work = await mkdtemp(join(tmpdir(), 'waj-cluster-'));
  const children: ChildProcess[] = [];
  const stopAll = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await rm(work, { recursive: true, force: true });
    await database.drop();
  };
  try {
    if (extraEnv.REDIS_URL) {
      const redis = new Redis(extraEnv.REDIS_URL, { lazyConnect: true });
      await redis.connect();
      await redis.flushdb();
      await redis.quit();
    }
    // Migrated and seeded once, with an owner's session, before any instance starts.
    const db = await openDatabase({ url: database.url, dataDir: 'memory' });
    let ownerToken: string;
    try {
      await migrateDatabase(db, seedDatabase);
      const owner = await seedStaffMember(db.db, mfaKeyFrom(MFA_KEY), { role: 'owner' });
      ownerToken = await seedStaffToken(db.db, owner.id);
    } finally {
      await db.close();
    }

    const balancerPort = await freePort();
    const balancer = `http://127.0.0.1:${balancerPort}`;
    const instances: Instance[] = [];
    for (const name of ['a', 'b']) {
      const port = await freePort();
      const dataDir = join(work, name);
      let output = '';
      const child = spawn(process.execPath, [SERVER_ENTRY], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          SESSION_SECRET,
          MFA_SECRET_KEY: MFA_KEY,
          PUBLIC_URL: balancer,
          // The balancer is on loopback: its X-Forwarded-For names the client.
          TRUST_PROXY: '127.0.0.1',
          LOG_LEVEL: 'warn',
          ...extraEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      const exited = new Promise<string>((done) =>
        child.once('exit', (code, signal) => done(signal ? `signal ${signal}` : `code ${code}`)),
      );
      instances.push({
        name,
        url: `http://127.0.0.1:${port}`,
        process: child,
        output: () => output,
        exited,
      });
    }
    for (const instance of instances) {
      await waitFor(`instance ${instance.name} did not answer /healthz`, async () => {
        if (instance.process.exitCode !== null) {
          throw new Error(`instance ${instance.name} exited:\n${instance.output()}`);
        }
        return (await fetch(`${instance.url}/healthz`)).ok;
      });
    }

    const config = [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      // Live event streams stay open: a long tunnel timeout.
      '  timeout tunnel 1h',
      '  option forwardfor',
      '  retries 2',
      '  option redispatch',
      'frontend waj',
      `  bind 127.0.0.1:${balancerPort}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      // Traffic only to an instance that says it is ready (not shutting down, database up).
      '  option httpchk GET /readyz',
      '  default-server inter 500ms fall 2 rise 2',
      ...instances.map((i) => `  server ${i.name} ${new URL(i.url).host} check`),
      '',
    ].join('\n');
    const configFile = join(work, 'haproxy.cfg');
    await writeFile(configFile, config);
    const haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: 'ignore' });
    children.push(haproxy);
    await waitFor('the balancer did not answer', async () => {
      return (await fetch(`${balancer}/healthz`)).ok;
    });

    return {
      url: balancer,
      instances,
      databaseUrl: database.url,
      ownerToken,
      async stop() {
        for (const instance of instances) {
          if (instance.process.exitCode === null) instance.process.kill('SIGTERM');
        }
        await Promise.all(instances.map((instance) => instance.exited));
        haproxy.kill('SIGTERM');
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Whether a TCP port answers (for checking a killed instance is really gone). */
export function portOpen(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
    socket.connect(Number(port), hostname);
  });
}
