import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicantSession } from '#server/auth/applicant.ts';
import {
  activations,
  applicantSessions,
  applicationDetails,
  applications,
  auditLog,
  emailOutbox,
  legalDocuments,
  offers,
} from '#server/db/schema.ts';
import { hashToken, sha256Hex } from '#server/lib/crypto.ts';
import { MONTHLY_FEE_PENCE } from '#shared/fees.ts';
import { OFFER_MESSAGE } from '#shared/schemas/apply.ts';
import { SIGNATURE_MISMATCH_MESSAGE } from '#shared/signature.ts';
import type { Stage } from '#shared/stages.ts';
import type { Tier } from '#shared/tiers.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { IDENTITY_COLUMNS, IDENTITY_DETAILS } from '../helpers/identity.ts';

const WRONG_STAGE = 'This step is not available for your application right now.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
});
afterAll(async () => {
  await t?.close();
});

interface Applicant {
  id: string;
  token: string;
}

/** An application at `stage` with a live session, made directly in the database. */
async function applicant(
  stage: Stage,
  values: Partial<typeof applications.$inferInsert> = {},
): Promise<Applicant> {
  return t.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        source: 'invite',
        stage,
        fullName: 'Katherine Johnson',
        email: `kj-${Math.random().toString(36).slice(2)}@example.com`,
        ...values,
      })
      .returning({ id: applications.id });
    const session = await createApplicantSession(tx, row!.id);
    return { id: row!.id, token: session.token };
  });
}

/** Issues an offer as staff would (the staff call is another helper's): stage tier_offer. */
async function withOffer(tier: Tier, pricingNote: string | null = null): Promise<Applicant> {
  const a = await applicant('tier_offer', { tierAssigned: tier });
  await t.ctx.db
    .insert(offers)
    .values({ applicationId: a.id, tier, pricingNote, issuedBy: 'staff:test' });
  return a;
}

function call(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { 'x-session-token': options.token } : {}),
      ...options.headers,
    },
    ...(method === 'POST' ? { payload: (options.payload ?? {}) as object } : {}),
  });
}

async function snapshot(id: string) {
  const [app] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
  const details = await t.ctx.db
    .select()
    .from(applicationDetails)
    .where(eq(applicationDetails.applicationId, id));
  const offerRows = await t.ctx.db
    .select()
    .from(offers)
    .where(eq(offers.applicationId, id))
    .orderBy(asc(offers.issuedAt));
  const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.applicationId, id));
  return { app, details, offers: offerRows, audits: audits.length };
}

const details = {
  annual_income: 120000,
  employment_status: 'employed',
  pep_exposed: false,
  card_tier_pref: 'titan',
  ...IDENTITY_DETAILS,
};

/** Every applicant call with a payload that would be valid at its stage. */
const CALLS: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
  { method: 'POST', url: '/api/apply-get-stage', payload: {} },
  { method: 'GET', url: '/api/apply-status' },
  { method: 'POST', url: '/api/apply-details', payload: details },
  {
    method: 'POST',
    url: '/api/apply-offer-action',
    payload: { action: 'accept', esign_name: 'Katherine Johnson' },
  },
  { method: 'GET', url: '/api/activation' },
];

describe('applicant authentication', () => {
  it('refuses every applicant call without a token, or with a bad or expired one', async () => {
    const a = await applicant('tier_offer');
    await t.ctx.db
      .insert(offers)
      .values({ applicationId: a.id, tier: 'noir', issuedBy: 'staff:test' });
    const expired = await applicant('code_verified');
    await t.ctx.db
      .update(applicantSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(applicantSessions.tokenHash, hashToken(expired.token)));
    const before = await snapshot(a.id);

    for (const c of CALLS) {
      const none = await call(c.method, c.url, { payload: c.payload });
      expect(none.statusCode, c.url).toBe(401);
      expect(none.json(), c.url).toEqual({ ok: false, error: 'No authentication token found' });

      for (const token of ['not-a-real-token', expired.token]) {
        const bad = await call(c.method, c.url, { token, payload: c.payload });
        expect(bad.statusCode, c.url).toBe(401);
        expect(bad.json().error, c.url).toMatch(/session has expired/);
      }
    }
    expect(await snapshot(a.id)).toEqual(before);
  });

  it('accepts the token as a header, a Bearer token or the HttpOnly cookie', async () => {
    const a = await applicant('detailed');
    for (const request of [
      { headers: { 'x-session-token': a.token } },
      { headers: { authorization: `Bearer ${a.token}` } },
      { cookies: { waj_session: a.token } },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/apply-status', ...request });
      expect(res.json()).toEqual({ ok: true, stage: 'detailed' });
    }
  });

  it("refuses (403) any call that names another applicant's application, changing nothing", async () => {
    const mine = await withOffer('titan');
    const theirs = await withOffer('titan');
    const before = await snapshot(theirs.id);
    const payloads: [string, object][] = [
      ['/api/apply-get-stage', { basic_id: theirs.id }],
      ['/api/apply-details', { ...details, basic_id: theirs.id }],
      [
        '/api/apply-offer-action',
        { basic_id: theirs.id, action: 'accept', esign_name: 'Katherine Johnson' },
      ],
      [
        '/api/apply-offer-action',
        { basic_id: theirs.id, action: 'downgrade', chosen_tier: 'noir' },
      ],
    ];
    for (const [url, payload] of payloads) {
      const res = await call('POST', url, { token: mine.token, payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({
        ok: false,
        error: 'You can only view and change your own application.',
      });
    }
    expect(await snapshot(theirs.id)).toEqual(before);
    expect((await snapshot(mine.id)).app!.stage).toBe('tier_offer');
  });

  it("only ever answers with the caller's own application", async () => {
    const mine = await applicant('code_verified');
    await applicant('kyc');
    const res = await call('POST', '/api/apply-get-stage', {
      token: mine.token,
      payload: { basic_id: mine.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().basic_id).toBe(mine.id);
  });
});

describe('POST /api/apply-get-stage and GET /api/apply-status', () => {
  it('describe the application, its newest files, identity check and offer', async () => {
    const a = await withOffer('monarch', 'No fee for the first year');
    await t.ctx.db.insert(applicationDetails).values({
      applicationId: a.id,
      annualIncome: 300000,
      pepExposed: false,
      employmentStatus: 'employed',
      cardTierPref: 'monarch',
      ...IDENTITY_COLUMNS,
    });
    const res = await call('POST', '/api/apply-get-stage', { token: a.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      basic_id: a.id,
      stage: 'tier_offer',
      tier_assigned: 'monarch',
      tier_accepted: null,
      full_name: 'Katherine Johnson',
      email: expect.stringMatching(/@example\.com$/),
      has_details: true,
      date_of_birth: '1985-03-14',
      address: { line1: '1 High Street', line2: null, town: 'London', postcode: 'SW1A 1AA' },
      address_lookup: false,
      kyc_provider: 'builtin',
      kyc_files: [],
      identity_check: null,
      offer: {
        tier: 'monarch',
        downgraded_from: null,
        pricing_note: 'No fee for the first year',
        issued_at: expect.any(String),
      },
    });
    const status = await call('GET', '/api/apply-status', { token: a.token });
    expect(status.json()).toEqual({ ok: true, stage: 'tier_offer' });
  });
});

describe('POST /api/apply-details', () => {
  it('needs a name and an e-mail when the application has none, and changes nothing without', async () => {
    const a = await applicant('code_verified', { fullName: null, email: null });
    const before = await snapshot(a.id);
    const res = await call('POST', '/api/apply-details', { token: a.token, payload: details });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ok: false,
      error: 'Full name must be at least 2 characters',
      details: {
        full_name: 'Full name must be at least 2 characters',
        email: 'Please enter a valid email address',
      },
    });
    expect(await snapshot(a.id)).toEqual(before);

    const ok = await call('POST', '/api/apply-details', {
      token: a.token,
      payload: { ...details, full_name: '  Dorothy Vaughan ', email: ' dv@example.com ' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, stage: 'detailed' });
    const after = await snapshot(a.id);
    expect(after.app).toMatchObject({
      stage: 'detailed',
      fullName: 'Dorothy Vaughan',
      email: 'dv@example.com',
    });
    expect(after.details[0]).toMatchObject({
      annualIncome: 120000,
      employmentStatus: 'employed',
      pepExposed: false,
      cardTierPref: 'titan',
      ...IDENTITY_COLUMNS,
    });
  });

  it('updates the record when sent again at detailed, never overwriting name or e-mail', async () => {
    const a = await applicant('code_verified', {
      fullName: 'Mary Jackson',
      email: 'mj@example.com',
    });
    expect(
      (await call('POST', '/api/apply-details', { token: a.token, payload: details })).statusCode,
    ).toBe(200);
    const again = await call('POST', '/api/apply-details', {
      token: a.token,
      payload: {
        ...details,
        annual_income: 650000,
        pep_exposed: true,
        full_name: 'Someone Else',
        email: 'else@example.com',
      },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, stage: 'detailed' });
    const after = await snapshot(a.id);
    expect(after.app).toMatchObject({ fullName: 'Mary Jackson', email: 'mj@example.com' });
    expect(after.details).toHaveLength(1);
    expect(after.details[0]).toMatchObject({ annualIncome: 650000, pepExposed: true });
    const moves = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, a.id), eq(auditLog.action, 'application.details')));
    expect(moves).toHaveLength(2);
  });

  it('answers field messages for bad details', async () => {
    const a = await applicant('code_verified');
    const res = await call('POST', '/api/apply-details', {
      token: a.token,
      payload: { annual_income: -5, employment_status: 'astronaut', card_tier_pref: 'elite' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({
      annual_income: 'Annual income cannot be negative',
      employment_status: 'Please choose your employment status',
      pep_exposed: 'Please tell us whether you are a politically exposed person',
      card_tier_pref: 'Please choose a preferred tier',
      date_of_birth: 'Please enter your date of birth',
      address: 'Please enter the first line of your address',
    });
  });
});

describe('wrong stage', () => {
  it('answers 409 with nothing changed for details and offer calls at any other stage', async () => {
    const detailsStages: Stage[] = [
      'basic',
      'invited',
      'kyc_in_progress',
      'kyc',
      'tier_offer',
      'accepted',
      'activated',
    ];
    for (const stage of detailsStages) {
      const a = await applicant(stage);
      const before = await snapshot(a.id);
      const res = await call('POST', '/api/apply-details', { token: a.token, payload: details });
      expect(res.statusCode, stage).toBe(409);
      expect(res.json(), stage).toEqual({ ok: false, error: WRONG_STAGE, details: { stage } });
      expect(await snapshot(a.id), stage).toEqual(before);
    }

    const offerStages: Stage[] = ['code_verified', 'detailed', 'kyc', 'accepted', 'activated'];
    for (const stage of offerStages) {
      const a = await applicant(stage, { tierAssigned: 'titan' });
      await t.ctx.db
        .insert(offers)
        .values({ applicationId: a.id, tier: 'titan', issuedBy: 'staff:test' });
      const before = await snapshot(a.id);
      for (const payload of [
        { action: 'accept', esign_name: 'Katherine Johnson' },
        { action: 'downgrade', chosen_tier: 'noir' },
      ]) {
        const res = await call('POST', '/api/apply-offer-action', { token: a.token, payload });
        expect(res.statusCode, `${stage} ${payload.action}`).toBe(409);
        expect(res.json().error).toBe(WRONG_STAGE);
      }
      expect(await snapshot(a.id), stage).toEqual(before);
    }
  });
});

describe('POST /api/apply-offer-action', () => {
  it('downgrades only to a lower tier and keeps the original tier as downgraded_from', async () => {
    const a = await withOffer('titan');
    const before = await snapshot(a.id);
    for (const chosen of ['titan', 'monarch', 'elite']) {
      const res = await call('POST', '/api/apply-offer-action', {
        token: a.token,
        payload: { action: 'downgrade', chosen_tier: chosen },
      });
      expect(res.statusCode, chosen).toBe(400);
      expect(res.json().error).toBe('Failed to change tier');
    }
    expect(await snapshot(a.id)).toEqual(before);

    const res = await call('POST', '/api/apply-offer-action', {
      token: a.token,
      payload: { basic_id: a.id, action: 'downgrade', chosen_tier: 'noir' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, stage: 'tier_offer', tier: 'noir' });
    let after = await snapshot(a.id);
    expect(after.app).toMatchObject({ stage: 'tier_offer', tierAssigned: 'noir' });
    expect(after.offers[0]).toMatchObject({ tier: 'noir', downgradedFrom: 'titan' });

    // A further step down keeps the tier first offered; back up is refused.
    const lower = await call('POST', '/api/apply-offer-action', {
      token: a.token,
      payload: { action: 'downgrade', chosen_tier: 'standard' },
    });
    expect(lower.json()).toEqual({ ok: true, stage: 'tier_offer', tier: 'standard' });
    const up = await call('POST', '/api/apply-offer-action', {
      token: a.token,
      payload: { action: 'downgrade', chosen_tier: 'noir' },
    });
    expect(up.statusCode).toBe(400);
    after = await snapshot(a.id);
    expect(after.offers[0]).toMatchObject({ tier: 'standard', downgradedFrom: 'titan' });

    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, a.id), eq(auditLog.action, 'offer.downgrade')))
      .orderBy(asc(auditLog.id));
    expect(audits.map((row) => row.after)).toEqual([
      { tier: 'noir', downgraded_from: 'titan' },
      { tier: 'standard', downgraded_from: 'titan' },
    ]);

    const stage = await call('POST', '/api/apply-get-stage', { token: a.token });
    expect(stage.json().offer).toMatchObject({ tier: 'standard', downgraded_from: 'titan' });
  });

  it('records the signature evidence and moves to accepted with the offered tier', async () => {
    const a = await withOffer('monarch', 'Founding rate: £29.99 a month');
    const down = await call('POST', '/api/apply-offer-action', {
      token: a.token,
      payload: { action: 'downgrade', chosen_tier: 'titan' },
    });
    expect(down.statusCode).toBe(200);

    const empty = await call('POST', '/api/apply-offer-action', {
      token: a.token,
      payload: { action: 'accept', esign_name: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(OFFER_MESSAGE);

    // A screen showing a tier the offer no longer has signs nothing.
    const stale = await call('POST', '/api/apply-offer-action', {
      token: a.token,
      payload: { action: 'accept', esign_name: 'Katherine Johnson', chosen_tier: 'monarch' },
    });
    expect(stale.statusCode).toBe(409);
    expect((await snapshot(a.id)).app!.stage).toBe('tier_offer');

    // The signature must be the full legal name on the application: another name, a part of
    // it or an extra initial signs nothing.
    for (const name of ['Katherine G. Johnson', 'Katherine', 'Mickey Mouse']) {
      const wrong = await call('POST', '/api/apply-offer-action', {
        token: a.token,
        payload: { action: 'accept', esign_name: name, chosen_tier: 'titan' },
      });
      expect(wrong.statusCode, name).toBe(400);
      expect(wrong.json(), name).toEqual({
        ok: false,
        error: SIGNATURE_MISMATCH_MESSAGE,
        details: { esign_name: SIGNATURE_MISMATCH_MESSAGE },
      });
      expect((await snapshot(a.id)).app!.stage).toBe('tier_offer');
    }

    // Case, accents and extra spaces do not matter.
    const userAgent = 'Mozilla/5.0 (Macintosh) TestBrowser/1.0';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apply-offer-action',
      headers: { 'x-session-token': a.token, 'user-agent': userAgent },
      remoteAddress: '203.0.113.7',
      payload: { action: 'accept', esign_name: '  kathérine   JOHNSON ', chosen_tier: 'titan' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, stage: 'accepted', tier: 'titan' });

    const after = await snapshot(a.id);
    expect(after.app).toMatchObject({
      stage: 'accepted',
      tierAssigned: 'titan',
      tierAccepted: 'titan',
    });
    const offer = after.offers[0]!;
    expect(offer).toMatchObject({
      tier: 'titan',
      downgradedFrom: 'monarch',
      esignName: 'kathérine   JOHNSON',
      esignIp: '203.0.113.7',
      esignUserAgent: userAgent,
    });
    expect(offer.acceptedAt).toBeInstanceOf(Date);

    // The hash covers the tier, its monthly fee, the pricing note and the Terms of Membership
    // as stored.
    const [terms] = await t.ctx.db
      .select()
      .from(legalDocuments)
      .where(eq(legalDocuments.slug, 'terms'));
    const canonical = JSON.stringify({
      tier: 'titan',
      monthly_fee_pence: MONTHLY_FEE_PENCE.titan,
      pricing_note: 'Founding rate: £29.99 a month',
      terms_of_membership: {
        updated_at: terms!.updatedAt.toISOString(),
        html_sha256: sha256Hex(terms!.html),
      },
    });
    expect(offer.termsHash).toBe(sha256Hex(canonical));

    const [accept] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, a.id), eq(auditLog.action, 'offer.accept')))
      .orderBy(desc(auditLog.id));
    // The signature (name, IP, browser) is the offer's; the audit row names it, no more
    // (CONTRACT §6).
    expect(accept).toMatchObject({
      actorType: 'applicant',
      actorId: a.id,
      ip: null,
      before: { stage: 'tier_offer' },
      after: {
        stage: 'accepted',
        offer_id: offer.id,
        tier: 'titan',
        fields: ['esign_name'],
        terms_hash: offer.termsHash,
      },
    });
    expect(JSON.stringify(accept)).not.toContain('Katherine');

    // The applicant gets a copy of what they signed; staff are told the offer was accepted.
    const mails = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.applicationId, a.id))
      .orderBy(asc(emailOutbox.createdAt));
    const copy = mails.find((m) => m.template === 'apply_offer_action.offer_accepted');
    expect(copy).toMatchObject({ to: after.app!.email, subject: 'Your signed Waj offer' });
    expect(copy!.text).toContain('Tier: Titan');
    expect(copy!.text).toContain('Monthly fee: £19.99 a month');
    expect(copy!.text).toMatch(/Signed: \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} (GMT|BST)/);
    expect(copy!.text).toContain('Terms of Membership: version of ');
    expect(copy!.text).toContain(offer.termsHash);
    const notice = mails.find((m) => m.template === 'apply_offer_action.staff_notification');
    expect(notice).toMatchObject({ to: t.ctx.env.STAFF_EMAIL });
    expect(notice!.subject).toBe('Offer accepted (Titan): Katherine Johnson');
    expect(notice!.text).toContain('Monthly fee: £19.99 a month');

    // Signed once: a second acceptance is a wrong-stage call and changes nothing.
    const before = await snapshot(a.id);
    const again = await call('POST', '/api/apply-offer-action', {
      token: a.token,
      payload: { action: 'accept', esign_name: 'Someone Else' },
    });
    expect(again.statusCode).toBe(409);
    expect(await snapshot(a.id)).toEqual(before);
  });

  it('gives a different terms hash when the Terms of Membership change', async () => {
    const first = await withOffer('noir');
    const second = await withOffer('noir');
    const accept = (token: string) =>
      call('POST', '/api/apply-offer-action', {
        token,
        payload: { action: 'accept', esign_name: 'Katherine Johnson' },
      });
    expect((await accept(first.token)).statusCode).toBe(200);
    await t.ctx.db
      .update(legalDocuments)
      .set({ html: sql`${legalDocuments.html} || '<p>Amended.</p>'`, updatedAt: sql`now()` })
      .where(eq(legalDocuments.slug, 'terms'));
    expect((await accept(second.token)).statusCode).toBe(200);
    const [a] = (await snapshot(first.id)).offers;
    const [b] = (await snapshot(second.id)).offers;
    expect(a!.termsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(b!.termsHash).not.toBe(a!.termsHash);
  });
});

describe('GET /api/activation', () => {
  it('is 404 until the applicant is activated, then shows their own row', async () => {
    const a = await applicant('accepted', { tierAssigned: 'titan', tierAccepted: 'titan' });
    const pending = await call('GET', '/api/activation', { token: a.token });
    expect(pending.statusCode).toBe(404);
    expect(pending.json()).toEqual({ ok: false, error: 'Not activated yet' });

    await t.ctx.db.insert(activations).values({
      applicationId: a.id,
      cardLast4: '4242',
      mobileAccessEnabled: false,
      cardShipmentTracking: 'RM123456789GB',
      activatedBy: 'staff:test',
    });
    await t.ctx.db
      .update(applications)
      .set({ stage: 'activated' })
      .where(eq(applications.id, a.id));
    const res = await call('GET', '/api/activation', { token: a.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      data: {
        tier: 'titan',
        card_last4: '4242',
        mobile_access_enabled: false,
        activated_at: expect.any(String),
        card_shipment_tracking: 'RM123456789GB',
      },
    });

    const other = await applicant('accepted');
    expect((await call('GET', '/api/activation', { token: other.token })).statusCode).toBe(404);
  });
});
