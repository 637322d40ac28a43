import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import {
  applicationDetails,
  applications,
  cardAssets,
  contactMessages,
  eoiRequests,
  caseEscalations,
  erasureRequests,
  identityChecks,
  inviteCodes,
  kycFiles,
  offers,
  screeningAlerts,
} from '#server/db/schema.ts';
import { callNameOf } from '#server/app.ts';
import type { Stage } from '#shared/stages.ts';
import type { TestApp } from './app.ts';
import { seedStaffMember } from './staff-seed.ts';

/**
 * Something for every staff call to act on, and a well-formed request for each, shared by the
 * guard test (401 for every dead token) and the role test (403 where the role table says): an
 * answer is then the guard's, never a validation error in disguise. Each call that ends or
 * consumes something (decline, erasure, approval) has its own applicant, so the calls can run
 * in any order.
 */
export async function seedStaffCallTargets(t: TestApp, label: string) {
  const db = t.ctx.db;
  const application = async (stage: Stage, name: string) => {
    const [row] = await db
      .insert(applications)
      .values({
        source: 'application',
        stage,
        fullName: `${label} ${name}`,
        email: `${label.toLowerCase()}.${name}@example.com`,
        emailVerifiedAt: stage === 'basic' ? null : new Date(),
        tierAccepted: stage === 'accepted' ? 'noir' : null,
      })
      .returning({ id: applications.id });
    return row!.id;
  };
  const basic = await application('basic', 'basic');
  const kyc = await application('kyc', 'kyc');
  const accepted = await application('accepted', 'accepted');
  const sanctioned = await application('kyc', 'sanctioned');
  const pep = await application('kyc', 'pep');
  const declinable = await application('detailed', 'declinable');
  const erasable = await application('detailed', 'erasable');
  const erasePending = await application('detailed', 'erase-pending');
  const veriffDeclined = await application('kyc_in_progress', 'veriff-declined');
  const escalatable = await application('detailed', 'escalatable');
  const escalated = await application('kyc', 'escalated');
  for (const id of [kyc, sanctioned]) {
    await db.insert(applicationDetails).values({
      applicationId: id,
      annualIncome: 80_000,
      employmentStatus: 'employed',
      pepExposed: false,
    });
  }
  await db.insert(identityChecks).values({
    applicationId: sanctioned,
    provider: 'veriff',
    providerSessionId: randomUUID(),
    status: 'approved',
    decision: 'approved',
    sanctions: true,
  });
  // A Veriff decline waiting for staff's decision (admin-identity-approve).
  await db.insert(identityChecks).values({
    applicationId: veriffDeclined,
    provider: 'veriff',
    providerSessionId: randomUUID(),
    status: 'declined',
    decision: 'declined',
  });
  // Four eyes: an offer to a PEP issued by compliance, awaiting an owner.
  const compliance = await t.staffMember('compliance');
  await db.insert(offers).values({
    applicationId: pep,
    tier: 'titan',
    issuedBy: compliance.id,
    approvalStatus: 'pending_approval',
  });
  // Members no caller is: one whose account staff management changes, one who asked for an
  // erasure (so any caller may approve it).
  const target = await seedStaffMember(db, t.ctx.secrets.mfaKey, { role: 'operations' });
  const requester = await seedStaffMember(db, t.ctx.secrets.mfaKey, { role: 'compliance' });
  await db.insert(erasureRequests).values({
    applicationId: erasePending,
    reason: 'The applicant asked us to erase their data',
    requestedBy: requester.id,
  });
  // A case with the MLRO (CONTRACT §9), escalated by a member no caller is.
  await db.insert(caseEscalations).values({
    applicationId: escalated,
    reason: 'Funds from an unexplained source',
    escalatedBy: requester.id,
  });
  // Screening alerts to confirm, to ask to clear, and one whose clearance awaits a second member.
  const alert = (entryId: string, asked: boolean) => ({
    applicationId: declinable,
    source: 'builtin' as const,
    list: 'un',
    entryId,
    kind: 'sanctions' as const,
    entry: {
      name: 'Listed Person',
      names: [],
      dates_of_birth: [],
      nationalities: [],
      programmes: [],
    },
    ...(asked
      ? {
          status: 'clear_requested' as const,
          clearRequestedAt: new Date(),
          clearRequestedBy: requester.id,
          clearReason: 'A different person',
        }
      : {}),
  });
  const alerts = await db
    .insert(screeningAlerts)
    .values([alert('1', false), alert('2', false), alert('3', true), alert('4', true)])
    .returning({ id: screeningAlerts.id });
  await db.insert(inviteCodes).values({ code: `${label.slice(0, 4).toUpperCase()}-0000-0001` });
  const [eoi] = await db
    .insert(eoiRequests)
    .values({ fullName: `${label} Eoi`, email: 'eoi@example.com' })
    .returning({ id: eoiRequests.id });
  const [contact] = await db
    .insert(contactMessages)
    .values({ name: `${label} Contact`, email: 'contact@example.com', message: 'Hello' })
    .returning({ id: contactMessages.id });

  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#c9a227' } })
    .png()
    .toBuffer();
  const assetKey = `card-assets/${randomUUID()}.png`;
  await t.ctx.storage.put(assetKey, png, { contentType: 'image/png' });
  const [asset] = await db
    .insert(cardAssets)
    .values({
      tier: 'noir',
      storageKey: assetKey,
      fileName: 'noir.png',
      fileSize: png.length,
      contentType: 'image/png',
    })
    .returning({ id: cardAssets.id });
  const fileKey = `kyc/${randomUUID()}.png`;
  await t.ctx.storage.put(fileKey, png, { contentType: 'image/png' });
  const [file] = await db
    .insert(kycFiles)
    .values({
      applicationId: kyc,
      type: 'document',
      storageKey: fileKey,
      contentType: 'image/png',
      fileSize: png.length,
      sha256: createHash('sha256').update(png).digest('hex'),
    })
    .returning({ id: kycFiles.id });
  return {
    label,
    basic,
    kyc,
    accepted,
    sanctioned,
    pep,
    declinable,
    erasable,
    erasePending,
    veriffDeclined,
    eoi: eoi!.id,
    contact: contact!.id,
    asset: asset!.id,
    file: file!.id,
    target: target.id,
    alertToConfirm: alerts[0]!.id,
    alertToClear: alerts[1]!.id,
    alertToApprove: alerts[2]!.id,
    /** A clearance for the approvals queue (admin-approval-decide). */
    alertInApprovals: alerts[3]!.id,
    escalatable,
    escalated,
    png,
  };
}

export type StaffCallTargets = Awaited<ReturnType<typeof seedStaffCallTargets>>;

/** A staff request: JSON or a multipart body (with its content type). */
export interface StaffRequest {
  url: string;
  payload?: Buffer | object;
  contentType?: string;
}

/** The header the product's client sends with every upload. */
export const UPLOAD_HEADERS = { 'x-requested-with': 'waj' };

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>, file: Buffer) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'card.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

/**
 * A well-formed request for the staff route `path`. A staff route without one throws, so a new
 * route fails both tests until it is added here.
 */
export async function staffCallRequest(s: StaffCallTargets, path: string): Promise<StaffRequest> {
  const label = s.label.toLowerCase();
  const bodies: Record<string, () => object> = {
    'admin-me': () => ({}),
    'admin-signout': () => ({}),
    'admin-session-list': () => ({}),
    'admin-session-revoke': () => ({ all: true }),
    'admin-activation': () => ({
      basic_id: s.accepted,
      card_last4: '4242',
      mobile_access_enabled: true,
    }),
    'admin-activation-list': () => ({}),
    'admin-applicant-invite': () => ({ basic_id: s.basic }),
    'admin-applicant-list': () => ({ page: 1, pageSize: 20, stage: 'kyc', query: label }),
    'admin-applicant-override-tier': () => ({
      basic_id: s.kyc,
      tier: 'titan',
      reason: 'Agreed at the credit committee',
    }),
    'admin-applicant-case': () => ({ basic_id: s.kyc }),
    'admin-case-assign': () => ({ basic_id: s.kyc, action: 'take', takeover: true }),
    'admin-applicant-resend-link': () => ({ basic_id: s.kyc }),
    'admin-applicant-decline': () => ({ basic_id: s.declinable, reason: 'Not a fit for us' }),
    'admin-identity-approve': () => ({
      basic_id: s.veriffDeclined,
      reason: 'Documents checked by hand',
    }),
    'admin-applicant-export': () => ({ basic_id: s.kyc }),
    'admin-applicant-erase': () => ({ basic_id: s.erasable, reason: 'Asked by letter' }),
    'admin-applicant-erase-approve': () => ({ basic_id: s.erasePending }),
    'admin-data-protection': () => ({}),
    'admin-asset-delete': () => ({ id: s.asset }),
    'admin-asset-list': () => ({}),
    'admin-audit-list': () => ({ basic_id: s.kyc, page: 1, pageSize: 50 }),
    'admin-audit-export': () => ({ action: 'staff.sign_in', from: '2020-01-01' }),
    'admin-bulk-update': () => ({ ids: [s.eoi], status: 'archived', table: 'eoi_requests' }),
    'admin-contact-list': () => ({ page: 1, pageSize: 10, status: 'new', query: label }),
    'admin-contact-update': () => ({ id: s.contact, status: 'reviewed' }),
    'admin-email-failed-list': () => ({ page: 1, pageSize: 20 }),
    'admin-email-retry': () => ({ all: true }),
    'admin-email-test': () => ({ kind: 'contact', name: 'Staff Test', email: 'qa@example.com' }),
    'admin-eoi-list': () => ({ page: 1, pageSize: 10, status: 'new', query: label }),
    'admin-eoi-update': () => ({ id: s.eoi, status: 'reviewed' }),
    'admin-export-csv': () => ({ table: 'eoi_requests', status: 'new', query: '' }),
    'admin-invite-generate': () => ({ count: 2, issued_to: 'guest@example.com' }),
    'admin-invite-list': () => ({}),
    'admin-invite-toggle': () => ({ enabled: false }),
    'admin-kyc-action': () => ({ file_id: s.file, action: 'approve', notes: 'Looks right' }),
    'admin-kyc-list': () => ({ status: 'pending' }),
    'admin-legal-update': () => ({ slug: 'privacy', title: 'Privacy', html: '<p>Changed</p>' }),
    'admin-maintenance-toggle': () => ({ enabled: false }),
    'admin-offer-list': () => ({}),
    'admin-offer-issue': () => ({ basic_id: s.kyc, tier: 'noir', pricing_note: 'Intro' }),
    'admin-offer-approve': () => ({ basic_id: s.pep }),
    'admin-sanctions-clear': () => ({
      basic_id: s.sanctioned,
      reason: 'A different person: date of birth and nationality differ',
    }),
    'admin-case-note-add': () => ({ basic_id: s.kyc, text: 'Called the applicant' }),
    'admin-case-escalate': () => ({ basic_id: s.escalatable, reason: 'Unusual payments' }),
    'admin-case-mlro-decide': () => ({
      basic_id: s.escalated,
      decision: 'reported',
      reference: 'SAR-2026-0001',
      reason: 'Reported to the NCA',
    }),
    'admin-escalation-list': () => ({ page: 1, page_size: 20 }),
    'admin-approval-list': () => ({ page: 1, page_size: 20 }),
    'admin-approval-decide': () => ({ id: s.alertInApprovals, decision: 'reject' }),
    'admin-case-assign-bulk': () => ({ basic_ids: [s.kyc, s.accepted], staff_id: null }),
    'admin-staff-directory': () => ({}),
    'admin-service-levels': () => ({}),
    'admin-report': () => ({ from: '2026-01-01', to: '2026-11-29' }),
    'admin-screening-lists': () => ({}),
    'admin-screening-search': () => ({ name: 'Test Person' }),
    'admin-screening-alert-list': () => ({ page: 1, page_size: 20 }),
    'admin-screening-alert-confirm': () => ({ alert_id: s.alertToConfirm, reason: 'Same person' }),
    'admin-screening-alert-clear': () => ({ alert_id: s.alertToClear, reason: 'Different person' }),
    'admin-screening-alert-clear-approve': () => ({ alert_id: s.alertToApprove }),
    'admin-staff-list': () => ({}),
    'admin-staff-invite': () => ({
      email: `invitee-${randomUUID()}@staff.test`,
      name: 'Ivo Invitee',
      role: 'operations',
    }),
    'admin-staff-update': () => ({ id: s.target, role: 'compliance' }),
    'admin-staff-reset-mfa': () => ({ id: s.target }),
    'one-time-legal-update': () => ({}),
  };
  if (path === '/api/admin-asset-upload') {
    const body = await multipart({ tier: 'titan' }, s.png);
    return { url: path, payload: body.payload, contentType: body.contentType };
  }
  if (path === '/api/admin-screening-list-upload') {
    // The same file each time: a re-upload of the same bytes answers 200 with the same version.
    const body = await multipart(
      {},
      readFileSync('tests/fixtures/screening/uk-sanctions-list.csv'),
    );
    return { url: path, payload: body.payload, contentType: body.contentType };
  }
  if (path === '/api/admin-kyc-file/:id') return { url: `/api/admin-kyc-file/${s.file}` };
  const body = bodies[callNameOf(path)];
  if (!body) throw new Error(`no well-formed request for ${path}: add one to staffCallRequest()`);
  return { url: path.replace(/:\w+/g, randomUUID()), payload: body() };
}
