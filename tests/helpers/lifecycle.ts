import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, vi } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { createServer, type RunningServer } from '../../src/server/server.ts';

/** Servers and folders made by a test, undone after it (servers first, then folders). */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Starts a server the way `npm start` does (it opens its own database), capturing stdout. */
export async function startServer(env: Record<string, string>) {
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

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'waj-life-'));
  cleanups.unshift(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Registers something else to undo after the test, after the servers have closed. */
export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.unshift(fn);
}

export function signIn(server: RunningServer, passphrase: string) {
  return server.app.inject({ method: 'POST', url: '/api/admin-auth', payload: { passphrase } });
}
