// Runs in the PostgreSQL integration project only (see vitest.config.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/server/db/client.ts';
import { parseEnv } from '../../src/server/env.ts';
import { createServer, type RunningServer } from '../../src/server/server.ts';
import { createEmptyPostgresDatabase } from '../helpers/db.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Starts a server the way `npm start` does (it opens its own database), capturing stdout. */
async function start(env: Record<string, string>) {
  const printed: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    printed.push(String(chunk));
    return true;
  });
  let server: RunningServer;
  try {
    server = await createServer(parseEnv({ LOG_LEVEL: 'silent', ...env }), { logger: false });
  } finally {
    spy.mockRestore();
  }
  cleanups.push(() => server.close());
  const passphrase = /Staff passphrase[^\n]*\n\s*\n\s*(\S+)/.exec(printed.join(''))?.[1];
  return { server, passphrase };
}

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'waj-life-'));
  cleanups.unshift(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function signIn(server: RunningServer, passphrase: string) {
  return server.app.inject({ method: 'POST', url: '/api/admin-auth', payload: { passphrase } });
}

describe('two instances on one DATABASE_URL', () => {
  it('start together on an empty database without a migration race', async () => {
    const empty = await createEmptyPostgresDatabase();
    cleanups.unshift(() => empty.drop());
    const env = { DATABASE_URL: empty.url, DATA_DIR: tempDir() };
    const [a, b] = await Promise.all([start(env), start(env)]);

    // Exactly one of them generated (and printed) the passphrase; both accept it.
    const printed = [a.passphrase, b.passphrase].filter(Boolean);
    expect(printed).toHaveLength(1);
    expect((await signIn(a.server, printed[0]!)).statusCode).toBe(200);
    expect((await signIn(b.server, printed[0]!)).statusCode).toBe(200);

    const db = a.server.ctx.db;
    const applied = await queryRows(
      db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual([{ n: 2 }]);
    const settings = await queryRows(db, sql`select count(*)::int as n from site_settings`);
    expect(settings).toEqual([{ n: 3 }]);
    expect((await a.server.app.inject('/healthz')).statusCode).toBe(200);
    expect((await b.server.app.inject('/healthz')).statusCode).toBe(200);
  });
});
