/**
 * `npm run staff -- <command>`: break-glass for the server operator, run on the server itself
 * (it needs the database and DATA_DIR). Both commands are audited as the system.
 *
 *   reset-mfa <email>     a member lost their authenticator and recovery codes
 *   create-owner <email>  no owner can sign in any more; prints a one-time passphrase
 */
import { eq, sql } from 'drizzle-orm';
import { writeAudit } from './audit.ts';
import { migrateDatabase } from './db/migrate.ts';
import { openDatabase } from './db/client.ts';
import { staffMembers } from './db/schema.ts';
import { seedDatabase } from './db/seed.ts';
import { ConfigError, parseEnv } from './env.ts';
import { generatePassphrase, hashPassphrase } from './lib/crypto.ts';
import { adminStaffResetMfa } from './services/admin-staff-reset-mfa.ts';
import { revokeMemberTokens } from './services/admin-staff-update.ts';

const USAGE = 'Usage: npm run staff -- reset-mfa <email> | create-owner <email>\n';

async function main(): Promise<number> {
  const [command, rawEmail] = process.argv.slice(2);
  const email = rawEmail?.trim().toLowerCase();
  if (!email || !['reset-mfa', 'create-owner'].includes(command ?? '')) {
    process.stderr.write(USAGE);
    return 2;
  }
  const env = parseEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateDatabase(database, seedDatabase);
    const { db } = database;
    const actor = { type: 'system', id: `cli:${command}` } as const;
    const [member] = await db
      .select()
      .from(staffMembers)
      .where(eq(sql`lower(${staffMembers.email})`, email));

    if (command === 'reset-mfa') {
      if (!member) {
        process.stderr.write(`No staff member has the e-mail ${email}.\n`);
        return 1;
      }
      await adminStaffResetMfa({ db, actor, id: member.id });
      process.stdout.write(
        `The second factor of ${email} is reset and their sessions are ended.\n` +
          'Their next sign-in with their passphrase sets up a new authenticator app.\n',
      );
      return 0;
    }

    // create-owner: a new owner, or an existing member made an active owner, with a new
    // passphrase and no second factor (enrolled at the first sign-in).
    const passphrase = generatePassphrase();
    const passphraseHash = await hashPassphrase(passphrase);
    await db.transaction(async (tx) => {
      const values = {
        role: 'owner' as const,
        status: 'active' as const,
        passphraseHash,
        totpSecret: null,
        totpLastStep: null,
        mfaEnabledAt: null,
      };
      const [row] = member
        ? await tx
            .update(staffMembers)
            .set(values)
            .where(eq(staffMembers.id, member.id))
            .returning()
        : await tx
            .insert(staffMembers)
            .values({ ...values, email, name: 'Owner' })
            .returning();
      await revokeMemberTokens(tx, row!.id);
      await writeAudit(tx, {
        actor,
        action: 'staff.create_owner',
        target: { type: 'staff_member', id: row!.id },
        before: member ? { role: member.role, status: member.status } : null,
        after: { email, role: 'owner', status: 'active' },
      });
    });
    process.stdout.write(
      `${email} is an owner. One-time passphrase (shown once):\n\n    ${passphrase}\n\n` +
        'Sign in at /admin and set up an authenticator app.\n',
    );
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
