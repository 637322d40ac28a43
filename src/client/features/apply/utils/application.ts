import type { ApplyGetStageResponse, KycFileSummary } from '#shared/schemas/journey.ts';
import { routeAfterVerify, type ApplyRoute, type KycFileType } from '#shared/stages.ts';

/** The newest file of each type: older uploads are history once replaced. */
export function latestFiles(
  files: readonly KycFileSummary[],
): Partial<Record<KycFileType, KycFileSummary>> {
  const latest: Partial<Record<KycFileType, KycFileSummary>> = {};
  for (const file of files) {
    const current = latest[file.type];
    if (!current || Date.parse(file.uploaded_at) >= Date.parse(current.uploaded_at)) {
      latest[file.type] = file;
    }
  }
  return latest;
}

function hasRejectedFile(application: ApplyGetStageResponse): boolean {
  const latest = latestFiles(application.kyc_files);
  return latest.document?.status === 'rejected' || latest.selfie?.status === 'rejected';
}

/**
 * Identity verification went back to the applicant: staff rejected a file, or Veriff asked for
 * another attempt. The server then moves the application back to `detailed`; a rejected file
 * while still `kyc_in_progress` counts too.
 */
export function needsResubmission(application: ApplyGetStageResponse): boolean {
  const { stage } = application;
  if (stage !== 'detailed' && stage !== 'kyc_in_progress') return false;
  if (hasRejectedFile(application)) return true;
  return (
    stage === 'detailed' &&
    application.kyc_provider === 'veriff' &&
    application.identity_check?.decision === 'resubmission_requested'
  );
}

/** Whether the details screen (/apply/details, /apply/kyc) has something to do at this stage. */
export function wantsDetails(application: ApplyGetStageResponse): boolean {
  return (
    application.stage === 'code_verified' ||
    application.stage === 'detailed' ||
    (application.stage === 'kyc_in_progress' && hasRejectedFile(application))
  );
}

export type DetailsRoute = ApplyRoute | '/apply/details';

/**
 * /apply/details: stays while there is something to fill in or upload; otherwise the same
 * places as the redirect tables (SPEC §2): before an invitation /apply, under review
 * /apply/review, then the offer and activation screens.
 */
export function detailsRedirect(application: ApplyGetStageResponse): ApplyRoute | null {
  if (wantsDetails(application)) return null;
  const { stage } = application;
  if (stage === 'basic' || stage === 'invited') return '/apply';
  return routeAfterVerify(stage);
}
