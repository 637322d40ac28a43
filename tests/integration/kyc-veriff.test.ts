import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicantSession } from '#server/auth/applicant.ts';
import {
  applicationDetails,
  applications,
  auditLog,
  emailOutbox,
  identityCheckEvents,
  identityChecks,
  kycFiles,
} from '#server/db/schema.ts';
import type { Stage } from '#shared/stages.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  FAKE_VERIFF_SECRET,
  sign,
  startFakeVeriff,
  type FakeVeriff,
} from '../helpers/fake-veriff.ts';

const PUBLIC_URL = 'https://waj.example';
const OLD_SECRET = 'the-secret-being-rotated-out';

let veriff: FakeVeriff;
let t: TestApp;
beforeAll(async () => {
  veriff = await startFakeVeriff();
  t = await createTestApp({
    RATE_LIMIT_SCALE: '0',
    PUBLIC_URL,
    ...veriff.env(),
    // Rotation: the new secret signs outgoing calls; both are accepted on webhooks.
    VERIFF_SHARED_SECRET: `${FAKE_VERIFF_SECRET},${OLD_SECRET}`,
  });
});
afterAll(async () => {
  await t?.close();
  await veriff?.close();
});

async function applicant(stage: Stage, name = 'Amelia Hart') {
  return t.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        fullName: name,
        email: `applicant.${Math.random().toString(36).slice(2)}@example.com`,
        source: 'invite',
        stage,
      })
      .returning({ id: applications.id });
    await tx.insert(applicationDetails).values({
      applicationId: row!.id,
      annualIncome: 400_000,
      employmentStatus: 'business_owner',
      pepExposed: false,
      cardTierPref: 'monarch',
    });
    const session = await createApplicantSession(tx, row!.id);
    return { id: row!.id, token: session.token };
  });
}

const start = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/apply-kyc-start',
    payload: {},
    headers: { 'x-session-token': token },
  });

async function stageOf(id: string) {
  const [row] = await t.ctx.db
    .select({ stage: applications.stage })
    .from(applications)
    .where(eq(applications.id, id));
  return row!.stage;
}
async function checksOf(id: string) {
  return t.ctx.db.select().from(identityChecks).where(eq(identityChecks.applicationId, id));
}
/** Mail to the applicant themself (staff notifications about them excluded). */
async function mailsTo(id: string) {
  const [row] = await t.ctx.db
    .select({ email: applications.email })
    .from(applications)
    .where(eq(applications.id, id));
  return t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, row!.email!));
}
/** Staff notifications about one applicant (rows come back in no set order; scope, don't pick the last). */
const staffMails = (template: string, applicationId: string) =>
  t.ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.template, template), eq(emailOutbox.applicationId, applicationId)));
/** Everything a webhook could change, to prove a refused or repeated one changed nothing. */
async function snapshot(id: string) {
  const [application] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
  const checks = await checksOf(id);
  const events = await t.ctx.db.select().from(identityCheckEvents);
  const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.applicationId, id));
  return { application, checks, events: events.length, audit: audit.length };
}

/** An applicant who has started Veriff: at kyc_in_progress with a session at the fake. */
async function started(name?: string) {
  const a = await applicant('detailed', name);
  const res = await start(a.token);
  expect(res.statusCode).toBe(200);
  const session = veriff.sessions.at(-1)!;
  return { ...a, session, url: res.json().url as string };
}

describe('apply-kyc-start (veriff)', () => {
  it('creates a signed Veriff session and sends the applicant to its URL', async () => {
    const before = veriff.sessions.length;
    const a = await applicant('detailed', 'Amelia Rose Hart');
    const res = await start(a.token);
    expect(res.statusCode).toBe(200);
    const session = veriff.sessions.at(-1)!;
    expect(veriff.sessions).toHaveLength(before + 1);
    expect(res.json()).toEqual({ ok: true, stage: 'kyc_in_progress', url: session.url });
    // vendorData is our opaque id only; Veriff returns the applicant to the review screen.
    expect(session.vendorData).toBe(a.id);
    expect(session.callback).toBe(`${PUBLIC_URL}/apply/review`);
    expect(session.person).toEqual({ firstName: 'Amelia Rose', lastName: 'Hart' });
    expect(await stageOf(a.id)).toBe('kyc_in_progress');
    const [check] = await checksOf(a.id);
    expect(check).toMatchObject({
      provider: 'veriff',
      providerSessionId: session.id,
      status: 'created',
      decision: null,
    });
    expect(veriff.refused).toBe(0);
  });

  it('is refused at any stage but detailed, before Veriff is asked (409)', async () => {
    for (const stage of ['code_verified', 'kyc_in_progress', 'kyc'] as const) {
      const a = await applicant(stage);
      const before = veriff.sessions.length;
      const res = await start(a.token);
      expect(res.statusCode).toBe(409);
      expect(veriff.sessions).toHaveLength(before);
      expect(await stageOf(a.id)).toBe(stage);
      expect(await checksOf(a.id)).toEqual([]);
    }
  });

  it('two starts at once (a double click, two tabs) create one Veriff session', async () => {
    const a = await applicant('detailed');
    const before = veriff.sessions.length;
    const answers = await Promise.all([start(a.token), start(a.token), start(a.token)]);
    expect(veriff.sessions).toHaveLength(before + 1);
    const url = veriff.sessions.at(-1)!.url;
    // Calls that overlap the first share its answer; one that arrives after it has finished
    // finds the stage moved on (409), as a start on another instance does. Never a second session.
    const ok = answers.filter((res) => res.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const res of ok) expect(res.json()).toEqual({ ok: true, stage: 'kyc_in_progress', url });
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    expect(await checksOf(a.id)).toHaveLength(1);
    // Once it has started, a later start is refused as before.
    expect((await start(a.token)).statusCode).toBe(409);
  });

  it('answers 503 and changes nothing when Veriff fails', async () => {
    const a = await applicant('detailed');
    veriff.failNext();
    const res = await start(a.token);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(
      'Identity verification is unavailable right now. Please try again in a few minutes.',
    );
    expect(await stageOf(a.id)).toBe('detailed');
    expect(await checksOf(a.id)).toEqual([]);
  });

  it('takes no uploads: Veriff collects the documents', async () => {
    const a = await applicant('detailed');
    const form = new FormData();
    form.append('type', 'document');
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n')]), 'id.pdf');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apply-kyc-upload',
      headers: {
        'content-type': request.headers.get('content-type')!,
        'x-requested-with': 'waj',
        'x-session-token': a.token,
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(409);
    expect(await t.ctx.db.select().from(kycFiles).where(eq(kycFiles.applicationId, a.id))).toEqual(
      [],
    );
  });
});

describe('veriff webhooks', () => {
  it('events move the check to started, then submitted', async () => {
    const a = await started();
    expect((await veriff.event(t.app, a.session, 'started')).status).toBe(200);
    expect((await checksOf(a.id))[0]).toMatchObject({ status: 'started', lastEvent: 'started' });
    await veriff.event(t.app, a.session, 'submitted');
    expect((await checksOf(a.id))[0]).toMatchObject({
      status: 'submitted',
      lastEvent: 'submitted',
    });
    // A late 'started' never moves it back.
    await veriff.event(t.app, a.session, 'started');
    expect((await checksOf(a.id))[0]!.status).toBe('submitted');
  });

  it('an approved decision completes verification (kyc) with country and time', async () => {
    const a = await started();
    const decisionTime = new Date(Date.now() + 1000).toISOString();
    const res = await veriff.decision(t.app, a.session, 'approved', {
      decisionTime,
      country: 'gb',
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true });
    expect(await stageOf(a.id)).toBe('kyc');
    const [check] = await checksOf(a.id);
    expect(check).toMatchObject({
      status: 'approved',
      decision: 'approved',
      country: 'GB',
      lastEvent: 'approved',
    });
    expect(check!.lastEventAt!.toISOString()).toBe(decisionTime);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.applicationId, a.id));
    expect(audit.find((row) => row.action === 'application.kyc_complete')).toMatchObject({
      actorType: 'provider',
      actorId: 'veriff',
    });
  });

  it('refuses an unsigned, wrongly signed or altered webhook (401) and changes nothing', async () => {
    const a = await started();
    const before = await snapshot(a.id);
    const unsigned = await veriff.decision(t.app, a.session, 'approved', {}, { signature: null });
    expect(unsigned.status).toBe(401);
    expect(JSON.parse(unsigned.body)).toEqual({ ok: false, error: 'Invalid signature' });
    const wrong = await veriff.decision(t.app, a.session, 'approved', {}, { secret: 'not-it' });
    expect(wrong.status).toBe(401);
    const garbage = await veriff.decision(t.app, a.session, 'approved', {}, { signature: 'zz' });
    expect(garbage.status).toBe(401);
    // A real signature over different bytes: the body was changed on the way.
    const honest = JSON.stringify({ verification: { id: a.session.id, status: 'declined' } });
    const altered = honest.replace('declined', 'approved');
    const tampered = await veriff.send(t.app, '/api/veriff-webhook', altered, {
      signature: sign(honest),
    });
    expect(tampered.status).toBe(401);
    for (const path of ['/api/veriff-event-webhook', '/api/veriff-watchlist-webhook']) {
      expect(
        (await veriff.send(t.app, path, { id: a.session.id }, { signature: null })).status,
      ).toBe(401);
    }
    expect(await snapshot(a.id)).toEqual(before);
  });

  it('accepts the signature of either secret while one is being rotated', async () => {
    const a = await started();
    const res = await veriff.event(t.app, a.session, 'started', { secret: OLD_SECRET });
    expect(res.status).toBe(200);
    expect((await checksOf(a.id))[0]!.status).toBe('started');
  });

  it('a replayed delivery answers 200 and changes nothing a second time', async () => {
    const a = await started();
    const first = await veriff.decision(t.app, a.session, 'approved');
    expect(first.status).toBe(200);
    const after = await snapshot(a.id);
    // Staff then move on; a retry of the old delivery must not touch anything.
    const replay = await veriff.send(t.app, '/api/veriff-webhook', first.raw);
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ ok: true });
    expect(await snapshot(a.id)).toEqual(after);
    const event = await veriff.event(t.app, a.session, 'submitted');
    const afterEvent = await snapshot(a.id);
    expect((await veriff.send(t.app, '/api/veriff-event-webhook', event.raw)).status).toBe(200);
    expect(await snapshot(a.id)).toEqual(afterEvent);
  });

  it('watchlist results set PEP and sanctions, and a later update can clear them', async () => {
    const a = await started();
    const hit = await veriff.watchlist(t.app, a.id, {
      matchStatus: 'possible_match',
      pep: true,
      sanctions: true,
      attemptId: 'attempt-1',
    });
    expect(hit.status).toBe(200);
    expect((await checksOf(a.id))[0]).toMatchObject({ pep: true, sanctions: true });
    const before = await snapshot(a.id);
    expect((await veriff.send(t.app, '/api/veriff-watchlist-webhook', hit.raw)).status).toBe(200);
    expect(await snapshot(a.id)).toEqual(before);

    await veriff.watchlist(t.app, a.id, {
      matchStatus: 'possible_match',
      pep: true,
      attemptId: 'attempt-1',
      checkType: 'updated_result',
    });
    // Sanctions were not listed this time, but a possible match is never recorded as clear.
    expect((await checksOf(a.id))[0]).toMatchObject({ pep: true, sanctions: null });
    await veriff.watchlist(t.app, a.id, {
      matchStatus: 'no_match',
      attemptId: 'attempt-2',
      checkType: 'updated_result',
    });
    expect((await checksOf(a.id))[0]).toMatchObject({ pep: false, sanctions: false });
  });

  it('an adverse-media possible match is shown to staff as needing review, never as clear', async () => {
    const a = await started('Victor Lane');
    const before = await staffMails(
      'veriff_watchlist_webhook.possible_match.staff_notification',
      a.id,
    );
    const hit = await veriff.watchlist(t.app, a.id, {
      matchStatus: 'possible_match',
      adverseMedia: true,
    });
    expect(hit.status).toBe(200);
    // Not "no PEP, not sanctioned": unknown until staff judge the hit.
    expect((await checksOf(a.id))[0]).toMatchObject({
      pep: null,
      sanctions: null,
      lastEvent: 'watchlist_possible_match',
    });
    const mails = await staffMails(
      'veriff_watchlist_webhook.possible_match.staff_notification',
      a.id,
    );
    expect(mails).toHaveLength(before.length + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Watchlist possible match, review needed: Victor Lane');
    expect(mail.text).toContain('Listed under: adverse media');
    expect(mail.text).toContain(`${PUBLIC_URL}/admin/applicants/${a.id}`);
    // A replay tells staff nothing twice.
    await veriff.send(t.app, '/api/veriff-watchlist-webhook', hit.raw);
    expect(
      await staffMails('veriff_watchlist_webhook.possible_match.staff_notification', a.id),
    ).toHaveLength(before.length + 1);
  });

  it('a decline leaves the case to staff: the staff inbox is told a decision is needed', async () => {
    const a = await started('Nora Quinn');
    await veriff.decision(t.app, a.session, 'declined');
    const mails = await staffMails('veriff_webhook.declined.staff_notification', a.id);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Identity check declined by Veriff, decision needed: Nora Quinn');
    expect(mail.text).toContain('Veriff reason: Physical document not used');
    expect(mail.text).toContain(`${PUBLIC_URL}/admin/applicants/${a.id}`);
    // The applicant's screen reads the declined check (review-status: a decision is pending).
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/apply-get-stage',
      payload: {},
      headers: { 'x-session-token': a.token },
    });
    expect(view.json()).toMatchObject({
      stage: 'kyc_in_progress',
      identity_check: { status: 'declined', decision: 'declined' },
    });
    // Nothing is sent to the applicant: the decision is staff's.
    expect(await mailsTo(a.id)).toEqual([]);
  });

  it('a PEP match in the decision marks the check', async () => {
    const a = await started();
    await veriff.decision(t.app, a.session, 'approved', { pepSanctionMatch: 'PEP' });
    expect((await checksOf(a.id))[0]).toMatchObject({ pep: true });
  });

  it('resubmission sends the applicant back, and starting again reuses the same session', async () => {
    const a = await started();
    await veriff.decision(t.app, a.session, 'resubmission_requested');
    expect(await stageOf(a.id)).toBe('detailed');
    expect((await checksOf(a.id))[0]).toMatchObject({ decision: 'resubmission_requested' });
    const sessions = veriff.sessions.length;
    const again = await start(a.token);
    expect(again.json()).toEqual({ ok: true, stage: 'kyc_in_progress', url: a.url });
    expect(veriff.sessions).toHaveLength(sessions);
    expect(await checksOf(a.id)).toHaveLength(1);
    // The resumed session's approval then completes verification.
    await veriff.decision(t.app, a.session, 'approved');
    expect(await stageOf(a.id)).toBe('kyc');
  });

  for (const [status, subject, words] of [
    ['resubmission_requested', 'Please verify your identity again', 'needs you to take them again'],
    ['expired', 'Your identity verification was not completed', 'expired before it was finished'],
    ['abandoned', 'Your identity verification was not completed', 'started but not finished'],
  ] as const) {
    it(`${status}: the applicant is e-mailed what to do, with a link that works on any device`, async () => {
      const a = await started();
      await veriff.decision(t.app, a.session, status);
      expect(await stageOf(a.id)).toBe('detailed');
      const [mail, ...more] = await mailsTo(a.id);
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ template: `veriff_webhook.${status}`, subject });
      expect(mail!.text).toContain(words);
      expect(mail!.text).toContain('start the verification again');
      // Opened on another device: the single-use link signs the applicant in.
      const sid = new URL(
        /https:\/\/\S+\/apply\/review\?sid=\S+/.exec(mail!.text)![0],
      ).searchParams.get('sid')!;
      const opened = await t.app.inject({
        method: 'POST',
        url: '/api/apply-session',
        payload: { sid },
      });
      expect(opened.json()).toMatchObject({ ok: true, basic_id: a.id });
      // A replay of the decision sends nothing more.
      await veriff.decision(t.app, a.session, status);
      expect(await mailsTo(a.id)).toHaveLength(1);
    });
  }

  it('an expired session sends the applicant back for a new one', async () => {
    const a = await started();
    await veriff.decision(t.app, a.session, 'expired');
    expect(await stageOf(a.id)).toBe('detailed');
    const again = await start(a.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().url).not.toBe(a.url);
    expect(await checksOf(a.id)).toHaveLength(2);
  });

  it('a decline is recorded, and the application waits for staff', async () => {
    const a = await started();
    await veriff.decision(t.app, a.session, 'declined');
    expect((await checksOf(a.id))[0]).toMatchObject({ status: 'declined', decision: 'declined' });
    expect(await stageOf(a.id)).toBe('kyc_in_progress');
  });

  it('ignores (200) what is not ours: unknown sessions and vendorData', async () => {
    const a = await started();
    const before = await snapshot(a.id);
    const unknownSession = await veriff.decision(
      t.app,
      { id: '11111111-2222-4333-8444-555555555555', vendorData: a.id },
      'approved',
    );
    expect(unknownSession.status).toBe(200);
    const wrongVendor = await veriff.decision(
      t.app,
      { id: a.session.id, vendorData: 'someone-else' },
      'approved',
    );
    expect(wrongVendor.status).toBe(200);
    const unknownVendor = await veriff.watchlist(t.app, 'not-an-application', {
      matchStatus: 'possible_match',
      pep: true,
    });
    expect(unknownVendor.status).toBe(200);
    expect((await veriff.send(t.app, '/api/veriff-webhook', { surprise: true })).status).toBe(200);
    expect(await snapshot(a.id)).toEqual(before);
  });

  it('a signed body that is not JSON is a 400', async () => {
    const res = await veriff.send(t.app, '/api/veriff-webhook', '{not json');
    expect(res.status).toBe(400);
  });

  it('works over real HTTP too (the raw bytes are what is signed)', async () => {
    const a = await started();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await veriff.decision(address, a.session, 'approved');
    expect(res.status).toBe(200);
    expect(await stageOf(a.id)).toBe('kyc');
  });
});
