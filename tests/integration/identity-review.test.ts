import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseApplication } from '#server/applicant/erase.ts';
import { createApplicantSession } from '#server/auth/applicant.ts';
import { applicationDetails, applications, auditLog, identityChecks } from '#server/db/schema.ts';
import { queryRows } from '#server/db/client.ts';
import {
  IDENTITY_APPROVE_WRONG_STATE,
  watchlistLabel,
  type ApplicantCaseResponse,
} from '#shared/schemas/case.ts';
import { NO_PERMISSION } from '#shared/staff.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { startFakeVeriff, type FakeVeriff } from '../helpers/fake-veriff.ts';

/**
 * Issue 17 item 9, staff's side: a Veriff decline waits for staff, who decline (the data
 * protection call) or approve with a written reason; a watchlist possible match is kept as one
 * and reads 'needs review' on the case screen, never as clear.
 */

let veriff: FakeVeriff;
let t: TestApp;
let compliance: string;
let operations: string;
beforeAll(async () => {
  veriff = await startFakeVeriff();
  t = await createTestApp({
    RATE_LIMIT_SCALE: '0',
    PUBLIC_URL: 'https://waj.example',
    ...veriff.env(),
  });
  compliance = await t.staffToken('compliance');
  operations = await t.staffToken('operations');
});
afterAll(async () => {
  await t?.close();
  await veriff?.close();
});

const staff = (call: string, token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${call}`,
    payload,
    headers: { 'x-admin-pass': token },
  });

/** An applicant who has started Veriff: at kyc_in_progress with a session at the fake. */
async function started(name: string) {
  const a = await t.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        fullName: name,
        email: `applicant.${Math.random().toString(36).slice(2)}@example.com`,
        emailVerifiedAt: new Date(),
        source: 'invite',
        stage: 'detailed',
      })
      .returning({ id: applications.id });
    await tx.insert(applicationDetails).values({
      applicationId: row!.id,
      annualIncome: 120_000,
      employmentStatus: 'employed',
      pepExposed: false,
      cardTierPref: 'noir',
    });
    const session = await createApplicantSession(tx, row!.id);
    return { id: row!.id, token: session.token };
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/apply-kyc-start',
    payload: {},
    headers: { 'x-session-token': a.token },
  });
  expect(res.statusCode).toBe(200);
  return { ...a, session: veriff.sessions.at(-1)! };
}

async function stageOf(id: string) {
  const [row] = await t.ctx.db
    .select({ stage: applications.stage })
    .from(applications)
    .where(eq(applications.id, id));
  return row!.stage;
}

async function caseOf(id: string, token = compliance) {
  const res = await staff('admin-applicant-case', token, { basic_id: id });
  expect(res.statusCode).toBe(200);
  return res.json<ApplicantCaseResponse>();
}

const REASON = 'Passport checked against the original at the branch by Dana';

describe('admin-identity-approve', () => {
  it('lets compliance approve a Veriff decline with a reason: the applicant moves on to offers', async () => {
    const a = await started('Nora Quinn');
    await veriff.decision(t.app, a.session, 'declined');
    expect(await stageOf(a.id)).toBe('kyc_in_progress');

    // Operations may read the case but not decide it.
    const refused = await staff('admin-identity-approve', operations, {
      basic_id: a.id,
      reason: REASON,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ ok: false, error: NO_PERMISSION });

    // A reason is required.
    const empty = await staff('admin-identity-approve', compliance, {
      basic_id: a.id,
      reason: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toMatchObject({
      reason: 'Please give a reason for the approval',
    });
    expect(await stageOf(a.id)).toBe('kyc_in_progress');

    const res = await staff('admin-identity-approve', compliance, {
      basic_id: a.id,
      reason: REASON,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, stage: 'kyc' });
    expect(await stageOf(a.id)).toBe('kyc');

    // The reason is on the check; Veriff's own decision stays as it came.
    const [check] = await t.ctx.db
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.applicationId, a.id));
    expect(check).toMatchObject({ decision: 'declined', staffApproveReason: REASON });
    const view = await caseOf(a.id);
    expect(view.screening?.staff_approval).toMatchObject({ reason: REASON });
    // Operations see that it was approved, not staff's words.
    expect((await caseOf(a.id, operations)).screening?.staff_approval).toMatchObject({
      reason: null,
    });

    // Audited, with ids and field names only.
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.applicationId, a.id), eq(auditLog.action, 'identity_check.staff_approve')),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorType: 'staff', after: { fields: ['reason'] } });
    expect(JSON.stringify(rows)).not.toContain('Passport checked');

    // In the Offers queue now.
    const offers = await staff('admin-offer-list', compliance, {});
    expect(JSON.stringify(offers.json())).toContain(a.id);

    // Twice is refused: nothing waits any more.
    const again = await staff('admin-identity-approve', compliance, {
      basic_id: a.id,
      reason: REASON,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(IDENTITY_APPROVE_WRONG_STATE);
  });

  it('is refused (409) when Veriff did not decline, and changes nothing', async () => {
    const a = await started('Iris Penn');
    const res = await staff('admin-identity-approve', compliance, {
      basic_id: a.id,
      reason: REASON,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(IDENTITY_APPROVE_WRONG_STATE);
    expect(await stageOf(a.id)).toBe('kyc_in_progress');
    const [check] = await t.ctx.db
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.applicationId, a.id));
    expect(check!.staffApprovedAt).toBeNull();
  });

  it("an erasure leaves nothing of staff's reason anywhere", async () => {
    const a = await started('Tom Erased');
    await veriff.decision(t.app, a.session, 'declined');
    const reason = 'Seen in person at the branch, unique words 7f3a';
    expect(
      (await staff('admin-identity-approve', compliance, { basic_id: a.id, reason })).statusCode,
    ).toBe(200);
    await t.ctx.db.transaction((tx) =>
      eraseApplication(tx, {
        applicationId: a.id,
        reason: 'request',
        now: new Date(),
        actor: { type: 'system', id: 'test' },
      }),
    );
    const [hits] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select (
        (select count(*) from identity_checks r where r::text like ${'%unique words 7f3a%'}) +
        (select count(*) from audit_log r where r::text like ${'%unique words 7f3a%'}))::int as n`,
    );
    expect(Number(hits!.n)).toBe(0);
  });
});

describe('watchlist results on the case screen', () => {
  it('a possible match (adverse media) reads as needing review; a later no_match clears it', async () => {
    const a = await started('Victor Lane');
    await veriff.watchlist(t.app, a.id, {
      matchStatus: 'possible_match',
      adverseMedia: true,
      attemptId: `${a.id}-1`,
    });
    const hit = (await caseOf(a.id)).screening!;
    expect(hit).toMatchObject({
      watchlist_match: 'possible_match',
      watchlist_kinds: ['adverseMedia'],
      pep: null,
      sanctions: null,
    });
    expect(watchlistLabel(hit.watchlist_match, hit.watchlist_kinds)).toBe(
      'Possible match — needs review (adverse media)',
    );

    await veriff.watchlist(t.app, a.id, {
      matchStatus: 'no_match',
      attemptId: `${a.id}-2`,
      checkType: 'updated_result',
    });
    const clear = (await caseOf(a.id)).screening!;
    expect(clear).toMatchObject({
      watchlist_match: 'no_match',
      watchlist_kinds: [],
      pep: false,
      sanctions: false,
    });
    expect(watchlistLabel(clear.watchlist_match, clear.watchlist_kinds)).toBe('No match');
  });
});

describe('the date of birth Veriff read from the document', () => {
  it('is on the case beside the one the applicant gave, so a difference can be flagged', async () => {
    const a = await started('Dora Mismatch');
    await t.ctx.db
      .update(applicationDetails)
      .set({ dateOfBirth: '1985-03-14' })
      .where(eq(applicationDetails.applicationId, a.id));
    expect((await caseOf(a.id)).details).toMatchObject({
      date_of_birth: '1985-03-14',
      document_date_of_birth: null,
    });
    // The fake reads 12 April 1985 from the document.
    await veriff.decision(t.app, a.session, 'approved');
    expect((await caseOf(a.id)).details).toMatchObject({
      date_of_birth: '1985-03-14',
      document_date_of_birth: '1985-04-12',
    });
  });
});
