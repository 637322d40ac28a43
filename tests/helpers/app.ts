import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loggerOptions } from '#server/app.ts';
import { parseEnv, type Env } from '#server/env.ts';
import { createServer, type RunningServer } from '#server/server.ts';
import type { StaffRole } from '#shared/staff.ts';
import { createTestDatabase } from './db.ts';
import { memberOfToken, seedStaffMember, seedStaffToken, type SeededMember } from './staff-seed.ts';

export const TEST_PASSPHRASE = 'correct horse battery staple';

export interface TestApp extends RunningServer {
  env: Env;
  /**
   * A live staff token of a seeded member of `role` (default owner): one member per role per
   * app, so calls made with it name the same person. Sign-in itself is tested on its own.
   */
  staffToken(role?: StaffRole): Promise<string>;
  /** The seeded member of `role` (created on first use). */
  staffMember(role?: StaffRole): Promise<SeededMember>;
  /** The member a staff token belongs to: the actor id its audit rows carry. */
  staffTokenId(token: string): Promise<string>;
}

/**
 * The whole server on a fresh database and a temporary DATA_DIR, driven through HTTP
 * injection (the full Fastify pipeline: hooks, limits, guard, error handler).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { logLines?: string[]; rateLimitKeyPrefix?: string } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'waj-test-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_PASSPHRASE: TEST_PASSPHRASE,
    LOG_LEVEL: 'silent',
    // No scheduled jobs behind a test's back (a list upload would wake the re-screening and
    // change rows mid-test); a test of the scheduler turns it on.
    RETENTION_INTERVAL_SECONDS: '0',
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
  const server = await createServer(env, {
    database,
    logger,
    ...(options.rateLimitKeyPrefix ? { rateLimitKeyPrefix: options.rateLimitKeyPrefix } : {}),
  });
  const members = new Map<StaffRole, Promise<SeededMember>>();
  const staffMember = (role: StaffRole = 'owner') => {
    let member = members.get(role);
    if (!member) {
      member = seedStaffMember(server.ctx.db, server.ctx.secrets.mfaKey, { role });
      members.set(role, member);
    }
    return member;
  };
  return {
    ...server,
    env,
    async close() {
      await server.close();
      await destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
    staffTokenId: (token: string) => memberOfToken(server.ctx.db, token),
    staffMember,
    async staffToken(role: StaffRole = 'owner') {
      const member = await staffMember(role);
      return seedStaffToken(server.ctx.db, member.id);
    },
  };
}
