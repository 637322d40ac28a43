import { DetailsSteps } from '#client/features/apply/components/details-steps.tsx';
import { GatedJourneyPage } from '#client/features/apply/components/gated-journey-page.tsx';
import { detailsRedirect } from '#client/features/apply/utils/application.ts';

/**
 * /apply/details and /apply/kyc (one screen): the applicant's details, then identity
 * verification. Any stage with nothing to do here goes where the stage tables send it.
 */
export default function ApplyDetailsRoute() {
  return (
    <GatedJourneyPage
      redirectFor={detailsRedirect}
      eyebrow="Your application"
      title="About you"
      lede="Two short steps: your details, then a quick identity check. Your progress is saved as you go."
      followStage
    >
      {(application) => <DetailsSteps application={application} />}
    </GatedJourneyPage>
  );
}
