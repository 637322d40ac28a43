import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { queryRows } from '#server/db/client.ts';
import { schema } from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { IDENTITY_COLUMNS } from '../helpers/identity.ts';

/**
 * The database holds the domain: whatever writes a row (a service, a migration, a person at a
 * psql prompt), an enum-like column only takes its listed values, money is never negative, a
 * card's last four are four digits and an accepted offer carries its signature.
 */

let test: TestDatabase;
let database: Database;
beforeAll(async () => {
  test = await createTestDatabase();
  database = test.database;
});
afterAll(async () => {
  await test?.destroy();
});

const tables = Object.values(schema).map((table) => getTableConfig(table as PgTable));

async function checksOf(table: string): Promise<string[]> {
  const rows = await queryRows<{ def: string }>(
    database.db,
    sql`select pg_get_constraintdef(oid) as def from pg_constraint
        where contype = 'c' and conrelid = ${table}::regclass`,
  );
  return rows.map((r) => r.def);
}

describe('every enum-like column has a CHECK that lists its values', () => {
  const enumColumns = tables.flatMap((t) =>
    t.columns
      .filter((c) => (c.enumValues?.length ?? 0) > 0)
      .map((c) => ({ table: t.name, column: c.name, values: c.enumValues! })),
  );

  it('finds the schema’s enum columns (the list this test walks is not empty)', () => {
    expect(enumColumns.map((c) => `${c.table}.${c.column}`)).toEqual(
      expect.arrayContaining([
        'applications.source',
        'application_details.employment_status',
        'offers.downgraded_from',
        'audit_log.actor_type',
        'email_outbox.status',
      ]),
    );
  });

  it.each(enumColumns.map((c) => [`${c.table}.${c.column}`, c] as const))('%s', async (_n, c) => {
    const defs = await checksOf(c.table);
    // The CHECK that lists the values (a column may appear in other CHECKs too).
    const def = defs.find(
      (d) => d.includes(c.column) && /ANY|\bIN\b/i.test(d) && d.includes(`'${c.values[0]}'`),
    );
    expect(def, `no CHECK on ${c.table}.${c.column}`).toBeDefined();
    for (const value of c.values) expect(def).toContain(`'${value}'`);
  });
});

describe('writes that break a rule fail', () => {
  async function refused(statement: ReturnType<typeof sql>) {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(statement);
      }),
    ).rejects.toThrow();
  }

  let appId: string;
  beforeAll(async () => {
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into applications (source, stage, full_name, email)
          values ('invite', 'accepted', 'Rule Keeper', 'rules@example.com') returning id`,
    );
    appId = row!.id;
  });

  const cases: [string, () => ReturnType<typeof sql>][] = [
    [
      'applications.source',
      () => sql`update applications set source = 'walk-in' where id = ${appId}`,
    ],
    [
      'application_details.annual_income >= 0',
      () => sql`insert into application_details (application_id, annual_income, employment_status, pep_exposed)
                values (${appId}, -1, 'employed', false)`,
    ],
    [
      'application_details.employment_status',
      () => sql`insert into application_details (application_id, annual_income, employment_status, pep_exposed)
                values (${appId}, 1, 'astronaut', false)`,
    ],
    [
      'application_details.card_tier_pref',
      () => sql`insert into application_details (application_id, annual_income, employment_status, pep_exposed, card_tier_pref)
                values (${appId}, 1, 'employed', false, 'platinum')`,
    ],
    [
      'card_assets.tier',
      () => sql`insert into card_assets (tier, storage_key, file_name, file_size, content_type)
                values ('gold', 'k', 'f.png', 1, 'image/png')`,
    ],
    [
      'identity_checks.provider',
      () => sql`insert into identity_checks (application_id, provider) values (${appId}, 'acme')`,
    ],
    [
      'identity_checks.decision',
      () => sql`insert into identity_checks (application_id, provider, decision)
                values (${appId}, 'builtin', 'maybe')`,
    ],
    [
      'offers.tier',
      () =>
        sql`insert into offers (application_id, tier, issued_by) values (${appId}, 'gold', 's')`,
    ],
    [
      'offers.downgraded_from',
      () => sql`insert into offers (application_id, tier, downgraded_from, issued_by)
                values (${appId}, 'noir', 'gold', 's')`,
    ],
    [
      'an accepted offer without its signature name',
      () => sql`insert into offers (application_id, tier, issued_by, accepted_at, terms_hash)
                values (${appId}, 'noir', 's', now(), 'h')`,
    ],
    [
      'an accepted offer without its terms hash',
      () => sql`insert into offers (application_id, tier, issued_by, accepted_at, esign_name)
                values (${appId}, 'noir', 's', now(), 'Rule Keeper')`,
    ],
    [
      'activations.card_last4',
      () => sql`insert into activations (application_id, card_last4, activated_by)
                values (${appId}, '12a4', 's')`,
    ],
    [
      'legal_documents.slug',
      () => sql`insert into legal_documents (slug, title, html) values ('imprint', 't', 'h')`,
    ],
    [
      'audit_log.actor_type',
      () => sql`insert into audit_log (actor_type, action, target_type) values ('robot', 'a', 't')`,
    ],
    [
      'email_outbox.status',
      () => sql`insert into email_outbox (to_address, subject, text_body, template, status)
                values ('a@example.com', 's', 't', 'x', 'bounced')`,
    ],
  ];

  it.each(cases)('%s', async (_name, statement) => {
    await refused(statement());
  });

  it('while the same rows written correctly are accepted', async () => {
    await database.db.transaction(async (tx) => {
      // With the identity data apply-details now writes (CONTRACT §8).
      await tx.execute(sql`insert into application_details (application_id, annual_income, employment_status, pep_exposed,
                             date_of_birth, address_line1, address_line2, address_town, address_postcode)
                           values (${appId}, 0, 'retired', false, ${IDENTITY_COLUMNS.dateOfBirth},
                             ${IDENTITY_COLUMNS.addressLine1}, ${IDENTITY_COLUMNS.addressLine2},
                             ${IDENTITY_COLUMNS.addressTown}, ${IDENTITY_COLUMNS.addressPostcode})`);
      await tx.execute(sql`insert into offers (application_id, tier, issued_by, accepted_at, esign_name, terms_hash)
                           values (${appId}, 'noir', 's', now(), 'Rule Keeper', 'h')`);
      await tx.execute(sql`insert into activations (application_id, card_last4, activated_by)
                           values (${appId}, '0042', 's')`);
    });
  });
});

describe('updated_at is kept by the database', () => {
  const withUpdatedAt = tables.filter((t) => t.columns.some((c) => c.name === 'updated_at'));

  it.each(withUpdatedAt.map((t) => [t.name] as const))('%s has the trigger', async (table) => {
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_trigger t join pg_proc p on p.oid = t.tgfoid
          where t.tgrelid = ${table}::regclass and not t.tgisinternal
            and p.proname = ${table === 'applications' ? 'applications_set_updated_at' : 'set_updated_at'}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('stays still on an update that only records a screening (applications)', async () => {
    const [row] = await queryRows<{ id: string; updated: string }>(
      database.db,
      sql`insert into applications (full_name, source, stage, updated_at)
          values ('Screened Row', 'application', 'basic', '2020-01-01T00:00:00Z')
          returning id, updated_at::text as updated`,
    );
    await database.db.execute(
      sql`update applications set screened_at = now(), screen_sanctions = false where id = ${row!.id}`,
    );
    const [screened] = await queryRows<{ updated: string }>(
      database.db,
      sql`select updated_at::text as updated from applications where id = ${row!.id}`,
    );
    expect(screened!.updated).toBe(row!.updated);
    await database.db.execute(sql`update applications set phone = '0' where id = ${row!.id}`);
    const [changed] = await queryRows<{ updated: string }>(
      database.db,
      sql`select updated_at::text as updated from applications where id = ${row!.id}`,
    );
    expect(changed!.updated).not.toBe(row!.updated);
  });

  it('moves forward on an update that does not mention it', async () => {
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into eoi_requests (full_name, email, updated_at)
          values ('Old Row', 'old@example.com', '2020-01-01T00:00:00Z') returning id`,
    );
    await database.db.execute(
      sql`update eoi_requests set status = 'reviewed' where id = ${row!.id}`,
    );
    const [after] = await queryRows<{ updated: string }>(
      database.db,
      sql`select updated_at::text as updated from eoi_requests where id = ${row!.id}`,
    );
    expect(new Date(after!.updated).getFullYear()).toBeGreaterThan(2020);
  });
});
