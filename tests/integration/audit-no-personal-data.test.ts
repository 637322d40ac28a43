import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activations,
  applicationDetails,
  applications,
  auditLog,
  kycFiles,
  offers,
} from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedStaffMember, seedStaffToken } from '../helpers/staff-seed.ts';

/**
 * CONTRACT §6: audit rows never hold personal data (ids, field names, stages, tiers and staff
 * identities only), so an erasure can keep the log. Two applicants are walked through the HTTP
 * API with values no id or hash could contain by chance (their own dates of birth and
 * addresses, not the shared fixture's, for that reason): one to activation, one declined and
 * erased. Then not one audit row, any column, holds anything they or staff typed about them.
 */

const APPLICANT_IP = '203.0.113.201';
const OTHER_APPLICANT_IP = '203.0.113.202';
/** Staff IPs are a security record of staff, and stay. */
const STAFF_IP = '198.51.100.10';

const ADA = {
  name: 'Perpetua Quillfeather',
  email: 'perpetua.quillfeather@example.com',
  phone: '+44 20 7946 0815',
  reason: 'Perpetua flies to Lisbon monthly',
  income: 987654,
  signature: 'PERPETUA  Quillfeather',
  userAgent: 'QuillfeatherBrowser/9',
  notes: 'Quillfeather passport matches',
  pricingNote: 'Quillfeather family rate',
  card: '7319',
  tracking: 'RN73190815GB',
  // Typed as a person might; stored as Royal Mail writes it ('NR21 0QF').
  dateOfBirth: '1961-07-23',
  address: {
    line1: 'Flat 3, Quillfeather House',
    line2: '17 Inkwell Lane',
    town: 'Little Snoring',
    postcode: 'nr210qf',
  },
};
const ZARA = {
  name: 'Zenobia Marchbanks',
  email: 'zenobia.marchbanks@example.com',
  phone: '+44 20 7946 0423',
  reason: 'Zenobia wants airport lounges',
  income: 876543,
  notes: 'Marchbanks selfie shows someone else',
  rejection: 'Marchbanks, please retake the selfie in daylight',
  decline: 'Marchbanks declined: source of funds unclear',
  erase: 'Marchbanks asked by phone to be forgotten',
  dateOfBirth: '1974-11-05',
  address: { line1: '8 Marchbanks Mews', town: 'Chipping Sodbury', postcode: 'BS37 6AA' },
};

/** Everything personal the journeys typed; none of it may reach an audit row. */
const PERSONAL = [
  ...[ADA, ZARA].flatMap((who) => [
    who.name,
    who.name.split(' ')[1]!,
    who.email,
    who.phone,
    who.phone.replaceAll(' ', ''),
    who.reason,
    String(who.income),
    who.income.toLocaleString('en-GB'),
    who.notes,
    who.dateOfBirth,
    who.address.line1,
    who.address.town,
    who.address.postcode,
  ]),
  ADA.address.line2,
  'NR21 0QF',
  ADA.signature,
  ADA.userAgent,
  ADA.pricingNote,
  ADA.tracking,
  ZARA.rejection,
  ZARA.decline,
  ZARA.erase,
  APPLICANT_IP,
  OTHER_APPLICANT_IP,
];

let t: TestApp;
let owner: string;
let compliance: string;
let secondOwner: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0', PUBLIC_URL: 'https://waj.example' });
  owner = await t.staffToken('owner');
  compliance = await t.staffToken('compliance');
  const other = await seedStaffMember(t.ctx.db, t.ctx.secrets.mfaKey, {
    role: 'owner',
    name: 'Octavia Second-Owner',
  });
  secondOwner = await seedStaffToken(t.ctx.db, other.id);
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;

async function post(
  url: string,
  payload: object,
  from: { ip: string; headers?: Record<string, string> },
): Promise<Json> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: from.headers ?? {},
    remoteAddress: from.ip,
  });
  if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body}`);
  // The CSV export answers a file, not JSON.
  return String(res.headers['content-type']).startsWith('application/json') ? res.json<Json>() : {};
}
const asStaff = (token: string) => ({ ip: STAFF_IP, headers: { 'x-admin-pass': token } });
const asApplicant = (ip: string, token?: string, extra: Record<string, string> = {}) => ({
  ip,
  headers: { ...(token ? { 'x-session-token': token } : {}), ...extra },
});

async function upload(ip: string, token: string, type: 'document' | 'selfie', red: number) {
  const data = await sharp({
    create: { width: 64, height: 40, channels: 3, background: { r: red, g: 90, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  // A file name with the applicant's name in it: names of uploads are theirs too.
  form.append(
    'file',
    new Blob([new Uint8Array(data)], { type: 'image/jpeg' }),
    `${type}-quillfeather-marchbanks.jpg`,
  );
  form.set('type', type);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/apply-kyc-upload',
    remoteAddress: ip,
    headers: {
      'content-type': request.headers.get('content-type')!,
      'x-requested-with': 'waj',
      'x-session-token': token,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  if (res.statusCode !== 200) throw new Error(`upload: HTTP ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** apply-basic → staff invite → code → details: an applicant at `detailed` with a session. */
async function applicantAtDetailed(who: typeof ADA | typeof ZARA, ip: string) {
  const { basic_id: id } = (await post(
    '/api/apply-basic',
    { full_name: who.name, email: who.email, phone: who.phone, reason: who.reason, website: '' },
    asApplicant(ip),
  )) as { basic_id: string };
  const { code } = (await post(
    '/api/admin-applicant-invite',
    { basic_id: id },
    asStaff(owner),
  )) as {
    code: string;
  };
  const { token } = (await post('/api/apply-verify-code', { code }, asApplicant(ip))) as {
    token: string;
  };
  await post(
    '/api/apply-details',
    {
      annual_income: who.income,
      employment_status: 'self_employed',
      pep_exposed: false,
      card_tier_pref: 'titan',
      date_of_birth: who.dateOfBirth,
      address: who.address,
    },
    asApplicant(ip, token),
  );
  return { id, token };
}

const auditRows = () => t.ctx.db.select().from(auditLog).orderBy(auditLog.id);

/** The personal values found in `text`, case-insensitively. */
function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  return PERSONAL.filter((value) => lower.includes(value.toLowerCase()));
}

describe('audit rows hold no personal data (CONTRACT §6)', () => {
  let ada: { id: string; token: string };
  let zara: { id: string; token: string };

  beforeAll(async () => {
    // An applicant all the way to an active member, with every staff step on the way.
    ada = await applicantAtDetailed(ADA, APPLICANT_IP);
    await post('/api/apply-magic-link', { email: ADA.email }, asApplicant(APPLICANT_IP));
    // The same address on the public form again: the owner is mailed a link instead.
    await post(
      '/api/apply-basic',
      { full_name: ADA.name, email: ADA.email, phone: ADA.phone, reason: ADA.reason, website: '' },
      asApplicant(APPLICANT_IP),
    );
    const files = [
      await upload(APPLICANT_IP, ada.token, 'document', 110),
      await upload(APPLICANT_IP, ada.token, 'selfie', 160),
    ];
    await post('/api/apply-kyc-start', {}, asApplicant(APPLICANT_IP, ada.token));
    for (const file_id of files) {
      await post(
        '/api/admin-kyc-action',
        { file_id, action: 'approve', notes: ADA.notes, reason: null },
        asStaff(compliance),
      );
    }
    await post('/api/admin-applicant-resend-link', { basic_id: ada.id }, asStaff(owner));
    await post(
      '/api/admin-offer-issue',
      { basic_id: ada.id, tier: 'titan', pricing_note: ADA.pricingNote },
      asStaff(compliance),
    );
    await post(
      '/api/apply-offer-action',
      { action: 'accept', chosen_tier: 'titan', esign_name: ADA.signature },
      asApplicant(APPLICANT_IP, ada.token, { 'user-agent': ADA.userAgent }),
    );
    await post(
      '/api/admin-activation',
      {
        basic_id: ada.id,
        card_last4: ADA.card,
        card_shipment_tracking: ADA.tracking,
        mobile_access_enabled: true,
      },
      asStaff(owner),
    );
    // Staff tools that take an address or a search that can be a name.
    await post(
      '/api/admin-invite-generate',
      { count: 1, issued_to: ADA.email.replace('perpetua', 'friend.of.perpetua') },
      asStaff(owner),
    );
    await post(
      '/api/admin-export-csv',
      { table: 'eoi_requests', status: 'all', query: ADA.name },
      asStaff(owner),
    );
    await post(
      '/api/admin-email-test',
      { kind: 'eoi', name: ADA.name, email: ADA.email },
      asStaff(owner),
    );
    await post('/api/apply-signout', {}, asApplicant(APPLICANT_IP, ada.token));

    // An applicant rejected at identity, declined, then erased on request with a second
    // member's approval.
    zara = await applicantAtDetailed(ZARA, OTHER_APPLICANT_IP);
    const selfie = await upload(OTHER_APPLICANT_IP, zara.token, 'selfie', 200);
    await post(
      '/api/admin-kyc-action',
      { file_id: selfie, action: 'reject', notes: ZARA.notes, reason: ZARA.rejection },
      asStaff(compliance),
    );
    const decline = await post(
      '/api/admin-applicant-decline',
      { basic_id: zara.id, reason: ZARA.decline },
      asStaff(compliance),
    );
    await post(
      '/api/admin-approval-decide',
      { id: decline['request_id'], decision: 'approve' },
      asStaff(secondOwner),
    );
    await post(
      '/api/admin-applicant-erase',
      { basic_id: zara.id, reason: ZARA.erase },
      asStaff(compliance),
    );
    await post('/api/admin-applicant-erase-approve', { basic_id: zara.id }, asStaff(secondOwner));
  });

  it('the journeys happened: the values were typed and are held where they belong', async () => {
    const [details] = await t.ctx.db
      .select()
      .from(applicationDetails)
      .where(eq(applicationDetails.applicationId, ada.id));
    expect(details?.annualIncome).toBe(ADA.income);
    const [offer] = await t.ctx.db.select().from(offers).where(eq(offers.applicationId, ada.id));
    expect(offer).toMatchObject({
      esignName: ADA.signature,
      esignIp: APPLICANT_IP,
      esignUserAgent: ADA.userAgent,
      pricingNote: ADA.pricingNote,
    });
    const [card] = await t.ctx.db
      .select()
      .from(activations)
      .where(eq(activations.applicationId, ada.id));
    expect(card).toMatchObject({ cardLast4: ADA.card, cardShipmentTracking: ADA.tracking });
    const notes = await t.ctx.db
      .select({ notes: kycFiles.staffNotes })
      .from(kycFiles)
      .where(eq(kycFiles.applicationId, ada.id));
    expect(notes.map((row) => row.notes)).toEqual([ADA.notes, ADA.notes]);
    const [stages] = await t.ctx.db
      .select({ stage: applications.stage })
      .from(applications)
      .where(eq(applications.id, ada.id));
    expect(stages?.stage).toBe('activated');

    // The log recorded each step of both journeys.
    const actions = new Set((await auditRows()).map((row) => row.action));
    for (const action of [
      'application.create',
      'application.invite',
      'application.verify_code',
      'application.details',
      'application.duplicate',
      'magic_link.issue',
      'magic_link.resend',
      'kyc_file.upload',
      'kyc_file.approve',
      'kyc_file.reject',
      'offer.issue',
      'offer.accept',
      'application.activate',
      'invite_code.generate',
      'eoi_request.export',
      'email.test',
      'applicant.sign_out',
      'application.decline',
      'application.erase_request',
      'application.erase',
    ]) {
      expect(actions, action).toContain(action);
    }
  });

  it('no audit row, in any column, holds a name, e-mail, phone, income, typed text or IP', async () => {
    const rows = await auditRows();
    expect(rows.length).toBeGreaterThan(30);
    const found = rows
      .map((row) => ({ action: row.action, leaks: leaks(JSON.stringify(row)) }))
      .filter((row) => row.leaks.length > 0);
    expect(found).toEqual([]);
    // The card digits are short enough to occur in an id, so the activation row is read itself.
    const activation = rows.find((row) => row.action === 'application.activate');
    expect(JSON.stringify(activation?.after)).not.toContain(ADA.card);
  });

  it('says which fields were recorded, so the timeline still reads', async () => {
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.applicationId, [ada.id, zara.id]));
    const after = (action: string, id = ada.id) =>
      rows.find((row) => row.action === action && row.applicationId === id)?.after;
    expect(after('application.details')).toMatchObject({
      stage: 'detailed',
      fields: [
        'annual_income',
        'employment_status',
        'pep_exposed',
        'card_tier_pref',
        'date_of_birth',
        'address',
      ],
      card_tier_pref: 'titan',
    });
    expect(after('kyc_file.approve')).toMatchObject({ status: 'approved', fields: ['notes'] });
    expect(after('kyc_file.reject', zara.id)).toMatchObject({
      status: 'rejected',
      fields: ['notes', 'rejection_reason'],
    });
    expect(after('offer.issue')).toMatchObject({ tier: 'titan', fields: ['pricing_note'] });
    expect(after('offer.accept')).toMatchObject({ tier: 'titan', fields: ['esign_name'] });
    expect(after('application.activate')).toMatchObject({
      fields: ['card_last4', 'card_shipment_tracking'],
      mobile_access_enabled: true,
    });
    expect(after('magic_link.resend')).toMatchObject({ email_verified: true });
  });

  it('keeps the IP of staff rows only', async () => {
    const rows = await auditRows();
    const applicantRows = rows.filter((row) => row.actorType !== 'staff');
    expect(applicantRows.some((row) => row.actorType === 'applicant')).toBe(true);
    expect(applicantRows.filter((row) => row.ip !== null)).toEqual([]);
    const staffRows = rows.filter((row) => row.actorType === 'staff');
    expect(staffRows.length).toBeGreaterThan(5);
    expect(new Set(staffRows.map((row) => row.ip))).toEqual(new Set([STAFF_IP]));
  });

  it("the applicant's timeline, as staff read it, holds none of it either", async () => {
    for (const id of [ada.id, zara.id]) {
      const list = await post(
        '/api/admin-audit-list',
        { basic_id: id, page: 1, pageSize: 100 },
        asStaff(owner),
      );
      const data = list.data as unknown[];
      expect(data.length).toBeGreaterThan(3);
      expect(leaks(JSON.stringify(data))).toEqual([]);
    }
  });
});
