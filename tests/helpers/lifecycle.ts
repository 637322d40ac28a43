import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { parseEnv } from '#server/env.ts';
import { createServer, type RunningServer } from '#server/server.ts';
import { totpCode } from './staff-seed.ts';

/** Servers and folders made by a test, undone after it (servers first, then folders). */
const cleanups: (() => Promise<void> | void)[] = [];

/**
 * Undoes what the test made. Every file that uses these helpers registers it with
 * `afterEach(undoLifecycle)`: the integration files share their worker's modules (isolate:
 * false), so a hook registered here when the module first loads would run for the first file
 * only, and a later file's servers, folders and databases would be left behind.
 */
export async function undoLifecycle(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!();
}

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
  const passphrase = /Passphrase: (\S+)/.exec(printed.join(''))?.[1];
  return { server, passphrase };
}

/**
 * Starts `count` servers at once on the same configuration, as instances of one deployment
 * starting together would, with one capture of stdout around them all (two captures nested in
 * one process would lose whatever is written while they overlap). Resolves to the servers and
 * every passphrase printed.
 */
export async function startServersTogether(env: Record<string, string>, count: number) {
  const printed: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    printed.push(String(chunk));
    return true;
  });
  let servers: RunningServer[];
  try {
    servers = await Promise.all(
      Array.from({ length: count }, () =>
        createServer(parseEnv({ LOG_LEVEL: 'silent', ...env }), { logger: false }),
      ),
    );
  } finally {
    spy.mockRestore();
  }
  for (const server of servers) cleanups.push(() => server.close());
  const passphrases = [...printed.join('').matchAll(/Passphrase: (\S+)/g)].map((m) => m[1]!);
  return { servers, passphrases };
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

/** The first owner's e-mail when ADMIN_EMAIL is not set (CONTRACT §1). */
export const DEFAULT_OWNER_EMAIL = 'admin@waj.co.uk';

/** `admin-auth`, the passphrase step: 200 with a challenge when the passphrase is right. */
export function signIn(server: RunningServer, passphrase: string, email = DEFAULT_OWNER_EMAIL) {
  return server.app.inject({
    method: 'POST',
    url: '/api/admin-auth',
    payload: { email, passphrase },
  });
}

/** Both steps for a member with no second factor yet: enrols one and answers the token. */
export async function signInAndEnrol(
  server: RunningServer,
  passphrase: string,
  email = DEFAULT_OWNER_EMAIL,
): Promise<string> {
  const first = (await signIn(server, passphrase, email)).json();
  if (first.mfa !== 'enroll') throw new Error(`expected enrolment, got ${JSON.stringify(first)}`);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/admin-mfa-enroll',
    payload: { challenge: first.challenge, code: totpCode(first.secret) },
  });
  if (res.statusCode !== 200) throw new Error(`admin-mfa-enroll: ${res.body}`);
  return res.json().token as string;
}
