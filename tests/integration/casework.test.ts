import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicantSession } from '#server/auth/applicant.ts';
import { parseEnv } from '#server/env.ts';
import { DEFAULT_SERVICE_LEVELS } from '#shared/service-levels.ts';
import { queryRows } from '#server/db/client.ts';
import {
  applicationDetails,
  applications,
  auditLog,
  caseNotes,
  emailOutbox,
  erasureRequests,
  offers,
  screeningAlerts,
  staffMembers,
} from '#server/db/schema.ts';
import {
  APPROVAL_SELF_MESSAGE,
  HELD_FOR_MLRO_MESSAGE,
  REFERENCE_REQUIRED_MESSAGE,
  type ApprovalRow,
} from '#shared/schemas/casework.ts';
import type { ApplicantCaseResponse } from '#shared/schemas/case.ts';
import type { Stage } from '#shared/stages.ts';
import { NO_PERMISSION } from '#shared/staff.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedStaffMember, seedStaffToken } from '../helpers/staff-seed.ts';

/**
 * Case work (CONTRACT §9): four eyes on every irreversible decision through one approvals
 * queue, escalation to the MLRO with its hold and no tipping-off, bulk assignment and the
 * service levels.
 */

let t: TestApp;
let owner: string;
let compliance: string;
let operations: string;
let mlro: string;
/** A second compliance member: the other pair of eyes. */
let colleague: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  [owner, compliance, operations, mlro] = await Promise.all([
    t.staffToken('owner'),
    t.staffToken('compliance'),
    t.staffToken('operations'),
    t.staffToken('mlro'),
  ]);
  const other = await seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, { role: 'compliance' });
  colleague = await seedStaffToken(t.ctx.db, other.id);
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

let seq = 0;
async function applicant(stage: Stage, options: { pep?: boolean; changedAt?: Date } = {}) {
  seq += 1;
  const [row] = await t.ctx.db
    .insert(applications)
    .values({
      fullName: `Case Person ${seq}`,
      email: `case.person.${seq}@example.com`,
      emailVerifiedAt: new Date(),
      source: 'application',
      stage,
      tierAccepted: stage === 'accepted' ? 'noir' : null,
      ...(options.changedAt ? { stageChangedAt: options.changedAt } : {}),
    })
    .returning({ id: applications.id });
  if (stage === 'kyc') {
    await t.ctx.db.insert(applicationDetails).values({
      applicationId: row!.id,
      annualIncome: 90_000,
      employmentStatus: 'employed',
      pepExposed: options.pep ?? false,
    });
  }
  return row!.id;
}

const stageOf = async (id: string) =>
  (await t.ctx.db.select().from(applications).where(eq(applications.id, id)))[0]!.stage;

async function approvals(token = owner, kind?: string): Promise<ApprovalRow[]> {
  const res = await staff('admin-approval-list', token, { page_size: 100, ...(kind && { kind }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('a decline by four eyes', () => {
  it('waits for a second member; the stage does not move until then', async () => {
    const id = await applicant('detailed');
    const asked = await staff('admin-applicant-decline', compliance, {
      basic_id: id,
      reason: 'Unique decline words 7c1e',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ ok: true, stage: 'detailed', status: 'pending_approval' });
    expect(await stageOf(id)).toBe('detailed');
    // Asking twice is refused; nothing is mailed yet.
    const again = await staff('admin-applicant-decline', colleague, { basic_id: id, reason: 'x' });
    expect(again.statusCode).toBe(409);
    const mails = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.applicationId, id));
    expect(mails).toEqual([]);

    const row = (await approvals()).find((r) => r.basic_id === id);
    const me = await t.staffMember('compliance');
    expect(row).toMatchObject({
      kind: 'decline',
      requested_by: me.id,
      requested_by_name: me.name,
      reason: 'Unique decline words 7c1e',
      full_name: expect.stringContaining('Case Person'),
    });
    expect(Date.parse(row!.due_at) - Date.parse(row!.requested_at)).toBe(24 * 3_600_000);

    // The requester cannot approve; a role that may not decline cannot either.
    const own = await staff('admin-approval-decide', compliance, {
      id: row!.id,
      decision: 'approve',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ ok: false, error: APPROVAL_SELF_MESSAGE });
    const byMlro = await staff('admin-approval-decide', mlro, { id: row!.id, decision: 'approve' });
    expect(byMlro.statusCode).toBe(403);
    expect(byMlro.json()).toEqual({ ok: false, error: NO_PERMISSION });
    const byOps = await staff('admin-approval-decide', operations, {
      id: row!.id,
      decision: 'approve',
    });
    expect(byOps.statusCode).toBe(403);
    expect(await stageOf(id)).toBe('detailed');

    const approved = await staff('admin-approval-decide', colleague, {
      id: row!.id,
      decision: 'approve',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ ok: true, kind: 'decline', status: 'approved' });
    expect(await stageOf(id)).toBe('declined');
    const [mail] = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.applicationId, id));
    expect(mail?.template).toBe('admin_applicant_decline.application_declined');
    expect((await approvals()).some((r) => r.id === row!.id)).toBe(false);
    // The audit names both members, never the reason.
    const trail = await t.ctx.db.select().from(auditLog).where(eq(auditLog.applicationId, id));
    expect(trail.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'application.decline_request',
        'application.decline_approve',
        'application.decline',
      ]),
    );
    expect(JSON.stringify(trail)).not.toContain('7c1e');
    // Deciding it again: it is no longer waiting.
    const twice = await staff('admin-approval-decide', owner, { id: row!.id, decision: 'approve' });
    expect(twice.statusCode).toBe(404);
  });

  it('rejected, leaves the stage as it was and keeps the reason as a case note', async () => {
    const id = await applicant('kyc');
    await staff('admin-applicant-decline', compliance, { basic_id: id, reason: 'Hmm' });
    const row = (await approvals(owner, 'decline')).find((r) => r.basic_id === id)!;
    const rejected = await staff('admin-approval-decide', owner, {
      id: row.id,
      decision: 'reject',
      reason: 'Proof of income arrived',
    });
    expect(rejected.json()).toEqual({ ok: true, kind: 'decline', status: 'rejected' });
    expect(await stageOf(id)).toBe('kyc');
    const notes = await t.ctx.db.select().from(caseNotes).where(eq(caseNotes.applicationId, id));
    expect(notes.map((n) => n.text)).toEqual(['Decline not approved: Proof of income arrived']);
    // A new request may be made afterwards.
    const anew = await staff('admin-applicant-decline', compliance, { basic_id: id, reason: 'x' });
    expect(anew.statusCode).toBe(200);
  });
});

describe('the approvals queue holds every four-eyes kind', () => {
  it('lists a PEP offer, a screening clearance and an erasure, oldest first, each decided by its own roles', async () => {
    const pep = await applicant('kyc', { pep: true });
    const issued = await staff('admin-offer-issue', compliance, { basic_id: pep, tier: 'titan' });
    expect(issued.json()).toMatchObject({ status: 'pending_approval' });

    const alerted = await applicant('kyc');
    const [alert] = await t.ctx.db
      .insert(screeningAlerts)
      .values({
        applicationId: alerted,
        source: 'builtin',
        list: 'un',
        entryId: 'QDi.1',
        kind: 'sanctions',
        entry: {
          name: 'Listed Person',
          names: [],
          dates_of_birth: [],
          nationalities: [],
          programmes: [],
        },
      })
      .returning({ id: screeningAlerts.id });
    const clear = await staff('admin-screening-alert-clear', compliance, {
      alert_id: alert!.id,
      reason: 'Different date of birth',
    });
    expect(clear.statusCode, clear.body).toBe(200);

    const erasable = await applicant('detailed');
    await staff('admin-applicant-erase', compliance, { basic_id: erasable, reason: 'Asked' });

    const rows = await approvals();
    const mine = rows.filter((r) => [pep, alerted, erasable].includes(r.basic_id));
    expect(mine.map((r) => r.kind)).toEqual(['pep_offer', 'screening_clear', 'erasure']);
    expect(mine[0]!.detail).toBe('Tier: Titan');
    expect(mine[1]).toMatchObject({
      id: alert!.id,
      detail: 'Listed Person (UN Consolidated List, sanctions)',
    });
    const erasure = mine[2]!;
    expect(Date.parse(erasure.due_at) - Date.parse(erasure.requested_at)).toBe(30 * 24 * 3_600_000);
    // One kind at a time.
    expect((await approvals(owner, 'erasure')).every((r) => r.kind === 'erasure')).toBe(true);

    // A PEP offer is the owners' (MLR 2017 reg. 35): compliance is refused, an owner approves.
    const byCompliance = await staff('admin-approval-decide', colleague, {
      id: mine[0]!.id,
      decision: 'approve',
    });
    expect(byCompliance.statusCode).toBe(403);
    const offer = await staff('admin-approval-decide', owner, {
      id: mine[0]!.id,
      decision: 'approve',
    });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(await stageOf(pep)).toBe('tier_offer');

    // The MLRO may approve a screening clearance.
    const cleared = await staff('admin-approval-decide', mlro, {
      id: alert!.id,
      decision: 'approve',
    });
    expect(cleared.json()).toEqual({ ok: true, kind: 'screening_clear', status: 'approved' });
    const [after] = await t.ctx.db
      .select()
      .from(screeningAlerts)
      .where(eq(screeningAlerts.id, alert!.id));
    expect(after?.status).toBe('cleared');

    // The erasure, rejected: nothing is erased and the request is closed.
    const kept = await staff('admin-approval-decide', colleague, {
      id: erasure.id,
      decision: 'reject',
    });
    expect(kept.json()).toMatchObject({ kind: 'erasure', status: 'rejected' });
    const [request] = await t.ctx.db
      .select()
      .from(erasureRequests)
      .where(eq(erasureRequests.id, erasure.id));
    expect(request?.status).toBe('rejected');
    const [person] = await t.ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, erasable));
    expect(person?.erasedAt).toBeNull();
  });

  it('a rejected PEP offer goes back to the Offers queue; a rejected clearance reopens the alert', async () => {
    const pep = await applicant('kyc', { pep: true });
    await staff('admin-offer-issue', compliance, { basic_id: pep, tier: 'noir' });
    const row = (await approvals(owner, 'pep_offer')).find((r) => r.basic_id === pep)!;
    const res = await staff('admin-approval-decide', owner, { id: row.id, decision: 'reject' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.ctx.db.select().from(offers).where(eq(offers.applicationId, pep))).toEqual([]);
    const reissued = await staff('admin-offer-issue', compliance, { basic_id: pep, tier: 'noir' });
    expect(reissued.json()).toMatchObject({ status: 'pending_approval' });

    const id = await applicant('kyc');
    const [alert] = await t.ctx.db
      .insert(screeningAlerts)
      .values({
        applicationId: id,
        source: 'builtin',
        list: 'uk',
        entryId: 'GRP-9',
        kind: 'sanctions',
        entry: {
          name: 'Another Person',
          names: [],
          dates_of_birth: [],
          nationalities: [],
          programmes: [],
        },
      })
      .returning({ id: screeningAlerts.id });
    await staff('admin-screening-alert-clear', compliance, { alert_id: alert!.id, reason: 'No' });
    await staff('admin-approval-decide', owner, { id: alert!.id, decision: 'reject' });
    const [reopened] = await t.ctx.db
      .select()
      .from(screeningAlerts)
      .where(eq(screeningAlerts.id, alert!.id));
    expect(reopened).toMatchObject({ status: 'open', clearReason: null });
  });
});

describe('escalation to the MLRO', () => {
  it('holds the case, reaches the MLRO, and never reaches the applicant', async () => {
    const id = await applicant('kyc');
    const res = await staff('admin-case-escalate', compliance, {
      basic_id: id,
      reason: 'Unique escalation words 3f9a',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().escalation).toMatchObject({
      status: 'open',
      reason: 'Unique escalation words 3f9a',
      escalated_by: { id: (await t.staffMember('compliance')).id },
    });
    expect(
      (await staff('admin-case-escalate', owner, { basic_id: id, reason: 'x' })).statusCode,
    ).toBe(409);
    // Held: no offer.
    const offer = await staff('admin-offer-issue', compliance, { basic_id: id, tier: 'noir' });
    expect(offer.statusCode).toBe(409);
    expect(offer.json().error).toBe(HELD_FOR_MLRO_MESSAGE);

    // In the MLRO's queue; operations read only that the case is held.
    const queue = await staff('admin-escalation-list', mlro, {});
    expect(queue.json().data.map((r: { basic_id: string }) => r.basic_id)).toContain(id);
    const seenByOps = (
      await staff('admin-applicant-case', operations, { basic_id: id })
    ).json() as ApplicantCaseResponse;
    expect(seenByOps).toMatchObject({ held: true, escalation: null });
    const seenByMlro = (
      await staff('admin-applicant-case', mlro, { basic_id: id })
    ).json() as ApplicantCaseResponse;
    expect(seenByMlro.escalation?.reason).toBe('Unique escalation words 3f9a');
    expect(seenByMlro.service_level).toMatchObject({ queue: 'escalation', target_hours: 72 });

    // Nothing the applicant can reach says more than 'under review'.
    const session = await t.ctx.db.transaction((tx) => createApplicantSession(tx, id));
    for (const [method, call] of [
      ['GET', 'apply-status'],
      ['POST', 'apply-get-stage'],
    ] as const) {
      const seen = await t.app.inject({
        method,
        url: `/api/${call}`,
        headers: { 'x-session-token': session.token },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(seen.statusCode, `${call}: ${seen.body}`).toBe(200);
      expect(seen.body).not.toMatch(/mlro|escalat|held|report|3f9a/i);
    }
    const exported = await staff('admin-applicant-export', compliance, { basic_id: id });
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const text = Object.values(zip)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(text).not.toMatch(/escalat|mlro|3f9a/i);
    const trail = await t.ctx.db.select().from(auditLog).where(eq(auditLog.applicationId, id));
    expect(JSON.stringify(trail)).not.toContain('3f9a');

    // The MLRO decides: 'reported' needs its reference; compliance may not decide.
    expect(
      (
        await staff('admin-case-mlro-decide', compliance, {
          basic_id: id,
          decision: 'no_report',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const noRef = await staff('admin-case-mlro-decide', mlro, {
      basic_id: id,
      decision: 'reported',
      reason: 'Suspicion stands',
    });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().error).toBe(REFERENCE_REQUIRED_MESSAGE);
    const decided = await staff('admin-case-mlro-decide', mlro, {
      basic_id: id,
      decision: 'reported',
      reference: 'SAR-2026-0042',
      reason: 'Suspicion stands',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().escalation).toMatchObject({
      status: 'closed',
      decision: 'reported',
      reference: 'SAR-2026-0042',
      decided_by: { id: (await t.staffMember('mlro')).id },
    });
    const closed = await staff('admin-escalation-list', mlro, { status: 'closed' });
    expect(closed.json().data[0]).toMatchObject({ basic_id: id, decision: 'reported' });
    // The hold ends with the decision.
    const later = await staff('admin-offer-issue', compliance, { basic_id: id, tier: 'noir' });
    expect(later.statusCode, later.body).toBe(200);
    const twice = await staff('admin-case-mlro-decide', mlro, {
      basic_id: id,
      decision: 'no_report',
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('holds an activation too', async () => {
    const id = await applicant('accepted');
    await staff('admin-case-escalate', compliance, { basic_id: id, reason: 'Card to a PO box' });
    const res = await staff('admin-activation', operations, {
      basic_id: id,
      card_last4: '1234',
      mobile_access_enabled: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(HELD_FOR_MLRO_MESSAGE);
    expect(await stageOf(id)).toBe('accepted');
  });
});

describe('bulk assignment', () => {
  it('moves up to 100 cases, names the unknown, and moves a disabled member’s cases in one step', async () => {
    const ids = [await applicant('kyc'), await applicant('kyc'), await applicant('accepted')];
    const ops = await t.staffMember('operations');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await staff('admin-case-assign-bulk', compliance, {
      basic_ids: [...ids, unknown],
      staff_id: ops.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, assigned: 3, not_found: [unknown] });
    const held = await t.ctx.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.assignedTo, ops.id));
    expect(held.map((r) => r.id).sort()).toEqual([...ids].sort());
    const trail = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from audit_log where action = 'case.assign'
        and target_id = any(${`{${ids.join(',')}}`}::text[])`,
    );
    expect(Number(trail[0]!.n)).toBe(3);

    // Too many at once, or to someone who cannot work cases, is refused.
    const tooMany = await staff('admin-case-assign-bulk', compliance, {
      basic_ids: Array.from(
        { length: 101 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      ),
      staff_id: null,
    });
    expect(tooMany.statusCode).toBe(400);
    const toMlro = await staff('admin-case-assign-bulk', compliance, {
      basic_ids: ids,
      staff_id: (await t.staffMember('mlro')).id,
    });
    expect(toMlro.statusCode).toBe(400);

    // The member leaves: an owner sees their open cases and moves them all.
    await t.ctx.db
      .update(staffMembers)
      .set({ status: 'disabled' })
      .where(eq(staffMembers.id, ops.id));
    const directory = await staff('admin-staff-directory', owner);
    expect(directory.json().members.find((m: { id: string }) => m.id === ops.id)).toMatchObject({
      status: 'disabled',
      open_cases: 3,
    });
    const comp = await t.staffMember('compliance');
    const moved = await staff('admin-case-assign-bulk', owner, {
      from_staff_id: ops.id,
      staff_id: comp.id,
    });
    expect(moved.json()).toMatchObject({ assigned: 3 });
    const after = await staff('admin-staff-directory', owner);
    expect(after.json().members.find((m: { id: string }) => m.id === ops.id).open_cases).toBe(0);
    await t.ctx.db
      .update(staffMembers)
      .set({ status: 'active' })
      .where(eq(staffMembers.id, ops.id));
  });
});

describe('service levels', () => {
  it('gives each queue row its due time and counts breaches per queue', async () => {
    const before = (await staff('admin-service-levels', operations)).json().levels as {
      queue: string;
      breached: number;
      open: number;
    }[];
    const old = new Date(Date.now() - 3 * 24 * 3_600_000);
    const id = await applicant('kyc', { changedAt: old });
    const fresh = await applicant('kyc');
    const after = (await staff('admin-service-levels', operations)).json().levels as typeof before;
    const offer = (rows: typeof before) => rows.find((r) => r.queue === 'offer')!;
    expect(offer(after).breached - offer(before).breached).toBe(1);
    expect(offer(after).open - offer(before).open).toBe(2);
    expect(after.map((r) => r.queue)).toEqual([
      'identity_review',
      'offer',
      'activation',
      'screening_alert',
      'approval',
      'erasure_request',
      'escalation',
    ]);

    const page = (await staff('admin-offer-list', compliance, { page_size: 100 })).json();
    expect(page.sla_hours).toBe(48);
    const row = page.data.find((r: { basic_id: string }) => r.basic_id === id);
    expect(Date.parse(row.due_at)).toBe(old.getTime() + 48 * 3_600_000);
    // Oldest first: the breached row comes before the fresh one.
    const order = page.data.map((r: { basic_id: string }) => r.basic_id);
    expect(order.indexOf(id)).toBeLessThan(order.indexOf(fresh));
    const view = (await staff('admin-applicant-case', operations, { basic_id: id })).json();
    expect(view.service_level).toMatchObject({ queue: 'offer', since: old.toISOString() });
  });

  it('takes its targets from SERVICE_LEVELS, and refuses a bad one naming the variable', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: t.env.DATA_DIR };
    expect(parseEnv({ ...base, SERVICE_LEVELS: 'activation=12, offer=36' }).serviceLevels).toEqual({
      ...DEFAULT_SERVICE_LEVELS,
      activation: 12,
      offer: 36,
    });
    // The older single setting still sets the three case queues; SERVICE_LEVELS wins over it.
    expect(
      parseEnv({ ...base, QUEUE_SLA_HOURS: '10', SERVICE_LEVELS: 'offer=5' }).serviceLevels,
    ).toMatchObject({ identity_review: 10, offer: 5, activation: 10, approval: 24 });
    expect(() => parseEnv({ ...base, SERVICE_LEVELS: 'lunch=2' })).toThrow(
      /SERVICE_LEVELS 'lunch' is not a queue/,
    );
    expect(() => parseEnv({ ...base, SERVICE_LEVELS: 'offer=0' })).toThrow(
      /SERVICE_LEVELS offer must be a whole number of hours between 1 and 8760/,
    );
  });
});
