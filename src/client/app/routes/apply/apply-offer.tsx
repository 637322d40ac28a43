import { offerRedirect } from '#shared/stages.ts';
import { FollowStage } from '#client/features/apply/components/follow-stage.tsx';
import { GateStatus } from '#client/features/apply/components/gate-status.tsx';
import { JourneyPage } from '#client/features/apply/components/journey-page.tsx';
import { OfferPanel } from '#client/features/apply/components/offer-panel.tsx';
import { useApplicationGate } from '#client/features/apply/hooks/use-application-gate.ts';

/** SPEC §2 /apply/offer: only at tier_offer; every other stage goes where the table says. */
export default function ApplyOfferRoute() {
  const gate = useApplicationGate((application) => offerRedirect(application.stage));
  return (
    <JourneyPage
      eyebrow="Your offer"
      title="Your membership offer"
      lede="Our membership team has reviewed your application. Here is the tier we are pleased to offer you."
      stage={gate.state === 'ready' ? gate.application.stage : undefined}
    >
      {gate.state === 'ready' ? (
        <>
          <FollowStage stage={gate.application.stage} />
          <OfferPanel application={gate.application} />
        </>
      ) : (
        <GateStatus gate={gate} />
      )}
    </JourneyPage>
  );
}
