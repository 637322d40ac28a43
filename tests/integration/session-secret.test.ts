import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { issueMagicLink } from '#server/applicant/magic-link.ts';
import type { Database } from '#server/db/client.ts';
import { applications, emailOutbox, serverSecrets } from '#server/db/schema.ts';
import { parseEnv, type Env } from '#server/env.ts';
import { sessionSecretPath } from '#server/secrets.ts';
import { createServer, type RunningServer } from '#server/server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/**
 * The key that signs magic links never sits in the database: a copy of the database alone
 * must not let anyone sign a link. Without SESSION_SECRET it lives in a private file under
 * DATA_DIR, survives restarts, and a key an older version stored in the database moves there.
 */

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

// One database for the file (each start is slow on a busy machine); each test has its own
// DATA_DIR, which is where the key lives.
let test: TestDatabase;
let database: Database;
beforeAll(async () => {
  test = await createTestDatabase();
  database = test.database;
}, 120_000);
afterAll(async () => {
  await test?.destroy();
});

function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'waj-secret-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function envFor(dataDir: string, extra: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_PASSPHRASE: 'correct horse battery staple',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '0',
    PUBLIC_URL: 'https://waj.example',
    ...extra,
  });
}

async function start(env: Env): Promise<RunningServer> {
  const server = await createServer(env, { database, logger: false });
  let closed = false;
  cleanup.push(async () => {
    if (!closed) await server.close();
  });
  return {
    ...server,
    close: async () => {
      closed = true;
      await server.close();
    },
  };
}

async function secretRows(server: RunningServer) {
  return server.ctx.db.select().from(serverSecrets);
}

async function newApplication(email: string): Promise<string> {
  const [row] = await database.db
    .insert(applications)
    .values({ source: 'invite', stage: 'detailed', email, fullName: 'Ada Lovelace' })
    .returning({ id: applications.id });
  return row!.id;
}

/** A resume link signed with `secret` and e-mailed to the application; returns its sid. */
async function emailLink(applicationId: string, email: string, secret: string): Promise<string> {
  const { emailId } = await database.db.transaction((tx) =>
    issueMagicLink(tx, {
      applicationId,
      secret,
      publicUrl: 'https://waj.example',
      mail: ({ url }) => ({ to: email, subject: 'Continue', text: url, template: 'test.link' }),
    }),
  );
  const [mail] = await database.db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, emailId));
  return new URL(mail!.text).searchParams.get('sid')!;
}

const redeem = (server: RunningServer, sid: string) =>
  server.app.inject({ method: 'POST', url: '/api/apply-session', payload: { sid } });

describe('the magic-link key', { timeout: 180_000 }, () => {
  it('is generated into a 0600 file under DATA_DIR, no database row holds it, and a link e-mailed before a restart still works after it', async () => {
    const dataDir = freshDataDir();
    const first = await start(envFor(dataDir));

    const secret = first.ctx.secrets.sessionSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const path = sessionSecretPath(dataDir);
    expect(path).toBe(join(dataDir, 'secrets', 'session-secret'));
    expect(readFileSync(path, 'utf8').trim()).toBe(secret);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'secrets')).mode & 0o777).toBe(0o700);
    const rows = await secretRows(first);
    expect(rows.map((r) => r.key)).not.toContain('session_secret');
    expect(rows.map((r) => r.value)).not.toContain(secret);

    const appId = await newApplication('restart@example.com');
    const sid = await emailLink(appId, 'restart@example.com', secret);
    await first.close();

    const second = await start(envFor(dataDir));
    expect(second.ctx.secrets.sessionSecret).toBe(secret);
    const res = await redeem(second, sid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, basic_id: appId });
  });

  it('moves a key an earlier version kept in the database into the file, so its links still work', async () => {
    const dataDir = freshDataDir();
    // What an earlier version left behind: the key in server_secrets and a link it signed.
    const legacy = randomBytes(32).toString('base64url');
    await database.db.insert(serverSecrets).values({ key: 'session_secret', value: legacy });
    const appId = await newApplication('old@example.com');
    const sid = await emailLink(appId, 'old@example.com', legacy);

    const server = await start(envFor(dataDir));
    expect(server.ctx.secrets.sessionSecret).toBe(legacy);
    expect(readFileSync(sessionSecretPath(dataDir), 'utf8').trim()).toBe(legacy);
    expect(statSync(sessionSecretPath(dataDir)).mode & 0o777).toBe(0o600);
    const rows = await secretRows(server);
    expect(rows.map((r) => r.key)).not.toContain('session_secret');
    expect(rows.map((r) => r.value)).not.toContain(legacy);

    const res = await redeem(server, sid);
    expect(res.statusCode).toBe(200);
    expect(res.json().basic_id).toBe(appId);
  });

  it('is the same for two instances starting together on one DATA_DIR', async () => {
    const dataDir = freshDataDir();
    const [a, b] = await Promise.all([start(envFor(dataDir)), start(envFor(dataDir))]);
    expect(a.ctx.secrets.sessionSecret).toBe(b.ctx.secrets.sessionSecret);
    expect(readFileSync(sessionSecretPath(dataDir), 'utf8').trim()).toBe(
      a.ctx.secrets.sessionSecret,
    );
  });

  it('comes from SESSION_SECRET when set: no file, and an old database copy is deleted', async () => {
    const dataDir = freshDataDir();
    await database.db
      .insert(serverSecrets)
      .values({ key: 'session_secret', value: randomBytes(32).toString('base64url') });
    const configured = 'a-configured-session-secret-of-40-chars!!';
    const server = await start(envFor(dataDir, { SESSION_SECRET: configured }));
    expect(server.ctx.secrets.sessionSecret).toBe(configured);
    expect(() => statSync(sessionSecretPath(dataDir))).toThrow(/ENOENT/);
    const rows = await secretRows(server);
    expect(rows.map((r) => r.key)).not.toContain('session_secret');
  });
});
