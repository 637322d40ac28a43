import { activateRedirect } from '#shared/stages.ts';
import {
  ActivationPending,
  ActivationWelcome,
} from '#client/features/apply/components/activation-status.tsx';
import { GateStatus } from '#client/features/apply/components/gate-status.tsx';
import { JourneyPage } from '#client/features/apply/components/journey-page.tsx';
import { useApplicationGate } from '#client/features/apply/hooks/use-application-gate.ts';

/** SPEC §2 /apply/activate: 'Activation Pending' once accepted, a welcome once activated. */
export default function ApplyActivateRoute() {
  const gate = useApplicationGate((application) => activateRedirect(application.stage));
  if (gate.state !== 'ready') {
    return (
      <JourneyPage eyebrow="Activation" title="Activation">
        <GateStatus gate={gate} />
      </JourneyPage>
    );
  }
  const { application } = gate;
  if (application.stage === 'activated') {
    return (
      <JourneyPage
        eyebrow="Account active"
        title={
          application.full_name ? `Welcome to Waj, ${application.full_name}` : 'Welcome to Waj'
        }
        lede="Your membership is active. Here are your card details."
        stage={application.stage}
      >
        <ActivationWelcome application={application} />
      </JourneyPage>
    );
  }
  return (
    <JourneyPage
      eyebrow="Offer accepted"
      title="Activation Pending"
      lede="Thank you for accepting your offer. We are preparing your membership."
      stage={application.stage}
    >
      <ActivationPending application={application} />
    </JourneyPage>
  );
}
