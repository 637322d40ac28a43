// Runs in the PGlite integration project only (see vitest.config.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { createServer, type RunningServer } from '../../src/server/server.ts';

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

describe('embedded database under DATA_DIR', () => {
  it('keeps data and the generated passphrase across a restart; a new DATA_DIR starts clean', async () => {
    const dataDir = tempDir();
    const first = await start({ DATA_DIR: dataDir });
    expect(first.passphrase).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){5}$/);
    const token = (await signIn(first.server, first.passphrase!)).json().token as string;
    await first.server.ctx.db.execute(
      sql`update site_settings set value = '{"enabled": true}' where key = 'maintenance_mode'`,
    );
    await first.server.close();

    const second = await start({ DATA_DIR: dataDir });
    // Shown once only: the restart does not print (or change) it.
    expect(second.passphrase).toBeUndefined();
    expect((await signIn(second.server, first.passphrase!)).statusCode).toBe(200);
    const maintenance = await second.server.app.inject('/api/site-settings/maintenance_mode');
    expect(maintenance.json().value).toEqual({ enabled: true });
    const signOut = await second.server.app.inject({
      method: 'POST',
      url: '/api/admin-signout',
      headers: { 'x-admin-pass': token },
    });
    expect(signOut.statusCode).toBe(200);
    await second.server.close();

    const other = await start({ DATA_DIR: tempDir() });
    expect(other.passphrase).toMatch(/^[0-9A-Z-]{35}$/);
    expect(other.passphrase).not.toBe(first.passphrase);
    expect((await signIn(other.server, first.passphrase!)).statusCode).toBe(401);
    const fresh = await other.server.app.inject('/api/site-settings/maintenance_mode');
    expect(fresh.json().value).toEqual({ enabled: false });
  });
});
