import type {
  IdentityDecision,
  IdentityStatus,
  KycFileStatus,
  KycFileType,
  Stage,
} from '../stages.ts';
import { KYC_FILE_TYPES } from '../stages.ts';
import type { Tier } from '../tiers.ts';
import { TIERS } from '../tiers.ts';
import {
  ADDRESS_LINE_MAX,
  ADDRESS_MESSAGES,
  DOB_MESSAGES,
  dateOfBirthProblem,
  normalisePostcode,
} from '../identity.ts';
import { emailField, fullNameField, text, wholeNumber } from './fields.ts';
import { z } from './zod.ts';

/**
 * The applicant journey's calls (SPEC §7, CONTRACT §2 and §4): request schemas shared by the
 * screens and the server, and the answers the screens read.
 */

/** `validate-invite`: 200 `{ok, valid: true}`; an unknown, used or expired code is a 404. */
export type ValidateInviteResponse = { ok: true; valid: true };
export { INVALID_INVITE_MESSAGE } from '../journey-messages.ts';

/** `apply-verify-code`: redeems the code; the token is also set as the HttpOnly cookie. */
export type VerifyCodeResponse = { ok: true; basic_id: string; token: string; stage: Stage };

/**
 * `apply-basic`. `basic_id` is a receipt only: it opens nothing, and an address that already has
 * an application gets a fresh id that belongs to no application (docs/decisions/026).
 */
export type ApplyBasicResponse = { ok: true; basic_id?: string };

/** `apply-session` (magic link): `{sid}` → a new session. */
export const ZApplySessionRequest = z.object({
  sid: text('Invalid link').trim().min(1, 'Invalid link').max(512, 'Invalid link'),
});
export type ApplySessionResponse = { ok: true; basic_id: string; token: string };
export const LINK_EXPIRED_MESSAGE = 'This magic link has expired. Please request a new one.';
export const LINK_INVALID_MESSAGE = 'This link is not valid. Please request a new one.';

/**
 * A link or a personal code proved an address that another application has already proved:
 * one person's address leads to one application (docs/decisions/026).
 */
export const EMAIL_TAKEN_MESSAGE =
  'This email address is already confirmed on another application. Please request a new link to continue that application.';

/** `apply-signout`: the session is revoked on the server and its cookies cleared. */
export type ApplySignoutResponse = { ok: true };

/** `apply-magic-link`: the same answer whether or not the e-mail is known. */
export type MagicLinkResponse = { ok: true; message: string };
export const MAGIC_LINK_SENT_MESSAGE =
  'If an application exists for this email, we have sent a link to continue it.';

/** `apply-status` (GET). */
export type ApplyStatusResponse = { ok: true; stage: Stage };

export type KycFileSummary = {
  id: string;
  type: KycFileType;
  status: KycFileStatus;
  uploaded_at: string;
  /** Shown to the applicant when staff rejected the file; never staff's internal notes. */
  rejection_reason: string | null;
};

export type OfferSummary = {
  tier: Tier;
  downgraded_from: Tier | null;
  pricing_note: string | null;
  issued_at: string;
};

/** `apply-get-stage`: everything the journey's screens need about the applicant's own application. */
export type ApplyGetStageResponse = {
  ok: true;
  basic_id: string;
  stage: Stage;
  tier_assigned: Tier | null;
  tier_accepted: Tier | null;
  full_name: string | null;
  email: string | null;
  has_details: boolean;
  /** The details step's date of birth and address: the offer says where the card will go. */
  date_of_birth: string | null;
  address: Address | null;
  /** Whether a postcode look-up is offered (ADDRESS_LOOKUP); typing always works. */
  address_lookup: boolean;
  kyc_provider: 'builtin' | 'veriff';
  kyc_files: KycFileSummary[];
  identity_check: { status: IdentityStatus; decision: IdentityDecision | null } | null;
  offer: OfferSummary | null;
};

export const EMPLOYMENT_STATUSES = [
  'employed',
  'self_employed',
  'business_owner',
  'retired',
  'student',
  'not_employed',
] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export const EMPLOYMENT_LABELS: Record<EmploymentStatus, string> = {
  employed: 'Employed',
  self_employed: 'Self-employed',
  business_owner: 'Business owner',
  retired: 'Retired',
  student: 'Student',
  not_employed: 'Not currently employed',
};

/** Tiers an applicant may prefer: Elite has no public form (SPEC §1). */
export const PREFERRED_TIERS = TIERS.filter((tier) => tier !== 'elite');

export const INCOME_MAX = 1_000_000_000;

/** `apply-details`' date of birth: 'YYYY-MM-DD', 18 or over in the UK today (CONTRACT §8). */
export const dateOfBirthField = text(DOB_MESSAGES.missing).superRefine((value, ctx) => {
  const problem = dateOfBirthProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const addressLine = (message: string) =>
  text(message).trim().min(1, message).max(ADDRESS_LINE_MAX, ADDRESS_MESSAGES.tooLong);

/** The UK residential address; the postcode arrives in any spacing and case, leaves normalised. */
export const addressField = z.object(
  {
    line1: addressLine(ADDRESS_MESSAGES.line1),
    line2: text(ADDRESS_MESSAGES.line2)
      .trim()
      .max(ADDRESS_LINE_MAX, ADDRESS_MESSAGES.tooLong)
      .optional()
      .nullable()
      .transform((value) => (value ? value : null)),
    town: addressLine(ADDRESS_MESSAGES.town),
    postcode: text(ADDRESS_MESSAGES.postcode)
      .max(16, ADDRESS_MESSAGES.postcode)
      .transform((value, ctx) => {
        const normalised = normalisePostcode(value);
        if (normalised) return normalised;
        ctx.addIssue({ code: 'custom', message: ADDRESS_MESSAGES.postcode });
        return z.NEVER;
      }),
  },
  ADDRESS_MESSAGES.line1,
);
export type AddressInput = z.input<typeof addressField>;
export type Address = z.output<typeof addressField>;

/** `apply-address-lookup` (only with ADDRESS_LOOKUP): the addresses at a postcode. */
export const ZAddressLookupRequest = z.object({ postcode: addressField.shape.postcode });
export type AddressLookupResponse = { ok: true; addresses: Address[] };
export const ADDRESS_LOOKUP_EMPTY_MESSAGE =
  'We could not find addresses for this postcode. Please type your address.';

/** `apply-details` (CONTRACT §4). full_name and email are required when the application has none. */
export const ZApplyDetailsRequest = z.object({
  full_name: fullNameField.optional(),
  email: emailField.optional(),
  annual_income: wholeNumber('Please enter your annual income in whole pounds')
    .min(0, 'Annual income cannot be negative')
    .max(INCOME_MAX, 'Please check your annual income'),
  employment_status: z.enum(EMPLOYMENT_STATUSES, 'Please choose your employment status'),
  pep_exposed: z.boolean('Please tell us whether you are a politically exposed person'),
  card_tier_pref: z.enum(PREFERRED_TIERS, 'Please choose a preferred tier'),
  date_of_birth: dateOfBirthField,
  address: addressField,
});
export type TApplyDetailsRequest = z.input<typeof ZApplyDetailsRequest>;
export type ApplyDetailsResponse = { ok: true; stage: Stage };

/** `apply-kyc-upload` (multipart: type, file). */
export const KYC_MAX_BYTES = 10 * 1024 * 1024;
export const KYC_ACCEPTED_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'application/pdf',
] as const;
export type KycUploadResponse = { ok: true; id: string };
/** The upload's form fields besides the file itself. */
export const ZKycUploadFields = z.object({
  type: z.enum(KYC_FILE_TYPES, 'Please choose a document or a selfie'),
});
export const KYC_UNSUPPORTED_TYPE_MESSAGE =
  'Unsupported file type. Please upload a JPEG, PNG, WebP, HEIC or PDF file.';
/** A selfie must be a photo of the applicant; only the ID document may be a PDF. */
export const KYC_SELFIE_TYPE_MESSAGE =
  'A selfie must be a photo. Please upload a JPEG, PNG, WebP or HEIC image.';
export const KYC_TOO_LARGE_MESSAGE = 'File is too large. The maximum size is 10 MB.';
export const KYC_UNREADABLE_MESSAGE =
  'We could not read this file. Please upload a clear photo or scan as a JPEG, PNG, WebP, HEIC or PDF file.';
export const KYC_MISSING_FILE_MESSAGE = 'Please choose a file to upload.';
/** `apply-kyc-start` (builtin) without a current document and selfie. */
export const KYC_FILES_REQUIRED_MESSAGE = 'Please upload your ID document and a selfie.';
/** What a rejected applicant is told when staff give no reason. */
export const KYC_DEFAULT_REJECTION_REASON = 'Please upload a clearer image.';

/** `apply-kyc-start`: `url` is the provider's page when there is one (Veriff). */
export type KycStartResponse = { ok: true; stage: Stage; url?: string };

/** `apply-offer-action` answer. */
export type OfferActionResponse = { ok: true; stage: Stage; tier: Tier };

/** `GET /api/activation`: the applicant's own activation row. */
export type ActivationResponse = {
  ok: true;
  data: {
    tier: Tier | null;
    card_last4: string | null;
    mobile_access_enabled: boolean;
    activated_at: string;
    card_shipment_tracking: string | null;
  };
};
