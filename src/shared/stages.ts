/**
 * The application's life (CONTRACT §3, SPEC §4). The server owns every transition; these tables
 * only describe the states and where each screen sends an applicant for a given stage.
 */
export const STAGES = [
  'basic',
  'invited',
  'code_verified',
  'detailed',
  'kyc_in_progress',
  'kyc',
  'tier_offer',
  'accepted',
  'activated',
  // Terminal: staff declined the application (CONTRACT §3, §6).
  'declined',
] as const;
export type Stage = (typeof STAGES)[number];

/** The stages before `stage` in the application's order. */
export function stagesBefore(stage: Stage): readonly Stage[] {
  return STAGES.slice(0, STAGES.indexOf(stage));
}

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}

/** The eight labelled steps of the progress indicator; `detailed` shows as `code_verified`. */
export const PROGRESS_STEPS = [
  { stage: 'basic', label: 'Initial application' },
  { stage: 'invited', label: 'Application reviewed' },
  { stage: 'code_verified', label: 'Invite code validated' },
  { stage: 'kyc_in_progress', label: 'Secure Verification' },
  { stage: 'kyc', label: 'Verification Complete' },
  { stage: 'tier_offer', label: 'Tier Offer' },
  { stage: 'accepted', label: 'Accepted, preparing activation' },
  { stage: 'activated', label: 'Account active' },
] as const satisfies readonly { stage: Stage; label: string }[];

/** Zero-based index of a stage in PROGRESS_STEPS ('Step N of 8' shows index + 1). */
export function progressIndex(stage: Stage): number {
  const shown = stage === 'detailed' ? 'code_verified' : stage;
  return PROGRESS_STEPS.findIndex((step) => step.stage === shown);
}

export function stageLabel(stage: Stage): string {
  return PROGRESS_STEPS[progressIndex(stage)]?.label ?? stage;
}

/**
 * The one table of allowed moves (CONTRACT §3): the server's moveStage refuses anything else
 * (409). Every stage before `activated` may also be declined; `activated` and `declined` end the
 * application.
 */
export const NEXT_STAGES: Record<Stage, readonly Stage[]> = {
  basic: ['invited', 'code_verified', 'declined'],
  invited: ['code_verified', 'declined'],
  code_verified: ['detailed', 'declined'],
  detailed: ['kyc_in_progress', 'declined'],
  kyc_in_progress: ['kyc', 'detailed', 'declined'],
  kyc: ['tier_offer', 'declined'],
  tier_offer: ['accepted', 'declined'],
  accepted: ['activated', 'declined'],
  activated: [],
  declined: [],
};

/** Stages from which staff may decline: every one the table lets reach `declined`. */
export const DECLINABLE_STAGES: readonly Stage[] = STAGES.filter((s) =>
  NEXT_STAGES[s].includes('declined'),
);

/** The application has ended without a membership. */
export function isDeclined(stage: Stage | null | undefined): boolean {
  return stage === 'declined';
}

export function canTransition(from: Stage, to: Stage): boolean {
  return NEXT_STAGES[from].includes(to);
}

export type ApplyRoute =
  '/apply' | '/apply/review' | '/apply/offer' | '/apply/activate' | '/account';

/**
 * Where the applicant goes after a code is verified (SPEC §4 'Post-verification redirect').
 * A missing stage counts as code_verified; an unknown one goes to review.
 */
export function routeAfterVerify(stage: string | null | undefined): ApplyRoute {
  const s = stage ?? 'code_verified';
  // A declined application's notice lives on the review screen.
  if (s === 'declined') return '/apply/review';
  if (s === 'tier_offer') return '/apply/offer';
  if (s === 'accepted' || s === 'activated') return '/apply/activate';
  return '/apply/review';
}

const BEFORE_REVIEW: readonly Stage[] = ['basic', 'invited'];
const IN_REVIEW: readonly Stage[] = ['code_verified', 'detailed', 'kyc_in_progress', 'kyc'];

/** /apply/offer: null means stay; otherwise the route to replace the current one with. */
export function offerRedirect(stage: Stage): ApplyRoute | null {
  if (stage === 'tier_offer') return null;
  if (stage === 'declined') return '/apply/review';
  if (BEFORE_REVIEW.includes(stage)) return '/apply';
  if (IN_REVIEW.includes(stage)) return '/apply/review';
  return '/apply/activate';
}

/** /apply/activate: stays for accepted and activated. */
export function activateRedirect(stage: Stage): ApplyRoute | null {
  if (stage === 'accepted' || stage === 'activated') return null;
  if (stage === 'declined') return '/apply/review';
  if (BEFORE_REVIEW.includes(stage)) return '/apply';
  if (IN_REVIEW.includes(stage)) return '/apply/review';
  return '/apply/offer';
}

/** /account: only activated members; everyone else goes to /apply. */
export function accountRedirect(stage: Stage): ApplyRoute | null {
  if (stage === 'declined') return '/apply/review';
  return stage === 'activated' ? null : '/apply';
}

/** /apply shows the 'already started' banner for any stage past basic/invited. */
export function hasStartedApplication(stage: Stage | null | undefined): boolean {
  return stage != null && !BEFORE_REVIEW.includes(stage);
}

/** Who checks identity: documents reviewed by staff, or Veriff (KYC_PROVIDER). */
export const KYC_PROVIDERS = ['builtin', 'veriff'] as const;
export type KycProviderName = (typeof KYC_PROVIDERS)[number];

/** Identity-check vocabularies (SPEC §4). */
export const IDENTITY_DECISIONS = ['approved', 'declined', 'resubmission_requested'] as const;
export type IdentityDecision = (typeof IDENTITY_DECISIONS)[number];
export const IDENTITY_STATUSES = [
  'created',
  'started',
  'submitted',
  'approved',
  'declined',
] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

/** Who an audit row says acted. */
export const ACTOR_TYPES = ['staff', 'applicant', 'system', 'provider'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** An outbox mail's life: pending until sent, failed once its retries are spent. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** EOI and contact message status: any to any, singly or in bulk. */
export const INBOX_STATUSES = ['new', 'reviewed', 'archived'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const KYC_FILE_TYPES = ['document', 'selfie'] as const;
export type KycFileType = (typeof KYC_FILE_TYPES)[number];
export const KYC_FILE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycFileStatus = (typeof KYC_FILE_STATUSES)[number];
