import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationDetails,
  applications,
  auditLog,
  emailOutbox,
  identityChecks,
  kycFiles,
} from '#server/db/schema.ts';
import { OVERRIDE_REASON_MESSAGE } from '#shared/schemas/admin.ts';
import type { ApplicantCaseResponse } from '#shared/schemas/case.ts';
import { declineWithApproval } from '../helpers/casework.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { IDENTITY_COLUMNS } from '../helpers/identity.ts';
import { seedStaffMember, seedStaffToken, type SeededMember } from '../helpers/staff-seed.ts';

/**
 * Case work (issue 14): the case screen's one answer, taking a case so the team does not work
 * it twice (conflicts, takeovers, releases, two members at once), and the tier override's
 * mandatory reason.
 */

let t: TestApp;
type Member = { member: SeededMember; token: string };
let owner: Member;
let sam: Member;
let cleo: Member;
let operations: Member;

async function member(role: 'owner' | 'compliance' | 'operations', name: string) {
  const seeded = await seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, { role, name });
  return { member: seeded, token: await seedStaffToken(t.ctx.db, seeded.id) };
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  owner = await member('owner', 'Olivia Owner');
  sam = await member('compliance', 'Sam Patel');
  cleo = await member('compliance', 'Cleo Grant');
  operations = await member('operations', 'Omar Ops');
});
afterAll(async () => {
  await t?.close();
});

const staff = (call: string, who: Member, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${call}`,
    payload,
    headers: { 'x-admin-pass': who.token },
  });

let seeded = 0;
/** An applicant at kyc_in_progress who declared PEP, with an ID, a selfie and one e-mail. */
async function applicant() {
  seeded += 1;
  const db = t.ctx.db;
  const [row] = await db
    .insert(applications)
    .values({
      source: 'invite',
      stage: 'kyc_in_progress',
      fullName: `Case Applicant ${seeded}`,
      email: `case.${seeded}.${randomUUID()}@example.com`,
      emailVerifiedAt: new Date(),
      phone: '+44 7700 900123',
    })
    .returning({ id: applications.id });
  const id = row!.id;
  await db.insert(applicationDetails).values({
    applicationId: id,
    annualIncome: 185_000,
    employmentStatus: 'self_employed',
    pepExposed: true,
    cardTierPref: 'titan',
    ...IDENTITY_COLUMNS,
  });
  for (const type of ['document', 'selfie'] as const) {
    await db.insert(kycFiles).values({
      applicationId: id,
      type,
      storageKey: `kyc/${randomUUID()}.png`,
      contentType: 'image/png',
      fileSize: 100,
      sha256: 'x'.repeat(64),
    });
  }
  await db.insert(identityChecks).values({
    applicationId: id,
    provider: 'builtin',
    status: 'submitted',
    pep: false,
    sanctions: false,
    country: 'GB',
  });
  // A note to staff about the applicant is not mail sent to them.
  await db.insert(emailOutbox).values({
    to: 'staff@waj.example',
    subject: 'Identity documents to review',
    text: 'For staff',
    template: 'kyc.staff_notification',
    applicationId: id,
  });
  await db.insert(emailOutbox).values({
    to: 'someone@example.com',
    subject: 'We have received your application',
    text: 'A body staff never see here',
    template: 'apply_basic.application_received',
    applicationId: id,
  });
  return id;
}

const caseOf = async (id: string, who: Member = sam) => {
  const res = await staff('admin-applicant-case', who, { basic_id: id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ApplicantCaseResponse>();
};

const audits = (id: string, action: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.applicationId, id), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

describe('admin-applicant-case', () => {
  it('holds the declared details, the PEP declaration, both files and the screening', async () => {
    const id = await applicant();
    const found = await caseOf(id);
    expect(found.applicant).toMatchObject({
      id,
      stage: 'kyc_in_progress',
      phone: '+44 7700 900123',
    });
    expect(Date.parse(found.applicant.stage_changed_at)).not.toBeNaN();
    expect(found.details).toEqual({
      annual_income: 185_000,
      employment_status: 'self_employed',
      pep_declared: true,
      preferred_tier: 'titan',
      date_of_birth: '1985-03-14',
      address: { line1: '1 High Street', line2: null, town: 'London', postcode: 'SW1A 1AA' },
      // The builtin check reads no date from the document: nothing to compare.
      document_date_of_birth: null,
    });
    expect(found.files.document).toMatchObject({ type: 'document', status: 'pending' });
    expect(found.files.selfie).toMatchObject({ type: 'selfie', status: 'pending' });
    expect(found.screening).toMatchObject({ provider: 'builtin', pep: false, country: 'GB' });
    expect(found.emails).toEqual([
      expect.objectContaining({
        subject: 'We have received your application',
        template: 'apply_basic.application_received',
        status: 'pending',
      }),
    ]);
    expect(JSON.stringify(found.emails)).not.toContain('A body staff never see');
    expect(found.assignee).toBeNull();
    expect(found.timeline).toEqual([]);
    // Reading a case writes nothing to the trail: the file views are what is recorded.
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.applicationId, id))).toEqual(
      [],
    );
  });

  it('gives operations the case without the trail or review notes', async () => {
    const id = await applicant();
    const found = await caseOf(id, operations);
    expect(found.timeline).toBeNull();
    expect(found.details?.pep_declared).toBe(true);
  });

  it('gives the decline reason and an erasure request to owner and compliance, never to operations', async () => {
    const id = await applicant();
    const declined = await declineWithApproval(t, id, 'Source of funds could not be verified', {
      requester: sam.token,
      approver: cleo.token,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const asked = await staff('admin-applicant-erase', sam, {
      basic_id: id,
      reason: 'Applicant asked by phone',
    });
    expect(asked.statusCode, asked.body).toBe(200);

    for (const who of [sam, owner]) {
      const found = await caseOf(id, who);
      expect(found.case.decline_reason).toBe('Source of funds could not be verified');
      expect(found.case.erasure_request?.reason).toBe('Applicant asked by phone');
    }
    const res = await staff('admin-applicant-case', operations, { basic_id: id });
    expect(res.statusCode).toBe(200);
    const found = res.json<ApplicantCaseResponse>();
    // The case still says it was declined, and when; the words are not in the answer at all.
    expect(found.case.declined_at).not.toBeNull();
    expect(found.case.decline_reason).toBeNull();
    expect(found.case.erasure_request).toBeNull();
    expect(res.body).not.toContain('Source of funds');
    expect(res.body).not.toContain('asked by phone');
  });

  it('is "Application not found" for an unknown or erased applicant', async () => {
    const unknown = await staff('admin-applicant-case', sam, { basic_id: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ ok: false, error: 'Application not found' });
    const [erased] = await t.ctx.db
      .insert(applications)
      .values({
        source: 'application',
        stage: 'declined',
        declinedAt: new Date(),
        erasedAt: new Date(),
        erasureReason: 'request',
      })
      .returning({ id: applications.id });
    const res = await staff('admin-applicant-case', sam, { basic_id: erased!.id });
    expect(res.statusCode).toBe(404);
    const bad = await staff('admin-applicant-case', sam, { basic_id: 'nope' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('admin-case-assign', () => {
  it('takes a case, tells a second member who has it, and a takeover is explicit and audited', async () => {
    const id = await applicant();
    const take = await staff('admin-case-assign', sam, { basic_id: id, action: 'take' });
    expect(take.statusCode, take.body).toBe(200);
    expect(take.json().assignee).toMatchObject({ id: sam.member.id, name: 'Sam Patel' });
    expect((await caseOf(id, cleo)).assignee).toMatchObject({ name: 'Sam Patel' });

    const conflict = await staff('admin-case-assign', cleo, { basic_id: id, action: 'take' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ error: 'This case is assigned to Sam Patel.' });

    // Releasing someone else's case is refused; an owner could.
    const release = await staff('admin-case-assign', cleo, { basic_id: id, action: 'release' });
    expect(release.statusCode).toBe(403);
    expect((await caseOf(id)).assignee?.id).toBe(sam.member.id);

    const takeover = await staff('admin-case-assign', cleo, {
      basic_id: id,
      action: 'take',
      takeover: true,
    });
    expect(takeover.statusCode, takeover.body).toBe(200);
    expect((await caseOf(id)).assignee).toMatchObject({ id: cleo.member.id, name: 'Cleo Grant' });
    const [row] = await audits(id, 'case.takeover');
    expect(row).toMatchObject({
      actorId: cleo.member.id,
      before: { assigned_to: sam.member.id },
      after: { assigned_to: cleo.member.id },
    });
    expect(await audits(id, 'case.take')).toHaveLength(1);

    const own = await staff('admin-case-assign', cleo, { basic_id: id, action: 'release' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ ok: true, assignee: null });
    expect((await caseOf(id)).assignee).toBeNull();
    expect(await audits(id, 'case.release')).toHaveLength(1);

    // The owner may release anyone's case.
    await staff('admin-case-assign', sam, { basic_id: id, action: 'take' });
    const byOwner = await staff('admin-case-assign', owner, { basic_id: id, action: 'release' });
    expect(byOwner.statusCode).toBe(200);
    expect((await caseOf(id)).assignee).toBeNull();
  });

  it('lets exactly one of two members taking a case at once win', async () => {
    const id = await applicant();
    const [a, b] = await Promise.all([
      staff('admin-case-assign', sam, { basic_id: id, action: 'take' }),
      staff('admin-case-assign', cleo, { basic_id: id, action: 'take' }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const winner = a!.statusCode === 200 ? sam : cleo;
    const loser = winner === sam ? b! : a!;
    expect(loser.json().error).toBe(`This case is assigned to ${winner.member.name}.`);
    expect((await caseOf(id)).assignee?.id).toBe(winner.member.id);
    expect(await audits(id, 'case.take')).toHaveLength(1);
  });

  it('refuses an unknown case and a bad action', async () => {
    const unknown = await staff('admin-case-assign', sam, {
      basic_id: randomUUID(),
      action: 'take',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await staff('admin-case-assign', sam, { basic_id: randomUUID(), action: 'grab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Please choose take or release' });
  });
});

describe('admin-applicant-override-tier reason', () => {
  it('refuses a missing, empty or blank reason and accepts a real one, keeping its text out of the audit', async () => {
    const id = await applicant();
    for (const reason of [undefined, '', '   ', ' a ']) {
      const res = await staff('admin-applicant-override-tier', sam, {
        basic_id: id,
        tier: 'monarch',
        ...(reason === undefined ? {} : { reason }),
      });
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: OVERRIDE_REASON_MESSAGE });
    }
    expect(await audits(id, 'application.override_tier')).toEqual([]);

    const reason = 'Private banking client, agreed at committee';
    const res = await staff('admin-applicant-override-tier', sam, {
      basic_id: id,
      tier: 'monarch',
      reason: `  ${reason}  `,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await audits(id, 'application.override_tier');
    expect(row!.after).toMatchObject({ tier_assigned: 'monarch', reason_given: true });
    expect(JSON.stringify(row)).not.toContain('committee');

    // The words are kept on the case (where erasure reaches them), trimmed.
    const answer = await staff('admin-applicant-case', sam, { basic_id: id });
    expect(answer.json()).toMatchObject({
      applicant: { tier_assigned: 'monarch', tier_override: { reason } },
    });
  });
});
