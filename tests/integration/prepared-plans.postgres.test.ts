import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '#server/db/client.ts';
import { plannedOnceHandle } from '#server/db/prepared.ts';
import { adminApplicantList } from '#server/services/admin-applicant-list.ts';
import { adminKycList } from '#server/services/admin-kyc-list.ts';
import { adminOfferList } from '#server/services/admin-offer-list.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedStaffMember } from '../helpers/staff-seed.ts';

/**
 * Decision 068: the statements every staff list call prepares are planned once, for all values;
 * left to choose, PostgreSQL planned a page afresh on every call, 'Assigned to me' included
 * (each queue walks one index for any member, decision 070). Unnamed statements (the
 * searches) are still planned per call.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  await t.ctx.db.execute(sql`
    insert into applications (source, stage, full_name, email)
    select 'application', 'kyc', 'Plan ' || i, 'plan' || i || '@example.com'
    from generate_series(1, 30) as i`);
});
afterAll(async () => {
  await t?.close();
});

/** How the named statements of the connection `db` lends next were planned so far. */
async function plans(db: Db) {
  const rows = await queryRows<{ name: string; generic_plans: string; custom_plans: string }>(
    db,
    sql`select name, generic_plans, custom_plans from pg_prepared_statements`,
  );
  return new Map(
    rows.map((row) => [
      row.name,
      { generic: Number(row.generic_plans), custom: Number(row.custom_plans) },
    ]),
  );
}

describe('statements prepared for the staff lists', () => {
  it('plans a page of the applicant list once and keeps that plan, whatever the page', async () => {
    // One call at a time: the pool lends its most recently returned connection, so the calls
    // and the look-up below share one.
    for (let page = 1; page <= 8; page += 1) {
      const { data, total } = await adminApplicantList({
        db: t.ctx.db,
        input: { page: 1 + (page % 2), pageSize: 10, stage: 'kyc' },
      });
      expect(total).toBe(30);
      expect(data).toHaveLength(10);
    }
    const page = (await plans(plannedOnceHandle(t.ctx.db))).get('applicant_list_page_stage');
    expect(page).toEqual({ generic: 8, custom: 0 });
  });

  it('plans the Offers queue assigned to the caller once, whoever the caller is', async () => {
    const members = await Promise.all(
      [0, 1].map(() => seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, { role: 'compliance' })),
    );
    // One member holds ten of the waiting applicants, the other none.
    await t.ctx.db.execute(sql`
      update applications set assigned_to = ${members[0]!.id}, assigned_at = now()
      where id in (select id from applications where stage = 'kyc' order by id limit 10)`);
    for (let i = 0; i < 8; i += 1) {
      const member = members[i % 2]!;
      const { data, total } = await adminOfferList({
        db: t.ctx.db,
        input: { page: 1, page_size: 20, assigned: 'me' },
        staffId: member.id,
      });
      expect(total).toBe(i % 2 ? 0 : 10);
      expect(data.map((row) => row.assignee?.id ?? null)).toEqual(
        Array.from({ length: total }, () => member.id),
      );
    }
    const page = (await plans(plannedOnceHandle(t.ctx.db))).get('offer_list_page_me');
    expect(page).toEqual({ generic: 8, custom: 0 });
  });

  it('plans the KYC queue assigned to the caller once, as its files follow the case', async () => {
    const members = await Promise.all(
      [0, 1].map(() => seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, { role: 'compliance' })),
    );
    const files = (where: SQL) =>
      t.ctx.db.execute(sql`
        insert into kyc_files (application_id, type, storage_key, content_type, file_size, sha256)
        select id, 'document', 'kyc/' || id || '/document', 'image/png', 1, 'x'
        from applications where ${where}`);
    // Six applicants with a pending file, four of them taken by the first member (the trigger
    // copies the assignee to their files); then a second file arrives for each of the four.
    const six = sql`id in (select id from applications where stage = 'kyc' order by id limit 6)`;
    await files(six);
    await t.ctx.db.execute(sql`
      update applications set assigned_to = ${members[0]!.id}, assigned_at = now()
      where id in (select id from applications where stage = 'kyc' order by id limit 4)`);
    await files(sql`assigned_to = ${members[0]!.id}`);
    const mine = async (member: { id: string }) =>
      adminKycList({
        db: t.ctx.db,
        input: { page: 1, page_size: 20, status: 'pending', assigned: 'me' },
        staffId: member.id,
      });
    for (let i = 0; i < 6; i += 1) {
      const member = members[i % 2]!;
      const { data, total } = await mine(member);
      expect(total).toBe(i % 2 ? 0 : 8);
      expect(data.map((file) => file.assignee?.id)).toEqual(
        Array.from({ length: total }, () => member.id),
      );
    }
    const page = (await plans(plannedOnceHandle(t.ctx.db))).get('kyc_list_page_pending_me');
    expect(page).toEqual({ generic: 6, custom: 0 });
    // Every status at once: the same files, in the same order.
    const all = await adminKycList({
      db: t.ctx.db,
      input: { page: 1, page_size: 20, assigned: 'me' },
      staffId: members[0]!.id,
    });
    expect(all.data.map((file) => file.id)).toEqual(
      (await mine(members[0]!)).data.map((f) => f.id),
    );

    // Handed over: the files go with the case.
    await t.ctx.db.execute(sql`
      update applications set assigned_to = ${members[1]!.id}
      where id in (select id from applications where stage = 'kyc' order by id limit 1)`);
    expect((await mine(members[0]!)).total).toBe(6);
    expect((await mine(members[1]!)).data).toHaveLength(2);
  });

  it('plans unnamed statements (the searches) for their values', async () => {
    const [mode] = await queryRows<{ plan_cache_mode: string }>(
      t.ctx.db,
      sql`show plan_cache_mode`,
    );
    expect(mode?.plan_cache_mode).toBe('auto');
  });
});
