import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { auditLog, staffMembers, staffRecoveryCodes } from '#server/db/schema.ts';
import type { RunningServer } from '#server/server.ts';
import { createEmptyPostgresDatabase, TEST_DB_KIND } from '../helpers/db.ts';
import { onCleanup, startServer, tempDir, undoLifecycle } from '../helpers/lifecycle.ts';
import { seedStaffMember, seedStaffToken, totpCode } from '../helpers/staff-seed.ts';

// Servers, folders and databases these tests make are undone after each (helpers/lifecycle.ts).
afterEach(undoLifecycle);

/**
 * `npm run staff -- reset-mfa | create-owner` (src/server/staff-cli.ts), the operator's
 * break-glass, run as the operator runs it: its own Node process on the server's DATA_DIR (the
 * embedded database; on the PostgreSQL project, a database of its own), while the server is
 * stopped, then checked through a server started again on the same data.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'src', 'server', 'staff-cli.ts');
const OWNER_PASSPHRASE = 'first owner passphrase for the cli test';

/** A fresh installation: its environment, once a server has migrated it and stopped. */
async function installation(): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: tempDir(),
    ADMIN_PASSPHRASE: OWNER_PASSPHRASE,
  };
  if (TEST_DB_KIND === 'postgres') {
    const database = await createEmptyPostgresDatabase();
    onCleanup(() => database.drop());
    env.DATABASE_URL = database.url;
  }
  return env;
}

/** Runs the CLI as `npm run staff -- …` does, with only the installation's environment. */
function cli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      // Not the test runner's environment: its DATABASE_URL must not leak into a PGlite run.
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const post = (server: RunningServer, call: string, payload: object, token?: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/${call}`,
    payload,
    headers: token ? { 'x-admin-pass': token } : {},
  });

async function memberByEmail(server: RunningServer, email: string) {
  const [row] = await server.ctx.db
    .select()
    .from(staffMembers)
    .where(eq(staffMembers.email, email));
  return row;
}

async function auditRows(server: RunningServer, action: string) {
  return server.ctx.db.select().from(auditLog).where(eq(auditLog.action, action));
}

/** Passphrase step then enrolment of a new authenticator: the session's answer. */
async function signInEnrolling(server: RunningServer, email: string, passphrase: string) {
  const step = await post(server, 'admin-auth', { email, passphrase });
  expect(step.statusCode, step.body).toBe(200);
  const { challenge, mfa, secret } = step.json() as {
    challenge: string;
    mfa: string;
    secret: string;
  };
  expect(mfa).toBe('enroll');
  const enrol = await post(server, 'admin-mfa-enroll', { challenge, code: totpCode(secret) });
  expect(enrol.statusCode, enrol.body).toBe(200);
  return enrol.json() as { token: string; staff: { email: string; role: string } };
}

describe('npm run staff', () => {
  it('reset-mfa clears the second factor, ends the sessions and is audited; an unknown e-mail exits 1', async () => {
    const env = await installation();
    const first = await startServer(env);
    const { db } = first.server.ctx;
    const member = await seedStaffMember(db, first.server.ctx.secrets.mfaKey, {
      role: 'compliance',
    });
    const token = await seedStaffToken(db, member.id);
    await db.insert(staffRecoveryCodes).values([
      { memberId: member.id, codeHash: 'recovery-one' },
      { memberId: member.id, codeHash: 'recovery-two' },
    ]);
    expect((await post(first.server, 'admin-me', {}, token)).statusCode).toBe(200);
    await first.server.close();

    const reset = await cli(['reset-mfa', member.email.toUpperCase()], env);
    expect(reset, reset.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(reset.stdout).toContain(`The second factor of ${member.email} is reset`);
    const unknown = await cli(['reset-mfa', 'nobody@staff.test'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No staff member has the e-mail nobody@staff.test');
    const usage = await cli(['reset-mfa'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run staff');

    const second = await startServer(env);
    const row = await memberByEmail(second.server, member.email);
    expect(row).toMatchObject({
      status: 'active',
      role: 'compliance',
      totpSecret: null,
      totpLastStep: null,
      mfaEnabledAt: null,
    });
    const codes = await second.server.ctx.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.memberId, member.id));
    expect(codes).toHaveLength(0);
    expect((await post(second.server, 'admin-me', {}, token)).statusCode).toBe(401);
    // One audit row, by the system's CLI, for the known member only.
    const audits = await auditRows(second.server, 'staff.mfa_reset');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorType: 'system',
      actorId: 'cli:reset-mfa',
      targetType: 'staff_member',
      targetId: member.id,
      after: { email: member.email },
    });

    // The passphrase still opens the way, to a new authenticator.
    const session = await signInEnrolling(second.server, member.email, member.passphrase);
    expect(session.staff).toMatchObject({ email: member.email, role: 'compliance' });
  }, 120_000);

  it('create-owner prints a one-time passphrase that signs a new or locked-out member in as owner', async () => {
    const env = await installation();
    const first = await startServer(env);
    const { db } = first.server.ctx;
    // A member locked out: disabled, with an authenticator and a session.
    const locked = await seedStaffMember(db, first.server.ctx.secrets.mfaKey, {
      role: 'operations',
    });
    const lockedToken = await seedStaffToken(db, locked.id);
    await db.update(staffMembers).set({ status: 'disabled' }).where(eq(staffMembers.id, locked.id));
    await first.server.close();

    const created = await cli(['create-owner', 'New.Owner@Example.com'], env);
    expect(created, created.stderr).toMatchObject({ code: 0, stderr: '' });
    const passphrase = /shown once\):\s*\n\s*\n\s*(\S+)/.exec(created.stdout)?.[1];
    expect(passphrase, created.stdout).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){5}$/);
    const promoted = await cli(['create-owner', locked.email], env);
    expect(promoted.code, promoted.stderr).toBe(0);
    const promotedPassphrase = /shown once\):\s*\n\s*\n\s*(\S+)/.exec(promoted.stdout)?.[1];
    expect(promotedPassphrase).toBeDefined();
    expect(promotedPassphrase).not.toBe(passphrase);

    const second = await startServer(env);
    const server = second.server;
    // The new owner: stored lower-case, no second factor yet, enrolled at the first sign-in.
    expect(await memberByEmail(server, 'new.owner@example.com')).toMatchObject({
      role: 'owner',
      status: 'active',
      totpSecret: null,
    });
    const session = await signInEnrolling(server, 'new.owner@example.com', passphrase!);
    expect(session.staff).toMatchObject({ email: 'new.owner@example.com', role: 'owner' });
    expect((await post(server, 'admin-staff-list', {}, session.token)).statusCode).toBe(200);

    // The locked-out member is an active owner with a new passphrase; the old one, the old
    // authenticator and the old session are all gone.
    expect(await memberByEmail(server, locked.email)).toMatchObject({
      role: 'owner',
      status: 'active',
      totpSecret: null,
      mfaEnabledAt: null,
    });
    expect((await post(server, 'admin-me', {}, lockedToken)).statusCode).toBe(401);
    const old = await post(server, 'admin-auth', {
      email: locked.email,
      passphrase: locked.passphrase,
    });
    expect(old.statusCode).toBe(401);
    const relocked = await signInEnrolling(server, locked.email, promotedPassphrase!);
    expect(relocked.staff.role).toBe('owner');

    const audits = await auditRows(server, 'staff.create_owner');
    const byCli = audits.filter((row) => row.actorId === 'cli:create-owner');
    expect(byCli).toHaveLength(2);
    expect(byCli).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actorType: 'system',
          before: null,
          after: { email: 'new.owner@example.com', role: 'owner', status: 'active' },
        }),
        expect.objectContaining({
          actorType: 'system',
          targetId: locked.id,
          before: { role: 'operations', status: 'disabled' },
          after: { email: locked.email, role: 'owner', status: 'active' },
        }),
      ]),
    );
    // The printed passphrases are kept nowhere but in the member's hash.
    const dump = (
      await queryRows<{ row: string }>(server.ctx.db, sql`select a::text as row from audit_log a`)
    )
      .map((row) => row.row)
      .join('\n');
    expect(dump).not.toContain(passphrase);
    expect(dump).not.toContain(promotedPassphrase);
    const [stored] = await server.ctx.db
      .select({ hash: staffMembers.passphraseHash })
      .from(staffMembers)
      .where(and(eq(staffMembers.email, 'new.owner@example.com')));
    expect(stored!.hash).not.toContain(passphrase);
  }, 120_000);
});
