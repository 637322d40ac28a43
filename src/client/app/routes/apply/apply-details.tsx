import { DetailsSteps } from '#client/features/apply/components/details-steps.tsx';
import { FollowStage } from '#client/features/apply/components/follow-stage.tsx';
import { GateStatus } from '#client/features/apply/components/gate-status.tsx';
import { JourneyPage } from '#client/features/apply/components/journey-page.tsx';
import { useApplicationGate } from '#client/features/apply/hooks/use-application-gate.ts';
import { detailsRedirect } from '#client/features/apply/utils/application.ts';

/**
 * /apply/details and /apply/kyc (one screen): the applicant's details, then identity
 * verification. Any stage with nothing to do here goes where the stage tables send it.
 */
export default function ApplyDetailsRoute() {
  const gate = useApplicationGate(detailsRedirect);
  return (
    <JourneyPage
      eyebrow="Your application"
      title="About you"
      lede="Two short steps: your details, then a quick identity check. Your progress is saved as you go."
      stage={gate.state === 'ready' ? gate.application.stage : undefined}
    >
      {gate.state === 'ready' ? (
        <>
          <FollowStage stage={gate.application.stage} />
          <DetailsSteps application={gate.application} />
        </>
      ) : (
        <GateStatus gate={gate} />
      )}
    </JourneyPage>
  );
}
