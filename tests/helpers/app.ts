import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { staffTokens } from '../../src/server/db/schema.ts';
import { loggerOptions } from '../../src/server/app.ts';
import { parseEnv, type Env } from '../../src/server/env.ts';
import { hashToken } from '../../src/server/lib/crypto.ts';
import { createServer, type RunningServer } from '../../src/server/server.ts';
import { createTestDatabase } from './db.ts';

export const TEST_PASSPHRASE = 'correct horse battery staple';

export interface TestApp extends RunningServer {
  env: Env;
  /** Signs in as staff through `admin-auth` and returns the token. */
  staffToken(): Promise<string>;
  /** The stored id of a staff token: the actor id its audit rows carry. */
  staffTokenId(token: string): Promise<string>;
}

/**
 * The whole server on a fresh database and a temporary DATA_DIR, driven through HTTP
 * injection (the full Fastify pipeline: hooks, limits, guard, error handler).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { logLines?: string[] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'waj-test-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_PASSPHRASE: TEST_PASSPHRASE,
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  const { database, destroy } = await createTestDatabase();
  // With `logLines`, the server logs as in production (level info, our serializers and
  // redaction) into that array, one JSON line each, for tests about what reaches the log.
  const { logLines } = options;
  const logger = logLines
    ? {
        ...(loggerOptions('info') as object),
        stream: { write: (line: string) => logLines.push(line) },
      }
    : false;
  const server = await createServer(env, { database, logger });
  return {
    ...server,
    env,
    async close() {
      await server.close();
      await destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async staffTokenId(token: string) {
      const [row] = await server.ctx.db
        .select({ id: staffTokens.id })
        .from(staffTokens)
        .where(eq(staffTokens.tokenHash, hashToken(token)));
      if (!row) throw new Error('staffTokenId: no such token');
      return row.id;
    },
    async staffToken() {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/admin-auth',
        payload: { passphrase: TEST_PASSPHRASE },
      });
      if (res.statusCode !== 200) throw new Error(`admin-auth failed: ${res.body}`);
      return res.json().token as string;
    },
  };
}
