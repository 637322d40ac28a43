import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '#server/db/pglite-template.ts';
import { MIGRATIONS_DIR } from '#server/lib/paths.ts';
import { createEmptyPostgresDatabase, TEST_DB_KIND } from '../helpers/db.ts';

/**
 * drizzle/0009 scrubs audit rows written before CONTRACT §6's rule: a database migrated up to
 * 0008 is given rows in the old shapes, then 0009 runs on top of it, as on a live server.
 */

type Migrator = {
  execute(query: ReturnType<typeof sql>): Promise<unknown>;
  rows<T>(query: ReturnType<typeof sql>): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

/** A database with nothing migrated: no template, unlike the other tests' databases. */
async function emptyDatabase(): Promise<Migrator> {
  if (TEST_DB_KIND === 'pglite') {
    const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite({ client });
    return {
      execute: (query) => db.execute(query),
      rows: async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[],
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const empty = await createEmptyPostgresDatabase();
  const pool = new pg.Pool({ connectionString: empty.url });
  const db = drizzlePg({ client: pool });
  return {
    execute: (query) => db.execute(query),
    rows: async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[],
    migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      await empty.drop();
    },
  };
}

/** The checked-in migrations up to and including `lastIdx`, as a folder drizzle can run. */
function migrationsUpTo(lastIdx: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'waj-migrations-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    copyFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

const APP = '6f1c1d8e-3a52-4c36-9d59-0c2b4a1e7a01';

/** Old rows as the code wrote them before 0009, with a personal value in each. */
const OLD_ROWS: { action: string; actor: string; ip: string | null; after: unknown }[] = [
  {
    action: 'application.details',
    actor: 'applicant',
    ip: '203.0.113.77',
    after: {
      stage: 'detailed',
      annual_income: 987654,
      employment_status: 'self_employed',
      pep_exposed: true,
      card_tier_pref: 'titan',
    },
  },
  {
    action: 'kyc_file.reject',
    actor: 'staff',
    ip: '198.51.100.9',
    after: {
      status: 'rejected',
      type: 'selfie',
      notes: 'Looks like Ada Lovelace',
      rejection_reason: 'Blurred',
    },
  },
  {
    action: 'kyc_file.approve',
    actor: 'staff',
    ip: null,
    after: { status: 'approved', type: 'document', notes: null, rejection_reason: null },
  },
  {
    action: 'magic_link.resend',
    actor: 'staff',
    ip: null,
    after: { expires_at: '2026-01-01T00:00:00.000Z', sent_to: 'ada@example.com' },
  },
  {
    action: 'magic_link.issue',
    actor: 'system',
    ip: null,
    after: { expires_at: '2026-01-01T00:00:00.000Z', requested_from: '203.0.113.77' },
  },
  {
    action: 'application.duplicate',
    actor: 'system',
    ip: null,
    after: { requested_from: '203.0.113.77', link_expires_at: null },
  },
  {
    action: 'invite_code.generate',
    actor: 'staff',
    ip: null,
    after: { count: 1, ids: ['x'], issued_to: 'ada@example.com' },
  },
  {
    action: 'eoi_request.export',
    actor: 'staff',
    ip: null,
    after: { table: 'eoi', status: null, query: 'Lovelace' },
  },
  {
    action: 'sanctions.clear',
    actor: 'staff',
    ip: null,
    after: { reason: 'Ada was born in 1815, the match in 1990', checks: ['c1'] },
  },
  {
    action: 'offer.issue',
    actor: 'staff',
    ip: null,
    after: { stage: 'tier_offer', tier: 'noir', pricing_note: 'Friend of Ada Lovelace' },
  },
  {
    action: 'offer.accept',
    actor: 'applicant',
    ip: '203.0.113.77',
    after: { stage: 'accepted', tier: 'noir', esign_name: 'Ada Lovelace', terms_hash: 'h' },
  },
  {
    action: 'application.activate',
    actor: 'staff',
    ip: null,
    after: {
      stage: 'activated',
      card_last4: '4242',
      card_shipment_tracking: 'TRACK-ADA-1',
      mobile_access_enabled: true,
    },
  },
  {
    action: 'email.test',
    actor: 'staff',
    ip: null,
    after: { kind: 'eoi', to: 'staff@example.com', name: 'Ada Lovelace', email: 'ada@example.com' },
  },
  // Staff identities are allowed: a member's e-mail stays.
  {
    action: 'staff.invite',
    actor: 'staff',
    ip: '198.51.100.9',
    after: { email: 'new.member@example.com', name: 'New Member', role: 'operations' },
  },
];

const PERSONAL = [
  '987654',
  'self_employed',
  'Ada Lovelace',
  'Lovelace',
  'ada@example.com',
  '203.0.113.77',
  '1815',
  '4242',
  'TRACK-ADA-1',
  'Blurred',
];

describe('migration 0009: audit rows without personal data', () => {
  it('scrubs rows written before it, keeps staff identities and IPs, and re-arms the trigger', async () => {
    const db = await emptyDatabase();
    cleanups.push(() => db.close());
    await db.migrate(migrationsUpTo(8));
    for (const row of OLD_ROWS) {
      await db.execute(sql`
        insert into audit_log (actor_type, actor_id, actor_email, action, target_type, application_id, after, ip)
        values (${row.actor}, ${row.actor === 'applicant' ? APP : 'm1'},
          ${row.actor === 'staff' ? 'member@example.com' : null}, ${row.action}, 'application',
          ${APP}, ${JSON.stringify(row.after)}::jsonb, ${row.ip})`);
    }

    await db.migrate(MIGRATIONS_DIR);

    const rows = await db.rows<{
      action: string;
      after: Record<string, unknown>;
      ip: string | null;
    }>(sql`select action, after, ip from audit_log order by id`);
    const after = Object.fromEntries(rows.map((row) => [row.action, row.after]));
    const dump = JSON.stringify(rows);
    for (const value of PERSONAL) expect(dump).not.toContain(value);

    expect(after['application.details']).toEqual({
      stage: 'detailed',
      card_tier_pref: 'titan',
      fields: ['annual_income', 'employment_status', 'pep_exposed'],
    });
    expect(after['kyc_file.reject']).toEqual({
      status: 'rejected',
      type: 'selfie',
      fields: ['notes', 'rejection_reason'],
    });
    expect(after['kyc_file.approve']).toEqual({ status: 'approved', type: 'document', fields: [] });
    expect(after['magic_link.resend']).toEqual({ expires_at: '2026-01-01T00:00:00.000Z' });
    expect(after['magic_link.issue']).toEqual({ expires_at: '2026-01-01T00:00:00.000Z' });
    expect(after['application.duplicate']).toEqual({ link_expires_at: null });
    expect(after['invite_code.generate']).toEqual({ count: 1, ids: ['x'], issued_to_set: true });
    expect(after['eoi_request.export']).toEqual({ table: 'eoi', status: null, query_set: true });
    expect(after['sanctions.clear']).toEqual({ checks: ['c1'], fields: ['reason'] });
    expect(after['offer.issue']).toEqual({
      stage: 'tier_offer',
      tier: 'noir',
      fields: ['pricing_note'],
    });
    expect(after['offer.accept']).toEqual({
      stage: 'accepted',
      tier: 'noir',
      terms_hash: 'h',
      fields: ['esign_name'],
    });
    expect(after['application.activate']).toEqual({
      stage: 'activated',
      mobile_access_enabled: true,
      fields: ['card_last4', 'card_shipment_tracking'],
    });
    expect(after['email.test']).toEqual({ kind: 'eoi', to: 'staff@example.com' });
    expect(after['staff.invite']).toEqual(OLD_ROWS.at(-1)!.after);

    // Only staff rows keep an IP.
    const ips = rows.filter((row) => row.ip !== null).map((row) => row.action);
    expect(ips).toEqual(['kyc_file.reject', 'staff.invite']);

    // The log is append-only again.
    await expect(db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
