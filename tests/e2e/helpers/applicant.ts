import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import type { Stage } from '#shared/stages.ts';
import type { Tier } from '#shared/tiers.ts';
import { IDENTITY_DETAILS } from '#tests/helpers/identity.ts';
import { staffSignIn } from './server.ts';

/**
 * Applicants for the journey's e2e tests, brought to a stage through the server's own calls
 * (staff steps with a staff token), so a test starts where it needs to without the UI.
 */

export interface Applicant {
  baseURL: string;
  basicId: string;
  token: string;
  staff: string;
}

type Json = Record<string, unknown>;

async function call<T = Json>(
  baseURL: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; method?: string } = {},
): Promise<T> {
  const isForm = options.body instanceof FormData;
  const response = await fetch(`${baseURL}/api/${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      // Uploads carry the header the product's own client sends (request-origin.ts).
      ...(isForm ? { 'x-requested-with': 'waj' } : {}),
      ...options.headers,
    },
    body: isForm
      ? (options.body as FormData)
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

export const staffCall = <T = Json>(baseURL: string, staff: string, path: string, body: unknown) =>
  call<T>(baseURL, path, { body, headers: { 'x-admin-pass': staff } });

export const applicantCall = <T = Json>(applicant: Applicant, path: string, body?: unknown) =>
  call<T>(applicant.baseURL, path, {
    body,
    headers: { 'x-session-token': applicant.token },
  });

/** A fresh invitation code, optionally issued to an e-mail address. */
export async function newInviteCode(
  baseURL: string,
  staff: string,
  issuedTo?: string,
): Promise<string> {
  const { codes } = await staffCall<{ codes: string[] }>(baseURL, staff, 'admin-invite-generate', {
    count: 1,
    issued_to: issuedTo ?? null,
  });
  const code = codes[0];
  if (!code) throw new Error('admin-invite-generate gave no code');
  return code;
}

/** A real photo-sized image, different each time (staff review files one by one). */
export async function samplePhoto(format: 'png' | 'jpeg' = 'jpeg', seed = 0): Promise<Buffer> {
  const image = sharp({
    create: {
      width: 640,
      height: 400,
      channels: 3,
      background: { r: 120 + (seed % 100), g: 110, b: 95 },
    },
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}

/** A full, valid `apply-details`, the date of birth and address included (CONTRACT §8). */
export const DETAILS = {
  full_name: 'Amelia Hart',
  email: 'amelia.hart@example.com',
  annual_income: 120000,
  employment_status: 'employed',
  pep_exposed: false,
  card_tier_pref: 'titan',
  ...IDENTITY_DETAILS,
} as const;

/** Sends one identity photo through `apply-kyc-upload`, as the applicant's page would. */
export async function upload(applicant: Applicant, type: 'document' | 'selfie', seed: number) {
  const form = new FormData();
  form.append('type', type);
  form.append(
    'file',
    new Blob([new Uint8Array(await samplePhoto('jpeg', seed))], { type: 'image/jpeg' }),
    `${type}.jpg`,
  );
  return applicantCall<{ id: string }>(applicant, 'apply-kyc-upload', form);
}

/** The applicant's files waiting for staff (the queue's first 100: a test server's few). */
export async function pendingFiles(applicant: Applicant) {
  const { data } = await staffCall<{ data: { id: string; basic_id: string; type: string }[] }>(
    applicant.baseURL,
    applicant.staff,
    'admin-kyc-list',
    { status: 'pending', page_size: 100 },
  );
  return data.filter((file) => file.basic_id === applicant.basicId);
}

export async function reviewFile(
  applicant: Applicant,
  type: 'document' | 'selfie',
  action: 'approve' | 'reject',
  reason?: string,
) {
  const file = (await pendingFiles(applicant)).find((candidate) => candidate.type === type);
  if (!file) throw new Error(`no pending ${type} for ${applicant.basicId}`);
  await staffCall(applicant.baseURL, applicant.staff, 'admin-kyc-action', {
    file_id: file.id,
    action,
    notes: 'internal note',
    reason: reason ?? null,
  });
}

export interface SeedOptions {
  /** Offer this tier at tier_offer (default titan). */
  tier?: Tier;
  /** Activation details. */
  cardLast4?: string;
  tracking?: string | null;
  mobileAccess?: boolean;
  /** Give the application a name and e-mail at `code_verified` (as an invitation e-mail would). */
  issuedTo?: string;
}

const ORDER: readonly Stage[] = [
  'code_verified',
  'detailed',
  'kyc_in_progress',
  'kyc',
  'tier_offer',
  'accepted',
  'activated',
];

let seeds = 0;

/** Redeems a fresh code and walks the application forward to `stage` through the API. */
export async function seedApplicant(
  baseURL: string,
  stage: Stage,
  options: SeedOptions = {},
): Promise<Applicant> {
  const target = ORDER.indexOf(stage);
  if (target < 0) throw new Error(`seedApplicant cannot reach ${stage}`);
  const staff = await staffSignIn(baseURL);
  const code = await newInviteCode(baseURL, staff, options.issuedTo);
  const redeemed = await call<{ basic_id: string; token: string }>(baseURL, 'apply-verify-code', {
    body: { code },
  });
  const applicant: Applicant = {
    baseURL,
    basicId: redeemed.basic_id,
    token: redeemed.token,
    staff,
  };
  const reach = (next: Stage) => target >= ORDER.indexOf(next);
  seeds += 1;

  if (reach('detailed')) {
    await applicantCall(applicant, 'apply-details', {
      ...DETAILS,
      email: `applicant-${Date.now()}-${seeds}@example.com`,
    });
  }
  if (reach('kyc_in_progress')) {
    await upload(applicant, 'document', seeds * 2);
    await upload(applicant, 'selfie', seeds * 2 + 1);
    await applicantCall(applicant, 'apply-kyc-start', {});
  }
  if (reach('kyc')) {
    await reviewFile(applicant, 'document', 'approve');
    await reviewFile(applicant, 'selfie', 'approve');
  }
  if (reach('tier_offer')) {
    await staffCall(baseURL, staff, 'admin-offer-issue', {
      basic_id: applicant.basicId,
      tier: options.tier ?? 'titan',
      pricing_note: null,
    });
  }
  if (reach('accepted')) {
    await applicantCall(applicant, 'apply-offer-action', {
      action: 'accept',
      chosen_tier: options.tier ?? 'titan',
      esign_name: DETAILS.full_name,
    });
  }
  if (reach('activated')) {
    await staffCall(baseURL, staff, 'admin-activation', {
      basic_id: applicant.basicId,
      card_last4: options.cardLast4 ?? '1234',
      card_shipment_tracking: options.tracking === undefined ? 'RN123456789GB' : options.tracking,
      mobile_access_enabled: options.mobileAccess ?? true,
    });
  }
  return applicant;
}

/** Puts the applicant's session into a browser context, as the server's cookies would be. */
export async function signInBrowser(context: BrowserContext, applicant: Applicant): Promise<void> {
  const url = applicant.baseURL;
  await context.addCookies([
    { name: 'waj_session', value: applicant.token, url, httpOnly: true, sameSite: 'Lax' },
    { name: 'apply_session', value: applicant.basicId, url, sameSite: 'Lax' },
  ]);
}

/**
 * An applicant at stage kyc (both files approved) who declared being a politically exposed
 * person: a person must choose the tier, and the offer needs a second owner (four eyes).
 */
export async function seedPepAtKyc(baseURL: string): Promise<Applicant> {
  const applicant = await seedApplicant(baseURL, 'code_verified');
  await applicantCall(applicant, 'apply-details', {
    ...DETAILS,
    full_name: 'Priya Patel',
    email: 'priya.patel@example.com',
    annual_income: 600000,
    pep_exposed: true,
    employment_status: 'business_owner',
    card_tier_pref: 'monarch',
  });
  await upload(applicant, 'document', 911);
  await upload(applicant, 'selfie', 912);
  await applicantCall(applicant, 'apply-kyc-start', {});
  await reviewFile(applicant, 'document', 'approve');
  await reviewFile(applicant, 'selfie', 'approve');
  return applicant;
}
