import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicantSession } from '#server/auth/applicant.ts';
import {
  applicationDetails,
  applications,
  auditLog,
  emailOutbox,
  identityChecks,
  offers,
  staffMembers,
} from '#server/db/schema.ts';
import { SANCTIONS_BLOCK, SELF_APPROVAL } from '#shared/schemas/staff.ts';
import { NO_PERMISSION } from '#shared/staff.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { fingerprint } from '../helpers/fingerprint.ts';
import { seedStaffMember, seedStaffToken, type SeededMember } from '../helpers/staff-seed.ts';

/**
 * Four eyes (CONTRACT §5, MLR 2017 reg. 35): an offer to a politically exposed person waits,
 * untold to the applicant, until an owner other than its issuer approves it; a sanctions match
 * blocks any offer until compliance clears it with a written reason. Every step names the
 * member who took it.
 */

const PUBLIC_URL = 'https://waj.example';
let t: TestApp;
let compliance: { member: SeededMember; token: string };
let ownerA: { member: SeededMember; token: string };
let ownerB: { member: SeededMember; token: string };
let operations: string;
/** Every application this file made, for the audit check at the end. */
const journeys: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, RATE_LIMIT_SCALE: '0' });
  compliance = {
    member: await t.staffMember('compliance'),
    token: await t.staffToken('compliance'),
  };
  ownerA = { member: await t.staffMember('owner'), token: await t.staffToken('owner') };
  const second = await seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, {
    role: 'owner',
    name: 'Olive Second-Owner',
  });
  ownerB = { member: second, token: await seedStaffToken(t.ctx.db, second.id) };
  operations = await t.staffToken('operations');
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

let applicants = 0;
/** An applicant at `kyc` with details, and a live session of their own. */
async function applicant(options: { pep: boolean }) {
  applicants += 1;
  const email = `applicant.${applicants}.${Date.now()}@example.com`;
  return t.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        source: 'invite',
        stage: 'kyc',
        fullName: `Applicant ${applicants}`,
        email,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: applications.id });
    await tx.insert(applicationDetails).values({
      applicationId: row!.id,
      annualIncome: 250_000,
      employmentStatus: 'employed',
      pepExposed: options.pep,
      cardTierPref: 'noir',
    });
    const session = await createApplicantSession(tx, row!.id);
    journeys.push(row!.id);
    return { id: row!.id, email, session: session.token };
  });
}

/** What the applicant sees of their own application. */
async function applicantView(session: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/apply-get-stage',
    payload: {},
    headers: { 'x-session-token': session },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function stageOf(id: string) {
  const [row] = await t.ctx.db
    .select({ stage: applications.stage, tierAssigned: applications.tierAssigned })
    .from(applications)
    .where(eq(applications.id, id));
  return row!;
}

const offerMails = (to: string) =>
  t.ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.template, 'admin_offer_issue.offer_issued')));

async function audits(id: string, action: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.applicationId, id), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));
}

async function offerListRow(id: string) {
  const res = await staff('admin-offer-list', compliance.token);
  expect(res.statusCode).toBe(200);
  return (res.json().data as { basic_id: string }[]).find((row) => row.basic_id === id) as
    Record<string, unknown> | undefined;
}

describe('an offer to a politically exposed person', () => {
  it('waits for a second owner, untold to the applicant, then goes out on approval', async () => {
    const a = await applicant({ pep: true });
    const issue = await staff('admin-offer-issue', compliance.token, {
      basic_id: a.id,
      tier: 'noir',
      pricing_note: 'Introductory pricing',
    });
    expect(issue.statusCode, issue.body).toBe(200);
    expect(issue.json()).toEqual({ ok: true, status: 'pending_approval' });

    // Nothing has reached the applicant: still at kyc, no offer shown, no e-mail.
    expect(await stageOf(a.id)).toEqual({ stage: 'kyc', tierAssigned: null });
    const view = await applicantView(a.session);
    expect(view).toMatchObject({ stage: 'kyc', tier_assigned: null, offer: null });
    expect(await offerMails(a.email)).toHaveLength(0);
    const [waiting] = await audits(a.id, 'offer.issue_for_approval');
    expect(waiting).toMatchObject({
      actorType: 'staff',
      actorId: compliance.member.id,
      actorEmail: compliance.member.email,
      actorRole: 'compliance',
      // The note stays on the offer; the audit row names it (CONTRACT §6).
      after: { tier: 'noir', fields: ['pricing_note'] },
    });

    // The Offers tab shows it waiting, with who issued it.
    const row = await offerListRow(a.id);
    expect(row).toMatchObject({
      pep_exposed: true,
      pending_offer: {
        tier: 'noir',
        pricing_note: 'Introductory pricing',
        issued_at: expect.any(String),
        issued_by: {
          id: compliance.member.id,
          name: compliance.member.name,
          email: compliance.member.email,
        },
      },
    });

    // A second issue while one waits is refused.
    const twice = await staff('admin-offer-issue', compliance.token, {
      basic_id: a.id,
      tier: 'titan',
    });
    expect(twice.statusCode).toBe(409);

    // Compliance may issue but not approve: 403 by role, and nothing changes.
    const before = await fingerprint(t.ctx.db, t.env.DATA_DIR);
    const byCompliance = await staff('admin-offer-approve', compliance.token, { basic_id: a.id });
    expect(byCompliance.statusCode).toBe(403);
    expect(byCompliance.json()).toEqual({ ok: false, error: NO_PERMISSION });
    expect(await fingerprint(t.ctx.db, t.env.DATA_DIR)).toEqual(before);

    // An owner who did not issue it approves: now the offer goes out.
    const approve = await staff('admin-offer-approve', ownerB.token, { basic_id: a.id });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toEqual({ ok: true });
    expect(await stageOf(a.id)).toEqual({ stage: 'tier_offer', tierAssigned: 'noir' });
    const mails = await offerMails(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Waj offer');
    expect((await applicantView(a.session)).offer).toMatchObject({
      tier: 'noir',
      pricing_note: 'Introductory pricing',
    });
    const [approval] = await audits(a.id, 'offer.approve');
    expect(approval).toMatchObject({
      actorType: 'staff',
      actorId: ownerB.member.id,
      actorEmail: ownerB.member.email,
      actorRole: 'owner',
      after: { stage: 'tier_offer', tier: 'noir' },
    });
    const [offer] = await t.ctx.db.select().from(offers).where(eq(offers.applicationId, a.id));
    expect(offer).toMatchObject({
      approvalStatus: 'approved',
      issuedBy: compliance.member.id,
      approvedBy: ownerB.member.id,
    });
    expect(offer!.approvedAt).not.toBeNull();
    // Off the queue, and a second approval finds nothing to approve.
    expect(await offerListRow(a.id)).toBeUndefined();
    const again = await staff('admin-offer-approve', ownerA.token, { basic_id: a.id });
    expect(again.statusCode).toBe(409);
    expect(await offerMails(a.email)).toHaveLength(1);
  });

  it('cannot be approved by the owner who issued it', async () => {
    const a = await applicant({ pep: true });
    const issue = await staff('admin-offer-issue', ownerA.token, { basic_id: a.id, tier: 'titan' });
    expect(issue.json()).toEqual({ ok: true, status: 'pending_approval' });
    expect(
      ((await offerListRow(a.id))?.pending_offer as { issued_by: { name: string } }).issued_by.name,
    ).toBe(ownerA.member.name);

    const before = await fingerprint(t.ctx.db, t.env.DATA_DIR);
    const self = await staff('admin-offer-approve', ownerA.token, { basic_id: a.id });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ ok: false, error: SELF_APPROVAL });
    expect(await fingerprint(t.ctx.db, t.env.DATA_DIR)).toEqual(before);
    expect(await offerMails(a.email)).toHaveLength(0);

    const other = await staff('admin-offer-approve', ownerB.token, { basic_id: a.id });
    expect(other.statusCode, other.body).toBe(200);
    expect(await stageOf(a.id)).toEqual({ stage: 'tier_offer', tierAssigned: 'titan' });
    expect(await offerMails(a.email)).toHaveLength(1);
  });

  it('waits as well when the PEP match comes from screening, not the declaration', async () => {
    const a = await applicant({ pep: false });
    await t.ctx.db.insert(identityChecks).values({
      applicationId: a.id,
      provider: 'veriff',
      status: 'approved',
      decision: 'approved',
      pep: true,
      sanctions: false,
    });
    const issue = await staff('admin-offer-issue', compliance.token, {
      basic_id: a.id,
      tier: 'elite',
    });
    expect(issue.json()).toEqual({ ok: true, status: 'pending_approval' });
    expect((await stageOf(a.id)).stage).toBe('kyc');
    expect(await offerMails(a.email)).toHaveLength(0);
    const approve = await staff('admin-offer-approve', ownerB.token, { basic_id: a.id });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await stageOf(a.id)).stage).toBe('tier_offer');
  });
});

describe('an offer to anyone else', () => {
  it('goes out at once', async () => {
    const a = await applicant({ pep: false });
    const issue = await staff('admin-offer-issue', compliance.token, {
      basic_id: a.id,
      tier: 'noir',
    });
    expect(issue.statusCode, issue.body).toBe(200);
    expect(issue.json()).toEqual({ ok: true, status: 'issued' });
    expect(await stageOf(a.id)).toEqual({ stage: 'tier_offer', tierAssigned: 'noir' });
    expect(await offerMails(a.email)).toHaveLength(1);
    expect((await applicantView(a.session)).offer).toMatchObject({ tier: 'noir' });
    const [offer] = await t.ctx.db.select().from(offers).where(eq(offers.applicationId, a.id));
    expect(offer).toMatchObject({ approvalStatus: 'not_required', approvedBy: null });
    const [audit] = await audits(a.id, 'offer.issue');
    expect(audit).toMatchObject({ actorId: compliance.member.id, actorRole: 'compliance' });
    // There is nothing to approve.
    const approve = await staff('admin-offer-approve', ownerB.token, { basic_id: a.id });
    expect(approve.statusCode).toBe(409);
  });
});

describe('a sanctions match', () => {
  async function sanctioned(options: { pep: boolean }) {
    const a = await applicant(options);
    await t.ctx.db.insert(identityChecks).values({
      applicationId: a.id,
      provider: 'veriff',
      status: 'approved',
      decision: 'approved',
      pep: false,
      sanctions: true,
    });
    return a;
  }

  it('blocks any offer until compliance clears it with a written reason', async () => {
    const a = await sanctioned({ pep: false });
    const before = await fingerprint(t.ctx.db, t.env.DATA_DIR);
    for (const token of [compliance.token, ownerA.token]) {
      const res = await staff('admin-offer-issue', token, { basic_id: a.id, tier: 'noir' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ ok: false, error: SANCTIONS_BLOCK });
    }
    // A reason too short to be one is refused.
    const short = await staff('admin-sanctions-clear', compliance.token, {
      basic_id: a.id,
      reason: 'fine',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      ok: false,
      error: 'Please give a reason of at least 10 characters',
      details: { reason: 'Please give a reason of at least 10 characters' },
    });
    // Operations may not clear a match at all.
    const byOperations = await staff('admin-sanctions-clear', operations, {
      basic_id: a.id,
      reason: 'Operations thinks this is a different person',
    });
    expect(byOperations.statusCode).toBe(403);
    expect(byOperations.json()).toEqual({ ok: false, error: NO_PERMISSION });
    expect(await fingerprint(t.ctx.db, t.env.DATA_DIR)).toEqual(before);
    expect(await offerListRow(a.id)).toMatchObject({ sanctions: { match: true, cleared: null } });

    const reason = 'False positive: different date of birth and nationality';
    const clear = await staff('admin-sanctions-clear', compliance.token, {
      basic_id: a.id,
      reason,
    });
    expect(clear.statusCode, clear.body).toBe(200);
    expect(clear.json()).toEqual({ ok: true });
    const [audit] = await audits(a.id, 'sanctions.clear');
    expect(audit).toMatchObject({
      actorType: 'staff',
      actorId: compliance.member.id,
      actorEmail: compliance.member.email,
      actorRole: 'compliance',
      // The reason stays with the check (below); the audit row names it (CONTRACT §6).
      after: { fields: ['reason'] },
    });
    expect(JSON.stringify(audit)).not.toContain(reason);
    const [check] = await t.ctx.db
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.applicationId, a.id));
    expect(check).toMatchObject({
      sanctionsClearedBy: compliance.member.id,
      sanctionsClearReason: reason,
    });
    expect(await offerListRow(a.id)).toMatchObject({
      sanctions: {
        match: true,
        cleared: { reason, by: compliance.member.name, at: expect.any(String) },
      },
    });
    // Nothing is left to clear.
    const twice = await staff('admin-sanctions-clear', compliance.token, {
      basic_id: a.id,
      reason,
    });
    expect(twice.statusCode).toBe(409);

    const issue = await staff('admin-offer-issue', compliance.token, {
      basic_id: a.id,
      tier: 'noir',
    });
    expect(issue.statusCode, issue.body).toBe(200);
    expect(issue.json()).toEqual({ ok: true, status: 'issued' });
    expect((await stageOf(a.id)).stage).toBe('tier_offer');
  });

  it('found after a PEP offer was issued blocks its approval', async () => {
    const a = await applicant({ pep: true });
    const issue = await staff('admin-offer-issue', compliance.token, {
      basic_id: a.id,
      tier: 'noir',
    });
    expect(issue.json()).toEqual({ ok: true, status: 'pending_approval' });
    await t.ctx.db.insert(identityChecks).values({
      applicationId: a.id,
      provider: 'veriff',
      status: 'approved',
      decision: 'approved',
      sanctions: true,
    });
    const approve = await staff('admin-offer-approve', ownerB.token, { basic_id: a.id });
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toEqual({ ok: false, error: SANCTIONS_BLOCK });
    expect((await stageOf(a.id)).stage).toBe('kyc');
    expect(await offerMails(a.email)).toHaveLength(0);

    const clear = await staff('admin-sanctions-clear', compliance.token, {
      basic_id: a.id,
      reason: 'Name match only; the listed person is decades older',
    });
    expect(clear.statusCode).toBe(200);
    const approved = await staff('admin-offer-approve', ownerB.token, { basic_id: a.id });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await stageOf(a.id)).stage).toBe('tier_offer');
  });
});

describe('the audit trail of the journey', () => {
  it('names the member on every staff row, and admin-audit-list gives their name', async () => {
    expect(journeys.length).toBeGreaterThan(4);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.applicationId, journeys), eq(auditLog.actorType, 'staff')))
      .orderBy(asc(auditLog.id));
    expect(rows.length).toBeGreaterThan(10);
    const members = await t.ctx.db.select().from(staffMembers);
    const byId = new Map(members.map((member) => [member.id, member]));
    for (const row of rows) {
      const member = byId.get(row.actorId ?? '');
      expect(member, `${row.action}: actor ${row.actorId}`).toBeDefined();
      expect(row, row.action).toMatchObject({
        actorEmail: member!.email,
        actorRole: member!.role,
      });
    }
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      'offer.issue_for_approval',
      'offer.approve',
      'offer.issue',
      'sanctions.clear',
    ]) {
      expect(actions).toContain(action);
    }

    let listed = 0;
    for (const id of journeys) {
      const res = await staff('admin-audit-list', compliance.token, {
        basic_id: id,
        page: 1,
        pageSize: 50,
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as {
        actor_type: string;
        actor_id: string;
        actor_name: string;
        actor_email: string;
        actor_role: string;
        action: string;
      }[];
      for (const row of data.filter((entry) => entry.actor_type === 'staff')) {
        const member = byId.get(row.actor_id)!;
        expect(row, row.action).toMatchObject({
          actor_name: member.name,
          actor_email: member.email,
          actor_role: member.role,
        });
        listed += 1;
      }
    }
    expect(listed).toBe(rows.length);
    // The names are the members' own, not a placeholder.
    const names = new Set(rows.map((row) => byId.get(row.actorId!)!.name));
    expect(names).toEqual(
      new Set([compliance.member.name, ownerA.member.name, ownerB.member.name]),
    );
  });
});
