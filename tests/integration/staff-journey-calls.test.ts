import { asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stage } from '#shared/stages.ts';
import type { Tier } from '#shared/tiers.ts';
import {
  activations,
  applicantSessions,
  applicationDetails,
  applications,
  auditLog,
  emailOutbox,
  identityChecks,
  inviteCodes,
  magicLinks,
  offers,
  siteSettings,
} from '#server/db/schema.ts';
import type { LiveEvent } from '#server/events.ts';
import { hashToken, UNAMBIGUOUS_ALPHABET } from '#server/lib/crypto.ts';
import { canonicalInviteCode } from '#server/lib/invite-code.ts';
import { declineWithApproval } from '../helpers/casework.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { IDENTITY_COLUMNS } from '../helpers/identity.ts';

const PUBLIC_URL = 'https://waj.example';
const CODE_FORMAT = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

let t: TestApp;
let token: string;
let staffId: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, RATE_LIMIT_SCALE: '0' });
  token = await t.staffToken();
  staffId = await t.staffTokenId(token);
});
afterAll(async () => {
  await t?.close();
});

/** Redeems a code as the applicant would, through `apply-verify-code`. */
const redeem = (code: string) =>
  t.app.inject({ method: 'POST', url: '/api/apply-verify-code', payload: { code } });

const staff = (url: string, payload: unknown = {}, headers = { 'x-admin-pass': token }) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });

/** An application as an earlier step would have left it, seeded directly. */
async function seedApplication(options: {
  stage: Stage;
  fullName?: string | null;
  email?: string | null;
  tierAssigned?: Tier | null;
  tierAccepted?: Tier | null;
  details?: { annualIncome: number; pepExposed: boolean; cardTierPref?: Tier } | null;
  /** Whether the owner has proved the address (by default once past an invitation). */
  emailVerified?: boolean;
}): Promise<string> {
  const [row] = await t.ctx.db
    .insert(applications)
    .values({
      source: 'application',
      stage: options.stage,
      fullName: options.fullName === undefined ? 'Ada Lovelace' : options.fullName,
      email:
        options.email === undefined
          ? `ada.${Math.random().toString(36).slice(2)}@example.com`
          : options.email,
      tierAssigned: options.tierAssigned ?? null,
      tierAccepted: options.tierAccepted ?? null,
      emailVerifiedAt:
        options.email !== null &&
        (options.emailVerified ?? !['basic', 'invited'].includes(options.stage))
          ? new Date()
          : null,
    })
    .returning({ id: applications.id });
  if (options.details) {
    await t.ctx.db.insert(applicationDetails).values({
      applicationId: row!.id,
      annualIncome: options.details.annualIncome,
      employmentStatus: 'employed',
      pepExposed: options.details.pepExposed,
      cardTierPref: options.details.cardTierPref ?? 'noir',
      // As apply-details now writes them (CONTRACT §8).
      ...IDENTITY_COLUMNS,
    });
  }
  return row!.id;
}

async function applicationRow(id: string) {
  const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
  return row!;
}

async function mailsTo(address: string) {
  return t.ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, address))
    .orderBy(asc(emailOutbox.createdAt));
}

async function auditsFor(action: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(asc(auditLog.id));
}

/** Everything a staff call could change, to prove a refused call changed nothing. */
async function snapshot() {
  const counted = (table: Parameters<typeof t.ctx.db.$count>[0]) => t.ctx.db.$count(table);
  return {
    codes: await counted(inviteCodes),
    offers: await t.ctx.db.select().from(offers).orderBy(asc(offers.id)),
    activations: await counted(activations),
    mails: await counted(emailOutbox),
    audits: await counted(auditLog),
    links: await counted(magicLinks),
    applications: await t.ctx.db
      .select({
        id: applications.id,
        stage: applications.stage,
        tierAssigned: applications.tierAssigned,
        updatedAt: applications.updatedAt,
      })
      .from(applications)
      .orderBy(asc(applications.id)),
    settings: await t.ctx.db.select().from(siteSettings).orderBy(asc(siteSettings.key)),
  };
}

describe('every staff call of the journey', () => {
  it('refuses a missing or wrong token with 401 and changes nothing', async () => {
    const basic = await seedApplication({ stage: 'basic' });
    const kyc = await seedApplication({
      stage: 'kyc',
      details: { annualIncome: 60_000, pepExposed: false },
    });
    const accepted = await seedApplication({ stage: 'accepted', tierAccepted: 'noir' });
    const calls: [string, unknown][] = [
      ['admin-invite-generate', { count: 3, issued_to: 'guest@example.com' }],
      ['admin-invite-list', {}],
      ['admin-invite-toggle', { enabled: false }],
      ['admin-applicant-invite', { basic_id: basic }],
      ['admin-offer-list', {}],
      ['admin-offer-issue', { basic_id: kyc, tier: 'noir' }],
      ['admin-activation-list', {}],
      ['admin-activation', { basic_id: accepted, card_last4: '1234' }],
      ['admin-applicant-resend-link', { basic_id: kyc }],
      [
        'admin-applicant-override-tier',
        { basic_id: kyc, tier: 'titan', reason: 'Agreed at the credit committee' },
      ],
    ];
    const before = await snapshot();
    for (const [call, payload] of calls) {
      for (const headers of [{}, { 'x-admin-pass': 'wrong' }, { authorization: 'Bearer wrong' }]) {
        const res = await staff(call, payload, headers as { 'x-admin-pass': string });
        expect(res.statusCode, `${call} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json()).toEqual({ ok: false, error: 'Not authenticated' });
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('admin-invite-generate', () => {
  it('makes codes of 60 random bits from the unambiguous alphabet, as XXXX-XXXX-XXXX', async () => {
    const res = await staff('admin-invite-generate', { count: 100 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, success: true });
    const codes = body.codes as string[];
    expect(codes).toHaveLength(100);
    expect(new Set(codes).size).toBe(100);
    for (const code of codes) expect(code).toMatch(CODE_FORMAT);
    // 12 symbols of a 32-letter alphabet: 12 × 5 = 60 bits.
    expect(UNAMBIGUOUS_ALPHABET).toHaveLength(32);
    expect(codes[0]!.replace(/-/g, '')).toHaveLength(12);
    for (const letter of 'ILOU') expect(codes.join('')).not.toContain(letter);
    // 1200 uniform draws miss one of 32 symbols with odds below 1e-15: the whole alphabet is used.
    expect(new Set(codes.join('').replace(/-/g, '')).size).toBe(32);

    const stored = await t.ctx.db
      .select({ code: inviteCodes.code, issuedTo: inviteCodes.issuedTo })
      .from(inviteCodes)
      .where(inArray(inviteCodes.code, codes));
    expect(stored).toHaveLength(100);
    expect(stored.every((row) => row.issuedTo === null)).toBe(true);
    const [audit] = (await auditsFor('invite_code.generate')).slice(-1);
    expect(audit).toMatchObject({ actorType: 'staff', actorId: staffId });
    expect(audit!.after).toMatchObject({ count: 100, issued_to_set: false });
  });

  it('refuses a count outside 1 to 100 and an issued-to that is not an e-mail', async () => {
    const before = await snapshot();
    for (const count of [0, 101, -1, 2.5, 'ten', null]) {
      const res = await staff('admin-invite-generate', { count });
      expect(res.statusCode, String(count)).toBe(400);
      expect(res.json()).toMatchObject({
        ok: false,
        error: 'Count must be between 1 and 100',
        details: { count: 'Count must be between 1 and 100' },
      });
    }
    const bad = await staff('admin-invite-generate', { count: 1, issued_to: 'Lady Ada' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Please enter a valid email address' });
    expect(await snapshot()).toEqual(before);
  });

  it('e-mails the codes to the issued-to address, with the link to /apply', async () => {
    const res = await staff('admin-invite-generate', {
      count: 2,
      issued_to: '  partner@example.com ',
    });
    expect(res.statusCode).toBe(200);
    const codes = res.json().codes as string[];
    const mails = await mailsTo('partner@example.com');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.template).toBe('admin_invite_generate.invitation_code');
    expect(mail!.subject).toBe('Your Waj invitation codes');
    for (const code of codes) {
      expect(mail!.text).toContain(code);
      expect(mail!.html).toContain(code);
    }
    expect(mail!.text).toContain(`${PUBLIC_URL}/apply`);
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/apply"`);
    const stored = await t.ctx.db
      .select({ issuedTo: inviteCodes.issuedTo })
      .from(inviteCodes)
      .where(inArray(inviteCodes.code, codes));
    expect(stored.map((row) => row.issuedTo)).toEqual([
      'partner@example.com',
      'partner@example.com',
    ]);
  });
});

describe('admin-invite-list', () => {
  it('lists codes newest first with who used them', async () => {
    const first = (await staff('admin-invite-generate', { count: 1 })).json().codes[0] as string;
    const second = (
      await staff('admin-invite-generate', { count: 1, issued_to: 'grace@example.com' })
    ).json().codes[0] as string;
    // Redeemed as an applicant might type it: lower case, with stray spaces.
    expect((await redeem(`  ${first.toLowerCase()} `)).statusCode).toBe(200);

    const res = await staff('admin-invite-list');
    expect(res.statusCode).toBe(200);
    const codes = res.json().codes as Record<string, unknown>[];
    const times = codes.map((row) => Date.parse(row.issued_at as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(codes.findIndex((row) => row.code === second)).toBeLessThan(
      codes.findIndex((row) => row.code === first),
    );
    expect(codes.find((row) => row.code === second)).toEqual({
      id: expect.any(String),
      code: second,
      used: false,
      issued_to: 'grace@example.com',
      used_by: null,
      issued_at: expect.any(String),
      used_at: null,
    });
    const used = codes.find((row) => row.code === first)!;
    expect(used).toMatchObject({ used: true, issued_to: null });
    expect(Date.parse(used.used_at as string)).not.toBeNaN();
    // A code redeemed anonymously has no name or e-mail yet; one issued to an applicant shows it.
    const app = await seedApplication({ stage: 'basic', email: 'used.by@example.com' });
    const code = (await staff('admin-applicant-invite', { basic_id: app })).json().code as string;
    expect((await redeem(code)).statusCode).toBe(200);
    const again = (await staff('admin-invite-list')).json().codes as Record<string, unknown>[];
    expect(again.find((row) => row.code === code)).toMatchObject({
      used: true,
      used_by: 'used.by@example.com',
    });
  });
});

describe('admin-invite-toggle', () => {
  it('switches invite mode, audits it and tells open pages live', async () => {
    const events: LiveEvent[] = [];
    const stop = t.ctx.events.subscribe((event) => events.push(event));
    try {
      const off = await staff('admin-invite-toggle', { enabled: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ ok: true, success: true, enabled: false });
      const publicRead = await t.app.inject('/api/site-settings/invite_mode');
      expect(publicRead.json()).toMatchObject({ value: { enabled: false } });
      await expect
        .poll(() => events)
        .toContainEqual({
          type: 'site-setting',
          key: 'invite_mode',
          value: { enabled: false },
        });

      const bad = await staff('admin-invite-toggle', { enabled: 'yes' });
      expect(bad.statusCode).toBe(400);
      const on = await staff('admin-invite-toggle', { enabled: true });
      expect(on.json()).toEqual({ ok: true, success: true, enabled: true });
    } finally {
      stop();
    }
    const audits = (await auditsFor('site_setting.update')).filter(
      (a) => a.targetId === 'invite_mode',
    );
    expect(audits.map((a) => [a.before, a.after, a.actorId])).toEqual([
      [{ enabled: true }, { enabled: false }, staffId],
      [{ enabled: false }, { enabled: true }, staffId],
    ]);
  });
});

describe('admin-applicant-invite', () => {
  it('issues a code bound to a basic application, moves it to invited and e-mails the code', async () => {
    const id = await seedApplication({
      stage: 'basic',
      fullName: 'Ada <b>Lovelace</b>',
      email: 'Ada.Invite@Example.com',
    });
    const res = await staff('admin-applicant-invite', { basic_id: id });
    expect(res.statusCode).toBe(200);
    const { code } = res.json() as { code: string };
    expect(res.json()).toEqual({ ok: true, code });
    expect(code).toMatch(CODE_FORMAT);
    expect((await applicationRow(id)).stage).toBe('invited');

    const [row] = await t.ctx.db.select().from(inviteCodes).where(eq(inviteCodes.code, code));
    expect(row).toMatchObject({
      issuedApplicationId: id,
      issuedTo: 'Ada.Invite@Example.com',
      usedAt: null,
    });
    const [mail] = await mailsTo('Ada.Invite@Example.com');
    expect(mail).toMatchObject({
      template: 'admin_applicant_invite.invitation_code',
      subject: 'Your invitation to Waj',
    });
    expect(mail!.text).toContain(code);
    expect(mail!.text).toContain(`${PUBLIC_URL}/apply`);
    expect(mail!.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(mail!.html).not.toContain('<b>Lovelace');

    const [audit] = (await auditsFor('application.invite')).filter((a) => a.applicationId === id);
    expect(audit).toMatchObject({
      actorType: 'staff',
      actorId: staffId,
      before: { stage: 'basic' },
      after: { stage: 'invited', invite_code_id: row!.id },
    });

    // The invitation continues this application when redeemed.
    const redeemed = await redeem(code.toLowerCase());
    expect(redeemed.json()).toMatchObject({ ok: true, basic_id: id, stage: 'code_verified' });
    expect((await applicationRow(id)).stage).toBe('code_verified');
  });

  it('answers 409 with nothing changed when the application is not at basic, 404 when unknown', async () => {
    const invited = await seedApplication({ stage: 'invited' });
    const kyc = await seedApplication({ stage: 'kyc' });
    const before = await snapshot();
    for (const id of [invited, kyc]) {
      const res = await staff('admin-applicant-invite', { basic_id: id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        ok: false,
        error: 'Only an application awaiting review can be invited.',
      });
    }
    const unknown = await staff('admin-applicant-invite', {
      basic_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await staff('admin-applicant-invite', { basic_id: 'nope' })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('invites once when two staff click at the same time', async () => {
    const id = await seedApplication({ stage: 'basic' });
    const results = await Promise.all([
      staff('admin-applicant-invite', { basic_id: id }),
      staff('admin-applicant-invite', { basic_id: id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const codes = await t.ctx.db
      .select()
      .from(inviteCodes)
      .where(eq(inviteCodes.issuedApplicationId, id));
    expect(codes).toHaveLength(1);
  });
});

describe('canonicalInviteCode', () => {
  it('turns what an applicant might type into the stored form', () => {
    expect(canonicalInviteCode(' 7k3q m9xt b2hf ')).toBe('7K3Q-M9XT-B2HF');
    expect(canonicalInviteCode('7K3QM9XTB2HF')).toBe('7K3Q-M9XT-B2HF');
    // Crockford look-alikes: O is 0, I and L are 1.
    expect(canonicalInviteCode('OK3Q-M9XT-B2HI')).toBe('0K3Q-M9XT-B2H1');
    // Anything else is only trimmed and upper-cased.
    expect(canonicalInviteCode(' waj-test ')).toBe('WAJ-TEST');
  });
});

describe('admin-offer-list', () => {
  it('lists applications at kyc with their details and the suggested tier', async () => {
    const rich = await seedApplication({
      stage: 'kyc',
      fullName: 'Rich Applicant',
      details: { annualIncome: 300_000, pepExposed: false, cardTierPref: 'titan' },
    });
    const modest = await seedApplication({
      stage: 'kyc',
      details: { annualIncome: 20_000, pepExposed: false },
    });
    const declaredPep = await seedApplication({
      stage: 'kyc',
      details: { annualIncome: 900_000, pepExposed: true },
    });
    const screenedPep = await seedApplication({
      stage: 'kyc',
      details: { annualIncome: 120_000, pepExposed: false },
    });
    await t.ctx.db.insert(identityChecks).values({
      applicationId: screenedPep,
      provider: 'veriff',
      providerSessionId: 's-1',
      pep: true,
    });
    const noDetails = await seedApplication({ stage: 'kyc' });
    const elsewhere = await seedApplication({
      stage: 'detailed',
      details: { annualIncome: 60_000, pepExposed: false },
    });

    const res = await staff('admin-offer-list', { page_size: 100 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Record<string, unknown>[];
    const byId = new Map(data.map((row) => [row.basic_id, row]));
    expect(byId.has(elsewhere)).toBe(false);
    expect(data.every((row) => byId.get(row.basic_id) === row)).toBe(true);
    expect(byId.get(rich)).toEqual({
      basic_id: rich,
      full_name: 'Rich Applicant',
      email: expect.stringMatching(/@example\.com$/),
      created_at: expect.any(String),
      annual_income: 300_000,
      employment_status: 'employed',
      pep_exposed: false,
      card_tier_pref: 'titan',
      tier_assigned: null,
      suggested_tier: 'monarch',
      pending_offer: null,
      sanctions: { match: false, cleared: null },
      waiting_since: expect.any(String),
      due_at: expect.any(String),
      assignee: null,
    });
    expect(byId.get(modest)).toMatchObject({ suggested_tier: 'standard' });
    expect(byId.get(declaredPep)).toMatchObject({ pep_exposed: true, suggested_tier: 'manual' });
    expect(byId.get(screenedPep)).toMatchObject({ pep_exposed: true, suggested_tier: 'manual' });
    expect(byId.get(noDetails)).toMatchObject({ annual_income: null, suggested_tier: 'manual' });
  });
});

describe('admin-offer-issue', () => {
  it('issues the offer: tier_offer, the offer row, the assigned tier, the e-mail and the audit', async () => {
    const id = await seedApplication({
      stage: 'kyc',
      email: 'offer@example.com',
      details: { annualIncome: 900_000, pepExposed: false },
    });
    // A 'manual' suggestion or not, any real tier may be issued (PEP offers: four-eyes.test.ts).
    const res = await staff('admin-offer-issue', {
      basic_id: id,
      tier: 'titan',
      pricing_note: ' First year fee waived ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, status: 'issued' });
    expect(await applicationRow(id)).toMatchObject({ stage: 'tier_offer', tierAssigned: 'titan' });
    const [offer] = await t.ctx.db.select().from(offers).where(eq(offers.applicationId, id));
    expect(offer).toMatchObject({
      tier: 'titan',
      pricingNote: 'First year fee waived',
      issuedBy: staffId,
      acceptedAt: null,
    });
    const [mail] = await mailsTo('offer@example.com');
    expect(mail).toMatchObject({
      template: 'admin_offer_issue.offer_issued',
      subject: 'Your Waj offer',
    });
    expect(mail!.text).toContain('Titan');
    expect(mail!.text).toContain('First year fee waived');
    expect(mail!.text).toContain('Monthly fee: £19.99 a month');
    // The link is a single-use resume link, so it opens the offer on a device with no session.
    const sid = /\/apply\/review\?sid=([A-Za-z0-9_.%-]+)/.exec(mail!.text)?.[1];
    expect(sid).toBeDefined();
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/apply/review?sid=${sid}"`);
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/apply-session',
      payload: { sid: decodeURIComponent(sid!) },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ ok: true });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/apply-session',
      payload: { sid: decodeURIComponent(sid!) },
    });
    expect(again.statusCode).toBe(401);
    const [audit] = (await auditsFor('offer.issue')).filter((a) => a.applicationId === id);
    expect(audit).toMatchObject({
      actorType: 'staff',
      actorId: staffId,
      before: { stage: 'kyc' },
      after: { stage: 'tier_offer', tier: 'titan' },
    });
  });

  it('refuses a tier that is not a real one, and any stage but kyc with 409, changing nothing', async () => {
    const kyc = await seedApplication({ stage: 'kyc' });
    const offered = await seedApplication({ stage: 'tier_offer', tierAssigned: 'noir' });
    const detailed = await seedApplication({ stage: 'detailed' });
    const before = await snapshot();
    for (const tier of ['manual', '', 'platinum', undefined]) {
      const res = await staff('admin-offer-issue', { basic_id: kyc, tier });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'Please select a valid tier' });
    }
    for (const id of [offered, detailed]) {
      const res = await staff('admin-offer-issue', { basic_id: id, tier: 'elite' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        ok: false,
        error: 'An offer can only be issued once verification is complete.',
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('admin-activation-list and admin-activation', () => {
  it('lists accepted applications with the tier they accepted', async () => {
    const id = await seedApplication({
      stage: 'accepted',
      fullName: 'Grace Hopper',
      tierAssigned: 'titan',
      tierAccepted: 'noir',
    });
    const waiting = await seedApplication({ stage: 'tier_offer', tierAssigned: 'noir' });
    const res = await staff('admin-activation-list', { page_size: 100 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Record<string, unknown>[];
    expect(data.some((row) => row.basic_id === waiting)).toBe(false);
    expect(data.find((row) => row.basic_id === id)).toEqual({
      basic_id: id,
      full_name: 'Grace Hopper',
      email: expect.stringMatching(/@example\.com$/),
      created_at: expect.any(String),
      tier_assigned: 'titan',
      tier_accepted: 'noir',
      accepted_at: null,
      waiting_since: expect.any(String),
      due_at: expect.any(String),
      assignee: null,
    });
  });

  it('activates: the row, the stage, the welcome e-mail with the masked card, and the audit', async () => {
    const id = await seedApplication({
      stage: 'accepted',
      email: 'welcome@example.com',
      tierAssigned: 'titan',
      tierAccepted: 'noir',
    });
    const res = await staff('admin-activation', {
      basic_id: id,
      card_last4: '4321',
      card_shipment_tracking: 'RM123456789GB',
      mobile_access_enabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await applicationRow(id)).stage).toBe('activated');
    const [row] = await t.ctx.db
      .select()
      .from(activations)
      .where(eq(activations.applicationId, id));
    expect(row).toMatchObject({
      cardLast4: '4321',
      cardShipmentTracking: 'RM123456789GB',
      mobileAccessEnabled: true,
      activatedBy: staffId,
    });
    const [mail] = await mailsTo('welcome@example.com');
    expect(mail).toMatchObject({
      template: 'admin_activation.account_activated',
      subject: 'Welcome to Waj',
    });
    expect(mail!.text).toContain('Noir');
    expect(mail!.text).toContain('•••• 4321');
    expect(mail!.text).toContain('RM123456789GB');
    expect(mail!.text).toContain('5 to 7 business days');
    expect(mail!.text).toContain(`${PUBLIC_URL}/account`);
    const [audit] = (await auditsFor('application.activate')).filter((a) => a.applicationId === id);
    expect(audit).toMatchObject({
      actorType: 'staff',
      actorId: staffId,
      before: { stage: 'accepted' },
      after: { stage: 'activated', fields: ['card_last4', 'card_shipment_tracking'] },
    });
    expect(JSON.stringify(audit)).not.toContain('4321');
    // Activated applications leave the queue.
    const list = (await staff('admin-activation-list', { page_size: 100 })).json().data as {
      basic_id: string;
    }[];
    expect(list.some((r) => r.basic_id === id)).toBe(false);
  });

  it('refuses a card number that is not 4 digits, and any stage but accepted, changing nothing', async () => {
    const accepted = await seedApplication({ stage: 'accepted', tierAccepted: 'standard' });
    const offered = await seedApplication({ stage: 'tier_offer', tierAssigned: 'noir' });
    const before = await snapshot();
    for (const card_last4 of ['123', '12345', '12a4', 'abcd']) {
      const res = await staff('admin-activation', { basic_id: accepted, card_last4 });
      expect(res.statusCode, card_last4).toBe(400);
      expect(res.json()).toMatchObject({
        ok: false,
        error: 'Card last 4 digits must be exactly 4 characters',
        details: { card_last4: 'Card last 4 digits must be exactly 4 characters' },
      });
    }
    const wrongStage = await staff('admin-activation', { basic_id: offered });
    expect(wrongStage.statusCode).toBe(409);
    expect(wrongStage.json()).toMatchObject({ error: 'Only an accepted offer can be activated.' });
    expect(await snapshot()).toEqual(before);

    // Card and tracking are optional; mobile access defaults to on.
    const minimal = await staff('admin-activation', { basic_id: accepted });
    expect(minimal.statusCode).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(activations)
      .where(eq(activations.applicationId, accepted));
    expect(row).toMatchObject({
      cardLast4: null,
      cardShipmentTracking: null,
      mobileAccessEnabled: true,
    });
    const again = await staff('admin-activation', { basic_id: accepted });
    expect(again.statusCode).toBe(409);
  });
});

describe('admin-applicant-override-tier', () => {
  it('sets the assigned tier, only to Standard, Noir, Monarch or Titan, with before and after', async () => {
    const id = await seedApplication({ stage: 'kyc', tierAssigned: null });
    const before = await snapshot();
    for (const tier of ['elite', 'manual', '']) {
      const res = await staff('admin-applicant-override-tier', {
        basic_id: id,
        tier,
        reason: 'Agreed at the credit committee',
      });
      expect(res.statusCode, tier).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'Please select a valid tier' });
    }
    expect(await snapshot()).toEqual(before);

    const res = await staff('admin-applicant-override-tier', {
      basic_id: id,
      tier: 'monarch',
      reason: 'Agreed at the credit committee',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await applicationRow(id)).toMatchObject({ stage: 'kyc', tierAssigned: 'monarch' });
    const [audit] = (await auditsFor('application.override_tier')).filter(
      (a) => a.applicationId === id,
    );
    expect(audit).toMatchObject({
      actorType: 'staff',
      actorId: staffId,
      before: { tier_assigned: null },
      after: { tier_assigned: 'monarch' },
    });
  });

  it('changes an open offer with it, as a fresh assignment', async () => {
    const id = await seedApplication({ stage: 'tier_offer', tierAssigned: 'titan' });
    await t.ctx.db.insert(offers).values({
      applicationId: id,
      tier: 'noir',
      downgradedFrom: 'titan',
      issuedBy: staffId,
    });
    const res = await staff('admin-applicant-override-tier', {
      basic_id: id,
      tier: 'standard',
      reason: 'Agreed at the credit committee',
    });
    expect(res.statusCode).toBe(200);
    expect(await applicationRow(id)).toMatchObject({
      stage: 'tier_offer',
      tierAssigned: 'standard',
    });
    const [offer] = await t.ctx.db.select().from(offers).where(eq(offers.applicationId, id));
    expect(offer).toMatchObject({ tier: 'standard', downgradedFrom: null });
    const [audit] = (await auditsFor('application.override_tier')).filter(
      (a) => a.applicationId === id,
    );
    expect(audit!.before).toMatchObject({ tier_assigned: 'titan', offer_tier: 'noir' });
    expect(audit!.after).toMatchObject({ tier_assigned: 'standard', offer_tier: 'standard' });
  });

  it('refuses once the offer is signed, changing nothing', async () => {
    const accepted = await seedApplication({
      stage: 'accepted',
      tierAssigned: 'noir',
      tierAccepted: 'noir',
    });
    const before = await snapshot();
    const res = await staff('admin-applicant-override-tier', {
      basic_id: accepted,
      tier: 'titan',
      reason: 'Agreed at the credit committee',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'The tier cannot be changed after the offer has been accepted.',
    });
    const unknown = await staff('admin-applicant-override-tier', {
      basic_id: '00000000-0000-4000-8000-000000000000',
      tier: 'titan',
      reason: 'Agreed at the credit committee',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a declined application, as the case screen hides the action (canOverrideTier)', async () => {
    const declined = await seedApplication({ stage: 'kyc', tierAssigned: 'noir' });
    const decline = await declineWithApproval(t, declined, 'Could not verify the source of funds', {
      requester: token,
      approver: await t.staffToken('compliance'),
    });
    expect(decline.statusCode).toBe(200);
    const before = await snapshot();
    const res = await staff('admin-applicant-override-tier', {
      basic_id: declined,
      tier: 'titan',
      reason: 'Agreed at the credit committee',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'The tier cannot be changed on a declined application.',
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('admin-applicant-resend-link', () => {
  it('e-mails a fresh single-use link that opens a session for that application', async () => {
    const id = await seedApplication({ stage: 'detailed', email: 'resume@example.com' });
    const res = await staff('admin-applicant-resend-link', { basic_id: id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // Staff never see the link: it goes only to the applicant.
    expect(res.body).not.toContain('sid');

    const [mail] = await mailsTo('resume@example.com');
    expect(mail!.template).toBe('admin_applicant_resend_link.resume_link');
    const match = new RegExp(`${PUBLIC_URL}/apply/review\\?sid=(\\S+)`).exec(mail!.text);
    expect(match).not.toBeNull();
    const sid = decodeURIComponent(match![1]!);
    const open = () =>
      t.app.inject({ method: 'POST', url: '/api/apply-session', payload: { sid } });
    const session = await open();
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ ok: true, basic_id: id });
    const [row] = await t.ctx.db
      .select({ applicationId: applicantSessions.applicationId })
      .from(applicantSessions)
      .where(eq(applicantSessions.tokenHash, hashToken(session.json().token as string)));
    expect(row!.applicationId).toBe(id);
    // Single use.
    expect((await open()).statusCode).toBe(401);

    const [audit] = (await auditsFor('magic_link.resend')).filter((a) => a.applicationId === id);
    expect(audit).toMatchObject({ actorType: 'staff', actorId: staffId });
  });

  it('sends an address nobody has proved a confirmation, which proves it when used', async () => {
    const id = await seedApplication({
      stage: 'detailed',
      email: 'unproved@example.com',
      emailVerified: false,
    });
    expect((await staff('admin-applicant-resend-link', { basic_id: id })).statusCode).toBe(200);
    const [mail] = await mailsTo('unproved@example.com');
    expect(mail!.template).toBe('admin_applicant_resend_link.confirm_email');
    expect(mail!.subject).toBe('Confirm your e-mail address');
    const sid = decodeURIComponent(/\?sid=(\S+)/.exec(mail!.text)![1]!);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/apply-session',
      payload: { sid },
    });
    expect(session.json()).toMatchObject({ ok: true, basic_id: id });
    expect((await applicationRow(id)).emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('answers 400 when the application has no e-mail, 404 when unknown, sending nothing', async () => {
    const id = await seedApplication({ stage: 'code_verified', email: null, fullName: null });
    const before = await snapshot();
    const res = await staff('admin-applicant-resend-link', { basic_id: id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ok: false,
      error: 'This application has no e-mail address to send a link to.',
    });
    const unknown = await staff('admin-applicant-resend-link', {
      basic_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    const links = await t.ctx.db
      .select()
      .from(magicLinks)
      .where(eq(magicLinks.applicationId, id))
      .orderBy(desc(magicLinks.createdAt));
    expect(links).toHaveLength(0);
  });
});

describe('the staff calls around the applicant', () => {
  it('offer, resume link, signed acceptance, activation: each side sees the other', async () => {
    const id = await seedApplication({
      stage: 'kyc',
      email: 'journey@example.com',
      details: { annualIncome: 120_000, pepExposed: false },
    });
    const suggested = (await staff('admin-offer-list', { page_size: 100 }))
      .json()
      .data.find((row: { basic_id: string }) => row.basic_id === id).suggested_tier as Tier;
    expect(suggested).toBe('titan');
    expect((await staff('admin-offer-issue', { basic_id: id, tier: suggested })).statusCode).toBe(
      200,
    );

    // The applicant signs in on a new device with a link staff resent.
    await staff('admin-applicant-resend-link', { basic_id: id });
    const mails = await mailsTo('journey@example.com');
    const link = mails.find((m) => m.template === 'admin_applicant_resend_link.resume_link')!;
    const sid = decodeURIComponent(/\?sid=(\S+)/.exec(link.text)![1]!);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/apply-session',
      payload: { sid },
    });
    const applicant = { 'x-session-token': session.json().token as string };
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/apply-offer-action',
      headers: applicant,
      payload: { action: 'accept', esign_name: 'Ada Lovelace' },
    });
    expect(accepted.json()).toMatchObject({ ok: true, stage: 'accepted', tier: 'titan' });

    const queued = (await staff('admin-activation-list', { page_size: 100 }))
      .json()
      .data.find((row: { basic_id: string }) => row.basic_id === id);
    expect(queued).toMatchObject({ tier_accepted: 'titan' });
    // Signed just now (a mis-read time zone would be hours out).
    expect(Math.abs(Date.parse(queued.accepted_at) - Date.now())).toBeLessThan(60_000);

    const activated = await staff('admin-activation', { basic_id: id, card_last4: '9876' });
    expect(activated.statusCode).toBe(200);
    const own = await t.app.inject({ url: '/api/activation', headers: applicant });
    expect(own.json()).toMatchObject({
      ok: true,
      data: { tier: 'titan', card_last4: '9876', mobile_access_enabled: true },
    });
  });
});
