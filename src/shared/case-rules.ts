/**
 * What staff may do to a case, by its state: one rule each, used by the services to refuse
 * (409) and by the panel to show or hide the action, so the two never disagree. Who may do it
 * (the role) is the registry's business (calls.ts); these say when.
 */
import { DECLINABLE_STAGES, stagesBefore, type Stage } from './stages.ts';

/** Before the applicant signs, and never for an ended application. */
const OPEN_STAGES = stagesBefore('accepted');

/**
 * The tier can change until the applicant signs: the tier they signed for is the one they get,
 * and a declined application has no tier left to change.
 */
export function canOverrideTier(stage: Stage): boolean {
  return OPEN_STAGES.includes(stage);
}

/** Any stage before `activated` may be declined (the stage table, CONTRACT §3). */
export function canDecline(stage: Stage): boolean {
  return DECLINABLE_STAGES.includes(stage);
}

/** A fresh resume link helps only an applicant who still has steps to take. */
export function canResendLink(stage: Stage): boolean {
  return OPEN_STAGES.includes(stage);
}

/** An offer follows a completed identity check, and only one waits for approval at a time. */
export function canIssueOffer(stage: Stage, options: { offerAwaitingApproval: boolean }): boolean {
  return stage === 'kyc' && !options.offerAwaitingApproval;
}

/** An uploaded identity file is reviewed while it is pending, unless the case has ended. */
export function canReviewFile(stage: Stage, fileStatus: string): boolean {
  return fileStatus === 'pending' && stage !== 'declined';
}

/** Staff may approve an identity the provider declined while the case waits for that decision. */
export function canApproveIdentity(stage: Stage, providerDecision: string | null): boolean {
  return stage === 'kyc_in_progress' && providerDecision === 'declined';
}
