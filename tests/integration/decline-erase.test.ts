import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicantSession } from '#server/auth/applicant.ts';
import {
  applicationDetails,
  applications,
  auditLog,
  contactMessages,
  emailOutbox,
  erasureRequests,
  kycFiles,
} from '#server/db/schema.ts';
import {
  ALREADY_ERASED_MESSAGE,
  DECLINE_WRONG_STAGE_MESSAGE,
  DECLINED_APPLICATION_MESSAGE,
  ERASE_ALREADY_REQUESTED_MESSAGE,
  ERASE_NOT_REQUESTED_MESSAGE,
  ERASE_SELF_APPROVAL_MESSAGE,
} from '#shared/schemas/data-protection.ts';
import { ERASE_REFUSED_MEMBER_MESSAGE } from '#shared/retention.ts';
import type { Stage } from '#shared/stages.ts';
import { NO_PERMISSION } from '#shared/staff.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { declineWithApproval } from '../helpers/casework.ts';
import { fingerprint } from '../helpers/fingerprint.ts';
import { IDENTITY_DETAILS } from '../helpers/identity.ts';
import { seedStaffMember, seedStaffToken } from '../helpers/staff-seed.ts';

/**
 * Declining and erasure on request (CONTRACT §6): compliance or an owner declines any
 * application before `activated`, the applicant is told without the reason; erasure needs a
 * request by one member and an approval by a different one, and is refused for members.
 */

let t: TestApp;
let compliance: string;
let owner: string;
let secondCompliance: string;
let operations: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://waj.example', RATE_LIMIT_SCALE: '0' });
  compliance = await t.staffToken('compliance');
  owner = await t.staffToken('owner');
  operations = await t.staffToken('operations');
  const other = await seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, {
    role: 'compliance',
    name: 'Carla Second-Compliance',
  });
  secondCompliance = await seedStaffToken(t.ctx.db, other.id);
});
afterAll(async () => {
  await t?.close();
});

const staff = (call: string, token: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${call}`,
    payload,
    headers: { 'x-admin-pass': token },
  });

let count = 0;
async function applicant(stage: Stage) {
  count += 1;
  const name = `Dana Declined ${count}`;
  const email = `dana.${count}.${Date.now()}@example.com`;
  return t.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({ source: 'invite', stage, fullName: name, email, emailVerifiedAt: new Date() })
      .returning({ id: applications.id });
    await tx.insert(applicationDetails).values({
      applicationId: row!.id,
      annualIncome: 150_000,
      employmentStatus: 'employed',
      pepExposed: false,
    });
    const session = await createApplicantSession(tx, row!.id);
    return { id: row!.id, name, email, session: session.token };
  });
}

const stageOf = async (id: string) =>
  (await t.ctx.db.select().from(applications).where(eq(applications.id, id)))[0]!;

describe('admin-applicant-decline', () => {
  it('ends the application, tells the applicant politely without the reason, and keeps the reason for staff', async () => {
    const a = await applicant('kyc');
    const res = await staff('admin-applicant-decline', compliance, {
      basic_id: a.id,
      reason: 'Source of funds could not be evidenced',
    });
    expect(res.statusCode, res.body).toBe(200);
    // Asked, not yet done: a second member approves it (CONTRACT §9).
    expect(res.json()).toEqual({
      ok: true,
      stage: 'kyc',
      status: 'pending_approval',
      request_id: expect.any(String),
    });
    expect((await stageOf(a.id)).stage).toBe('kyc');
    const approved = await staff('admin-approval-decide', owner, {
      id: res.json().request_id,
      decision: 'approve',
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const row = await stageOf(a.id);
    expect(row.stage).toBe('declined');
    expect(row.declinedAt).toBeInstanceOf(Date);

    // The applicant's own view says declined, and nothing of the reason.
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/apply-get-stage',
      payload: {},
      headers: { 'x-session-token': a.session },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().stage).toBe('declined');
    expect(view.body).not.toContain('Source of funds');

    const [mail] = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.applicationId, a.id),
          eq(emailOutbox.template, 'admin_applicant_decline.application_declined'),
        ),
      );
    expect(mail?.to).toBe(a.email);
    expect(mail?.text).toContain('unable to offer you membership');
    expect(mail?.text).not.toContain('Source of funds');
    expect(mail?.html).not.toContain('Source of funds');

    // Staff see the reason in the applicant's timeline.
    const timeline = await staff('admin-audit-list', compliance, { basic_id: a.id });
    expect(timeline.json().case).toMatchObject({
      stage: 'declined',
      decline_reason: 'Source of funds could not be evidenced',
    });
    expect(timeline.json().data[0]).toMatchObject({ action: 'application.decline' });
    // The audit row holds the stages only, never the staff's free text.
    expect(JSON.stringify(timeline.json().data)).not.toContain('Source of funds');
  });

  it('is final: the applicant can go no further and it cannot be declined twice', async () => {
    const a = await applicant('code_verified');
    expect(
      (await declineWithApproval(t, a.id, 'No', { requester: owner, approver: compliance }))
        .statusCode,
    ).toBe(200);
    const again = await staff('admin-applicant-decline', owner, { basic_id: a.id, reason: 'No' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(DECLINE_WRONG_STAGE_MESSAGE);
    const details = await t.app.inject({
      method: 'POST',
      url: '/api/apply-details',
      payload: {
        annual_income: 100_000,
        employment_status: 'employed',
        pep_exposed: false,
        card_tier_pref: 'noir',
        ...IDENTITY_DETAILS,
      },
      headers: { 'x-session-token': a.session },
    });
    expect(details.statusCode).toBe(409);
    expect((await stageOf(a.id)).stage).toBe('declined');
  });

  it("takes the applicant's files out of the KYC queue, and they can no longer be reviewed", async () => {
    const a = await applicant('kyc_in_progress');
    const [file] = await t.ctx.db
      .insert(kycFiles)
      .values({
        applicationId: a.id,
        type: 'document',
        storageKey: `kyc/${a.id}.jpg`,
        contentType: 'image/jpeg',
        fileSize: 1,
        sha256: 'x',
      })
      .returning({ id: kycFiles.id });
    const queue = async () =>
      (
        (await staff('admin-kyc-list', compliance, { status: 'pending', page_size: 100 })).json()
          .data as {
          id: string;
        }[]
      ).map((f) => f.id);
    expect(await queue()).toContain(file!.id);
    expect(
      (await declineWithApproval(t, a.id, 'No', { requester: compliance, approver: owner }))
        .statusCode,
    ).toBe(200);
    expect(await queue()).not.toContain(file!.id);
    const review = await staff('admin-kyc-action', compliance, {
      file_id: file!.id,
      action: 'approve',
    });
    expect(review.statusCode).toBe(409);
    expect(review.json().error).toBe(DECLINED_APPLICATION_MESSAGE);
  });

  it('refuses members, operations, and a missing reason, changing nothing', async () => {
    const member = await applicant('activated');
    const other = await applicant('kyc');
    const before = await fingerprint(t.ctx.db, t.env.DATA_DIR);
    const refused = await staff('admin-applicant-decline', compliance, {
      basic_id: member.id,
      reason: 'Too late',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(DECLINE_WRONG_STAGE_MESSAGE);
    const forbidden = await staff('admin-applicant-decline', operations, {
      basic_id: other.id,
      reason: 'Not mine to decide',
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toBe(NO_PERMISSION);
    const blank = await staff('admin-applicant-decline', compliance, {
      basic_id: other.id,
      reason: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Please give a reason for the decline');
    const unknown = await staff('admin-applicant-decline', compliance, {
      basic_id: '00000000-0000-4000-8000-000000000000',
      reason: 'Who?',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await fingerprint(t.ctx.db, t.env.DATA_DIR)).toEqual(before);
  });
});

describe('erasure on request', () => {
  it('needs a second member: the requester cannot approve, another compliance member can', async () => {
    const a = await applicant('detailed');
    const request = await staff('admin-applicant-erase', compliance, {
      basic_id: a.id,
      reason: 'Subject asked by letter of 3 November',
    });
    expect(request.statusCode, request.body).toBe(200);
    expect(request.json().request_id).toEqual(expect.any(String));

    const twice = await staff('admin-applicant-erase', owner, { basic_id: a.id, reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(ERASE_ALREADY_REQUESTED_MESSAGE);

    const self = await staff('admin-applicant-erase-approve', compliance, { basic_id: a.id });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe(ERASE_SELF_APPROVAL_MESSAGE);
    const ops = await staff('admin-applicant-erase-approve', operations, { basic_id: a.id });
    expect(ops.statusCode).toBe(403);
    expect((await stageOf(a.id)).fullName).toBe(a.name);

    // The panel lists it while it waits.
    const view = await staff('admin-data-protection', owner);
    expect(view.statusCode).toBe(200);
    expect(view.json().requests).toEqual([
      expect.objectContaining({
        basic_id: a.id,
        full_name: a.name,
        reason: 'Subject asked by letter of 3 November',
      }),
    ]);

    // What they sent from their proved address goes with them; someone else's message stays.
    const [theirs, someoneElses] = await t.ctx.db
      .insert(contactMessages)
      .values([
        { name: a.name, email: a.email.toUpperCase(), message: 'Please call me back' },
        { name: 'Someone Else', email: 'someone.else@example.com', message: 'Hello' },
      ])
      .returning({ id: contactMessages.id });

    const approve = await staff('admin-applicant-erase-approve', secondCompliance, {
      basic_id: a.id,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const row = await stageOf(a.id);
    expect(row).toMatchObject({
      fullName: null,
      email: null,
      erasureReason: 'request',
      stage: 'detailed',
    });
    expect(
      await t.ctx.db
        .select()
        .from(applicationDetails)
        .where(eq(applicationDetails.applicationId, a.id)),
    ).toEqual([]);
    // The applicant's session went with everything else.
    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/apply-get-stage',
      payload: {},
      headers: { 'x-session-token': a.session },
    });
    expect(gone.statusCode).toBe(401);

    // Off every list; the timeline keeps the tombstone and who approved.
    const list = await staff('admin-applicant-list', owner, { page: 1, pageSize: 100 });
    expect(list.json().data.map((r: { id: string }) => r.id)).not.toContain(a.id);
    const timeline = await staff('admin-audit-list', owner, { basic_id: a.id });
    expect(timeline.json().case).toMatchObject({
      erasure_reason: 'request',
      erasure_request: null,
    });
    expect(timeline.json().case.erased_at).toEqual(expect.any(String));
    const actions = (
      await t.ctx.db
        .select({ action: auditLog.action, role: auditLog.actorRole })
        .from(auditLog)
        .where(eq(auditLog.applicationId, a.id))
        .orderBy(asc(auditLog.id))
    ).map((r) => `${r.action}:${r.role}`);
    expect(actions).toEqual([
      'application.erase_request:compliance',
      'application.erase_approve:compliance',
      'application.erase:compliance',
    ]);
    const messages = (await t.ctx.db.select({ id: contactMessages.id }).from(contactMessages)).map(
      (m) => m.id,
    );
    expect(messages).not.toContain(theirs!.id);
    expect(messages).toContain(someoneElses!.id);
    const [stored] = await t.ctx.db
      .select()
      .from(erasureRequests)
      .where(eq(erasureRequests.applicationId, a.id));
    expect(stored?.status).toBe('approved');

    const after = await staff('admin-applicant-erase', owner, { basic_id: a.id, reason: 'Again' });
    expect(after.statusCode).toBe(409);
    expect(after.json().error).toBe(ALREADY_ERASED_MESSAGE);
  });

  it('is refused for members, whose records anti-money-laundering law keeps', async () => {
    const member = await applicant('activated');
    const res = await staff('admin-applicant-erase', owner, {
      basic_id: member.id,
      reason: 'Asked',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ERASE_REFUSED_MEMBER_MESSAGE);
    const approve = await staff('admin-applicant-erase-approve', compliance, {
      basic_id: member.id,
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error).toBe(ERASE_NOT_REQUESTED_MESSAGE);
    expect((await stageOf(member.id)).fullName).toBe(member.name);
  });

  it('is refused at approval when the applicant became a member meanwhile', async () => {
    const a = await applicant('accepted');
    expect(
      (await staff('admin-applicant-erase', compliance, { basic_id: a.id, reason: 'Asked' }))
        .statusCode,
    ).toBe(200);
    await t.ctx.db
      .update(applications)
      .set({ stage: 'activated' })
      .where(eq(applications.id, a.id));
    const approve = await staff('admin-applicant-erase-approve', owner, { basic_id: a.id });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error).toBe(ERASE_REFUSED_MEMBER_MESSAGE);
    expect((await stageOf(a.id)).fullName).toBe(a.name);
  });
});
