import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { compactRowCounts } from '#server/lib/row-counts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The list counters (migration 0014) against a recount of the rows themselves, after every
 * kind of change the product makes: new rows one at a time and in bulk, stage moves, taking
 * and dropping a case, a file reviewed, an applicant sent back, declined, erased, a row
 * deleted, an inbox status change, audit rows, and compaction.
 */

let t: TestApp;

type CountRow = { counter: string; k1: string; k2: string; n: number };

const recount = () =>
  queryRows<CountRow>(
    t.ctx.db,
    sql`select counter, k1, k2, n::int as n from (
      select 'applications' as counter, stage as k1, coalesce(assigned_to::text, '') as k2,
        count(*) as n
      from applications where erased_at is null group by 2, 3
      union all
      select 'applications_by_day', stage, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'),
        count(*)
      from applications where erased_at is null group by 2, 3
      union all
      select 'applications_by_day_all', '', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'),
        count(*)
      from applications where erased_at is null group by 3
      union all
      select 'kyc_files', kyc_file_list_key(f.status, f.uploaded_at, a.stage,
          a.stage_changed_at, a.erased_at), coalesce(a.assigned_to::text, ''), count(*)
      from kyc_files f join applications a on a.id = f.application_id
      where kyc_file_list_key(f.status, f.uploaded_at, a.stage, a.stage_changed_at,
        a.erased_at) is not null
      group by 2, 3
      union all
      select 'eoi_requests', status, '', count(*) from eoi_requests group by 2
      union all
      select 'contact_messages', status, '', count(*) from contact_messages group by 2
      union all
      select 'eoi_requests_by_day', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), '',
        count(*)
      from eoi_requests group by 2
      union all
      select 'contact_messages_by_day', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), '',
        count(*)
      from contact_messages group by 2
      union all
      select 'audit_log', action,
        case when actor_type = 'staff' then coalesce(actor_id, '') else '' end, count(*)
      from audit_log group by 2, 3
    ) as truth order by 1, 2, 3`,
  );

const counted = () =>
  queryRows<CountRow>(
    t.ctx.db,
    sql`select counter, k1, k2, sum(n)::int as n from row_counts
      group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`,
  );

async function expectExact(step: string) {
  expect(await counted(), step).toEqual(await recount());
  // And every identity file's copy of its case's assignee (migration 0025) is the case's.
  const [copies] = await queryRows<{ stale: number }>(
    t.ctx.db,
    sql`select count(*)::int as stale from kyc_files f join applications a on a.id = f.application_id
      where f.assigned_to is distinct from a.assigned_to`,
  );
  expect(copies?.stale, step).toBe(0);
}

async function newApplication(stage: string, name = 'Count Person'): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.ctx.db,
    sql`insert into applications (source, stage, full_name, email)
      values ('application', ${stage}, ${name}, ${`${crypto.randomUUID()}@example.com`})
      returning id`,
  );
  return row!.id;
}

const upload = (applicationId: string, type: 'document' | 'selfie') =>
  t.ctx.db.execute(sql`insert into kyc_files
    (application_id, type, storage_key, content_type, file_size, sha256)
    values (${applicationId}, ${type}, ${`kyc/${applicationId}/${type}`}, 'image/png', 1, 'x')`);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('list counters', () => {
  it('stay equal to a recount of the rows through every kind of change', async () => {
    const member = await t.staffMember();
    await expectExact('as migrated and seeded');

    // Bulk and single inserts.
    await t.ctx.db.execute(sql`insert into applications (source, stage, full_name, email)
      select 'application', (array['basic', 'detailed', 'kyc_in_progress', 'kyc'])[1 + g % 4],
        'Bulk ' || g, 'bulk' || g || '@example.com'
      from generate_series(1, 200) g`);
    const a = await newApplication('detailed', 'Ada Count');
    const b = await newApplication('kyc_in_progress', 'Bea Count');
    await expectExact('applications inserted');

    // Applications over several days; then one moved a day back and to another stage at once,
    // and a stage change on a whole day (every stage's day moves, the day over all stages not).
    await t.ctx.db
      .execute(sql`insert into applications (source, stage, full_name, email, created_at)
      select 'application', (array['basic', 'kyc'])[1 + g % 2], 'Day ' || g,
        'day' || g || '@example.com', now() - g * interval '20 hours'
      from generate_series(1, 12) g`);
    await t.ctx.db.execute(sql`update applications
      set created_at = created_at - interval '1 day', stage = 'detailed' where full_name = 'Day 3'`);
    const allStageRows = async () =>
      (
        await queryRows<{ n: number }>(
          t.ctx.db,
          sql`select count(*)::int as n from row_counts where counter = 'applications_by_day_all'`,
        )
      )[0]!.n;
    const allStageBefore = await allStageRows();
    await t.ctx.db.execute(sql`update applications set stage = 'detailed'
      where full_name like 'Day %' and stage = 'basic'`);
    // A stage change leaves each day's total over every stage as it was: no row for it.
    expect(await allStageRows()).toBe(allStageBefore);
    await expectExact('applications over days, one moved back');

    // Files: uploaded, then one approved.
    await upload(a, 'document');
    await upload(a, 'selfie');
    await upload(b, 'document');
    await t.ctx.db.execute(sql`insert into kyc_files
      (application_id, type, storage_key, content_type, file_size, sha256)
      select id, 'selfie', 'kyc/' || id, 'image/png', 1, 'x' from applications
      where email like 'bulk%' and stage = 'kyc_in_progress'`);
    await t.ctx.db.execute(
      sql`update kyc_files set status = 'approved' where application_id = ${b}`,
    );
    await expectExact('files uploaded and reviewed');

    // A case taken, moved on, sent back (older pending files wait), dropped.
    await t.ctx.db.execute(sql`update applications
      set assigned_to = ${member.id}, assigned_at = now() where id in (${a}, ${b})`);
    await t.ctx.db.execute(sql`update applications set stage = 'kyc_in_progress' where id = ${a}`);
    // A file arriving for a taken case, and a write that would give files another assignee.
    await upload(b, 'selfie');
    await t.ctx.db.execute(
      sql`update kyc_files set assigned_to = null where application_id = ${b}`,
    );
    await expectExact('taken and moved');
    await t.ctx.db.execute(sql`update applications set stage = 'detailed' where id = ${a}`);
    await expectExact('sent back: its pending files wait for new ones');
    await t.ctx.db.execute(
      sql`update applications set assigned_to = null, assigned_at = null where id = ${a}`,
    );
    // A statement that changes nothing counted (a timestamp) adds nothing.
    await t.ctx.db.execute(sql`update applications set updated_at = now()`);
    await expectExact('dropped, and an update that changes nothing counted');

    // Declined, erased, deleted outright (its files go with it, by cascade).
    await t.ctx.db.execute(sql`update applications
      set stage = 'declined', declined_at = now() where id = ${b}`);
    await t.ctx.db.execute(sql`update applications set erased_at = now(),
      erasure_reason = 'request', full_name = null, email = null
      where email like 'bulk1%'`);
    await t.ctx.db.execute(sql`delete from applications where id = ${a}`);
    await expectExact('declined, erased and deleted');

    // The inboxes and the audit log.
    await t.ctx.db.execute(sql`insert into eoi_requests (full_name, email, status)
      select 'Eoi ' || g, 'eoi' || g || '@example.com',
        (array['new', 'reviewed', 'archived'])[1 + g % 3]
      from generate_series(1, 30) g`);
    await t.ctx.db.execute(sql`insert into contact_messages (name, email, message)
      values ('Con', 'con@example.com', 'Hello')`);
    await t.ctx.db.execute(sql`update eoi_requests set status = 'archived' where status = 'new'`);
    // Arrivals spread over days (by day), then one moved a day back.
    await t.ctx.db.execute(sql`insert into eoi_requests (full_name, email, created_at)
      select 'Old ' || g, 'old' || g || '@example.com', now() - g * interval '20 hours'
      from generate_series(1, 12) g`);
    await t.ctx.db.execute(sql`update eoi_requests set created_at = created_at - interval '1 day'
      where full_name = 'Old 3'`);
    await t.ctx.db.execute(sql`delete from contact_messages`);
    await t.ctx.db.execute(sql`insert into audit_log (actor_type, actor_id, actor_email,
        actor_role, action, target_type, target_id)
      values ('staff', ${member.id}, 'count@example.com', 'owner', 'settings.update',
        'setting', 'x'),
      ('system', null, null, null, 'retention.run', 'job', 'y')`);
    await expectExact('inboxes and audit log');

    // Compaction folds the rows into one a key and changes no total.
    const before = await counted();
    await compactRowCounts(t.ctx.db);
    expect(await counted()).toEqual(before);
    const [rows] = await queryRows<{ n: number; keys: number }>(
      t.ctx.db,
      sql`select count(*)::int as n,
        count(distinct (counter, k1, k2))::int as keys from row_counts`,
    );
    expect(rows!.n).toBe(rows!.keys);
  });
});
