import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '#server/jobs/retention.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import {
  applicantSessions,
  applicationDetails,
  applications,
  auditLog,
  contactMessages,
  emailOutbox,
  eoiRequests,
  fileDeletions,
  identityCheckEvents,
  identityChecks,
  inviteCodes,
  jobRuns,
  kycFiles,
  magicLinks,
  offers,
  staffAuthFailures,
  staffChallenges,
  staffTokens,
} from '#server/db/schema.ts';
import type { FileStorage } from '#server/storage/storage.ts';
import type { Stage } from '#shared/stages.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { fingerprint } from '../helpers/fingerprint.ts';

/**
 * Retention (CONTRACT §6) with a movable clock: the job is run at chosen moments instead of
 * waiting months, and each rule must erase exactly what is past its period and nothing else.
 */

const DAY = 24 * 60 * 60 * 1000;
const months = (n: number, from: Date) => {
  const d = new Date(from.getTime());
  d.setUTCMonth(d.getUTCMonth() + n);
  return d;
};

let t: TestApp;
/** Each rule gets a database of its own, so one rule's data never falls under another's. */
function freshApp() {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
}

interface Seeded {
  id: string;
  name: string;
  email: string;
  fileKey: string;
  /** Their identity check: provider events refer to it, not to the application. */
  checkId: string;
}

let seeded = 0;
/**
 * An applicant with a row in every table that can hold something about them, and a stored
 * identity file. Sessions, mails and payloads are far from their own periods, so only the
 * application rules can touch them.
 */
async function seedApplicant(options: {
  stage: Stage;
  declinedAt?: Date;
  at?: Date;
}): Promise<Seeded> {
  seeded += 1;
  const at = options.at ?? new Date();
  const name = `Retention Person ${seeded} ${randomUUID().slice(0, 6)}`;
  const email = `retention.${seeded}.${randomUUID().slice(0, 8)}@example.com`;
  const fileKey = `kyc/${randomUUID()}.jpg`;
  await t.ctx.storage.put(fileKey, Buffer.from(`identity document of ${name}`));
  const { id, checkId } = await t.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        fullName: name,
        email,
        phone: '+44 7700 900123',
        reason: 'Because',
        source: 'application',
        stage: options.stage,
        declinedAt: options.declinedAt ?? null,
        declineReason: options.declinedAt ? 'Internal reason' : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: applications.id });
    const applicationId = row!.id;
    await tx.insert(applicationDetails).values({
      applicationId,
      annualIncome: 123_456,
      employmentStatus: 'employed',
      pepExposed: false,
    });
    await tx.insert(applicantSessions).values({
      applicationId,
      tokenHash: randomUUID(),
      expiresAt: new Date(at.getTime() + 3650 * DAY),
    });
    await tx.insert(magicLinks).values({
      applicationId,
      signatureHash: randomUUID(),
      expiresAt: new Date(at.getTime() + 3650 * DAY),
    });
    await tx.insert(kycFiles).values({
      applicationId,
      type: 'document',
      storageKey: fileKey,
      contentType: 'image/jpeg',
      fileSize: 10,
      sha256: 'x',
    });
    const [check] = await tx
      .insert(identityChecks)
      .values({
        applicationId,
        provider: 'veriff',
        providerSessionId: randomUUID(),
        rawPayload: { person: name },
        lastEventAt: new Date(at.getTime() + 3650 * DAY),
      })
      .returning({ id: identityChecks.id });
    await tx.insert(identityCheckEvents).values({
      dedupeKey: randomUUID(),
      identityCheckId: check!.id,
      kind: 'decision',
      payload: { person: name },
      receivedAt: new Date(at.getTime() + 3650 * DAY),
    });
    await tx.insert(offers).values({ applicationId, tier: 'noir', issuedBy: 'staff' });
    await tx.insert(eoiRequests).values({
      applicationId,
      email,
      fullName: name,
      updatedAt: new Date(at.getTime() + 3650 * DAY),
    });
    await tx.insert(inviteCodes).values({
      code: `R${randomUUID().slice(0, 8).toUpperCase()}`,
      issuedTo: email,
      issuedApplicationId: applicationId,
    });
    // Due in ten years: the mail worker leaves it alone, and it is not 'sent'.
    await tx.insert(emailOutbox).values({
      applicationId,
      to: email,
      subject: 'About your application',
      text: `Dear ${name}`,
      template: 'test.retention',
      nextAttemptAt: new Date(at.getTime() + 3650 * DAY),
    });
    return { id: applicationId, checkId: check!.id };
  });
  return { id, name, email, fileKey, checkId };
}

/** Every row in the database that mentions `id`, by table (the tombstone and audit excepted). */
async function rowsMentioning(db: Db, id: string): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public'
          and tablename not in ('applications', 'audit_log', 'erasure_requests', 'invite_codes')`,
  );
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(name)} r where r::text like ${`%${id}%`}`,
    );
    if (row!.n) found[name] = row!.n;
  }
  return found;
}

async function fileExists(storage: FileStorage, key: string): Promise<boolean> {
  try {
    (await storage.getStream(key)).destroy();
    return true;
  } catch {
    return false;
  }
}

/** The fingerprint of everything except what is about `erased`, and the job's own tables. */
async function othersFingerprint(erased: Seeded[]): Promise<Record<string, string>> {
  const state = await fingerprint(t.ctx.db, t.env.DATA_DIR);
  for (const key of Object.keys(state)) {
    // row_counts: the list counters, which follow every erasure (row-counts.test.ts).
    if (
      ['table audit_log', 'table job_runs', 'table file_deletions', 'table row_counts'].includes(
        key,
      )
    ) {
      delete state[key];
    }
  }
  for (const person of erased) {
    for (const key of Object.keys(state)) {
      if (key.startsWith('file ') && key.endsWith(person.fileKey)) delete state[key];
    }
  }
  // Tables are compared without the erased applicants' rows.
  const tables = Object.keys(state).filter((key) => key.startsWith('table '));
  for (const key of tables) {
    const name = key.slice('table '.length);
    const row =
      name === 'email_outbox'
        ? sql`(r.id, r.to_address, r.subject, r.text_body)::text`
        : sql`r::text`;
    const filters = erased.flatMap((p) =>
      [p.id, p.checkId].map((id) => sql`r::text not like ${`%${id}%`}`),
    );
    const [result] = await queryRows<{ n: number; digest: string | null }>(
      t.ctx.db,
      sql`select count(*)::int as n, md5(string_agg(${row}, '|' order by ${row})) as digest
          from ${sql.identifier(name)} r
          ${filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``}`,
    );
    state[key] = `${result!.n} ${result!.digest ?? ''}`;
  }
  return state;
}

async function expectErased(person: Seeded, reason: string) {
  const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, person.id));
  expect(row).toMatchObject({
    fullName: null,
    email: null,
    phone: null,
    reason: null,
    declineReason: null,
    erasureReason: reason,
  });
  expect(row!.erasedAt).toBeInstanceOf(Date);
  expect(await rowsMentioning(t.ctx.db, person.id)).toEqual({});
  expect(await fileExists(t.ctx.storage, person.fileKey)).toBe(false);
  // Nothing anywhere still holds their name or e-mail.
  const [hits] = await queryRows<{ n: number }>(
    t.ctx.db,
    sql`select (
      select count(*) from email_outbox r where r::text like ${`%${person.email}%`}) + (
      select count(*) from invite_codes r where r::text like ${`%${person.email}%`}) + (
      select count(*) from audit_log r where r::text like ${`%${person.name}%`})::int as n`,
  );
  expect(Number(hits!.n)).toBe(0);
}

async function expectKept(person: Seeded) {
  const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, person.id));
  expect(row).toMatchObject({ fullName: person.name, email: person.email, erasedAt: null });
  expect(await fileExists(t.ctx.storage, person.fileKey)).toBe(true);
}

describe('declined applications are erased two months after the decline', () => {
  freshApp();

  it('erases exactly the declined applicant past the period, with a tombstone', async () => {
    const t0 = new Date();
    const due = await seedApplicant({ stage: 'declined', declinedAt: t0 });
    const recent = await seedApplicant({ stage: 'declined', declinedAt: months(1, t0) });
    const active = await seedApplicant({ stage: 'kyc' });
    const before = await othersFingerprint([due]);

    // One day short of two months: nothing.
    const early = await runRetention({
      db: t.ctx.db,
      storage: t.ctx.storage,
      now: new Date(months(2, t0).getTime() - DAY),
    });
    expect(early?.declined).toBe(0);
    await expectKept(due);

    const counts = await runRetention({
      db: t.ctx.db,
      storage: t.ctx.storage,
      now: new Date(months(2, t0).getTime() + DAY),
    });
    expect(counts).toMatchObject({ declined: 1, inactive: 0, files: 1 });
    await expectErased(due, 'declined');
    await expectKept(recent);
    await expectKept(active);
    expect(await othersFingerprint([due])).toEqual(before);

    // The stage reached and the dates stay; the timeline gained the erasure.
    const [tomb] = await t.ctx.db.select().from(applications).where(eq(applications.id, due.id));
    expect(tomb!.stage).toBe('declined');
    const erasures = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, due.id), eq(auditLog.action, 'application.erase')));
    expect(erasures).toHaveLength(1);
    expect(erasures[0]).toMatchObject({ actorType: 'system', after: { reason: 'declined' } });
  });
});

describe('applications with no activity for 12 months before a tier offer are erased', () => {
  freshApp();

  it('erases the idle early-stage applicant, keeps one with recent activity and one at an offer', async () => {
    const t0 = new Date();
    const idle = await seedApplicant({ stage: 'detailed' });
    const busy = await seedApplicant({ stage: 'kyc' });
    const offered = await seedApplicant({ stage: 'tier_offer' });
    // Activity eleven months on: a staff action on the file.
    await t.ctx.db.insert(auditLog).values({
      actorType: 'system',
      action: 'test.activity',
      targetType: 'application',
      targetId: busy.id,
      applicationId: busy.id,
      at: months(11, t0),
    });
    const before = await othersFingerprint([idle]);
    const counts = await runRetention({
      db: t.ctx.db,
      storage: t.ctx.storage,
      now: new Date(months(12, t0).getTime() + DAY),
    });
    expect(counts?.inactive).toBe(1);
    await expectErased(idle, 'inactive');
    await expectKept(busy);
    await expectKept(offered);
    expect(await othersFingerprint([idle])).toEqual(before);
  });
});

describe('housekeeping', () => {
  freshApp();

  it('clears sessions, links, challenges, mail bodies, payloads, inbox and sign-in failures past their periods, and nothing newer', async () => {
    const now = new Date(Date.now() + 5 * 365 * DAY);
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const person = await seedApplicant({ stage: 'kyc', at: ago(40) });
    const owner = await t.staffMember('owner');

    const [oldSession, newSession] = await t.ctx.db
      .insert(applicantSessions)
      .values([
        { applicationId: person.id, tokenHash: randomUUID(), expiresAt: ago(31) },
        { applicationId: person.id, tokenHash: randomUUID(), expiresAt: ago(29) },
      ])
      .returning({ id: applicantSessions.id });
    const [oldToken, revokedToken, newToken] = await t.ctx.db
      .insert(staffTokens)
      .values([
        { memberId: owner.id, tokenHash: randomUUID(), expiresAt: ago(31) },
        { memberId: owner.id, tokenHash: randomUUID(), expiresAt: ago(-1), revokedAt: ago(31) },
        { memberId: owner.id, tokenHash: randomUUID(), expiresAt: ago(29) },
      ])
      .returning({ id: staffTokens.id });
    const [oldLink, usedLink, newLink] = await t.ctx.db
      .insert(magicLinks)
      .values([
        { applicationId: person.id, signatureHash: randomUUID(), expiresAt: ago(31) },
        {
          applicationId: person.id,
          signatureHash: randomUUID(),
          expiresAt: ago(-1),
          usedAt: ago(31),
        },
        { applicationId: person.id, signatureHash: randomUUID(), expiresAt: ago(29) },
      ])
      .returning({ id: magicLinks.id });
    const [oldChallenge, newChallenge] = await t.ctx.db
      .insert(staffChallenges)
      .values([
        { memberId: owner.id, tokenHash: randomUUID(), purpose: 'verify', expiresAt: ago(31) },
        { memberId: owner.id, tokenHash: randomUUID(), purpose: 'verify', expiresAt: ago(29) },
      ])
      .returning({ id: staffChallenges.id });
    const [oldMail, newMail, unsent] = await t.ctx.db
      .insert(emailOutbox)
      .values([
        {
          to: 'a@example.com',
          subject: 's',
          text: 'old body',
          template: 't',
          status: 'sent',
          sentAt: ago(31),
        },
        {
          to: 'b@example.com',
          subject: 's',
          text: 'new body',
          template: 't',
          status: 'sent',
          sentAt: ago(29),
        },
        {
          to: 'c@example.com',
          subject: 's',
          text: 'failed body',
          template: 't',
          status: 'failed',
          failedAt: ago(31),
        },
      ])
      .returning({ id: emailOutbox.id });
    const oldEvent = randomUUID();
    const newEvent = randomUUID();
    await t.ctx.db.insert(identityCheckEvents).values([
      { dedupeKey: oldEvent, kind: 'decision', payload: { a: 1 }, receivedAt: ago(91) },
      { dedupeKey: newEvent, kind: 'decision', payload: { a: 2 }, receivedAt: ago(89) },
    ]);
    const [oldEoi, newEoi] = await t.ctx.db
      .insert(eoiRequests)
      .values([
        { email: 'e1@example.com', fullName: 'Old Eoi', createdAt: ago(400), updatedAt: ago(367) },
        { email: 'e2@example.com', fullName: 'New Eoi', createdAt: ago(400), updatedAt: ago(300) },
      ])
      .returning({ id: eoiRequests.id });
    const [oldContact, newContact] = await t.ctx.db
      .insert(contactMessages)
      .values([
        {
          email: 'c1@example.com',
          name: 'Old',
          message: 'm',
          createdAt: ago(400),
          updatedAt: ago(367),
        },
        {
          email: 'c2@example.com',
          name: 'New',
          message: 'm',
          createdAt: ago(400),
          updatedAt: ago(300),
        },
      ])
      .returning({ id: contactMessages.id });
    await t.ctx.db.insert(staffAuthFailures).values([
      { ip: '203.0.113.9', account: 'x@example.com', at: ago(1) },
      { ip: '203.0.113.9', account: 'x@example.com', at: new Date(now.getTime() - 60_000) },
    ]);

    const counts = await runRetention({ db: t.ctx.db, storage: t.ctx.storage, now });
    expect(counts).toMatchObject({ sign_in_failures: 1 });
    expect(counts?.sessions).toBe(6);
    expect(counts?.inbox).toBe(2);

    const ids = async (table: typeof applicantSessions | typeof staffTokens, list: string[]) =>
      (await t.ctx.db.select({ id: table.id }).from(table))
        .map((r) => r.id)
        .filter((id) => list.includes(id));
    expect(await ids(applicantSessions, [oldSession!.id, newSession!.id])).toEqual([
      newSession!.id,
    ]);
    expect(await ids(staffTokens, [oldToken!.id, revokedToken!.id, newToken!.id])).toEqual([
      newToken!.id,
    ]);
    const links = (await t.ctx.db.select({ id: magicLinks.id }).from(magicLinks)).map((r) => r.id);
    expect([oldLink!.id, usedLink!.id, newLink!.id].filter((id) => links.includes(id))).toEqual([
      newLink!.id,
    ]);
    const challenges = (
      await t.ctx.db.select({ id: staffChallenges.id }).from(staffChallenges)
    ).map((r) => r.id);
    expect([oldChallenge!.id, newChallenge!.id].filter((id) => challenges.includes(id))).toEqual([
      newChallenge!.id,
    ]);

    const mails = await t.ctx.db.select().from(emailOutbox);
    const mail = (id: string) => mails.find((m) => m.id === id)!;
    // The record that a mail was sent stays; only its body goes.
    expect(mail(oldMail!.id)).toMatchObject({ text: '', html: null, status: 'sent' });
    expect(mail(oldMail!.id).bodyErasedAt).toBeInstanceOf(Date);
    expect(mail(newMail!.id)).toMatchObject({ text: 'new body', bodyErasedAt: null });
    // A failed mail waits for staff to retry it, body and all.
    expect(mail(unsent!.id)).toMatchObject({ text: 'failed body', bodyErasedAt: null });

    const events = await t.ctx.db.select().from(identityCheckEvents);
    expect(events.find((e) => e.dedupeKey === oldEvent)?.payload).toBeNull();
    expect(events.find((e) => e.dedupeKey === newEvent)?.payload).toEqual({ a: 2 });

    const eois = (await t.ctx.db.select({ id: eoiRequests.id }).from(eoiRequests)).map((r) => r.id);
    expect(eois).not.toContain(oldEoi!.id);
    expect(eois).toContain(newEoi!.id);
    const contacts = (await t.ctx.db.select({ id: contactMessages.id }).from(contactMessages)).map(
      (r) => r.id,
    );
    expect(contacts).not.toContain(oldContact!.id);
    expect(contacts).toContain(newContact!.id);
    const failures = await t.ctx.db.select().from(staffAuthFailures);
    expect(failures).toHaveLength(1);

    // The run is recorded with its counts.
    const [run] = await t.ctx.db.select().from(jobRuns).where(eq(jobRuns.startedAt, now));
    expect(run).toMatchObject({ job: 'retention', status: 'ok', counts });
  });
});

describe('a run that dies midway', () => {
  freshApp();

  it('erases nothing half-way, is recorded as failed, and the next run finishes the work', async () => {
    const t0 = new Date();
    const first = await seedApplicant({ stage: 'declined', declinedAt: t0 });
    const second = await seedApplicant({ stage: 'declined', declinedAt: t0 });
    const now = new Date(months(2, t0).getTime() + DAY);
    let erasedSoFar = 0;
    await expect(
      runRetention({
        db: t.ctx.db,
        storage: t.ctx.storage,
        now,
        afterErase: () => {
          erasedSoFar += 1;
          if (erasedSoFar === 1) throw new Error('process killed');
        },
      }),
    ).rejects.toThrow('process killed');
    await expectKept(first);
    await expectKept(second);
    const [failed] = await t.ctx.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.startedAt, now), eq(jobRuns.status, 'failed')));
    expect(failed?.error).toContain('process killed');

    // Killed after the records were erased but before the files were deleted: the keys wait.
    const storage: FileStorage = {
      ...t.ctx.storage,
      put: t.ctx.storage.put.bind(t.ctx.storage),
      getStream: t.ctx.storage.getStream.bind(t.ctx.storage),
      delete: () => Promise.reject(new Error('storage unreachable')),
    };
    await expect(runRetention({ db: t.ctx.db, storage, now })).rejects.toThrow(
      'storage unreachable',
    );
    const [tomb] = await t.ctx.db.select().from(applications).where(eq(applications.id, first.id));
    expect(tomb!.erasedAt).toBeInstanceOf(Date);
    expect(await fileExists(t.ctx.storage, first.fileKey)).toBe(true);
    expect(await t.ctx.db.select().from(fileDeletions)).toHaveLength(2);

    await runRetention({ db: t.ctx.db, storage: t.ctx.storage, now });
    await expectErased(first, 'declined');
    await expectErased(second, 'declined');
    expect(await t.ctx.db.select().from(fileDeletions)).toHaveLength(0);
  });
});
