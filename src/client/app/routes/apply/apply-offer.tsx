import { offerRedirect } from '#shared/stages.ts';
import { GatedJourneyPage } from '#client/features/apply/components/gated-journey-page.tsx';
import { OfferPanel } from '#client/features/apply/components/offer-panel.tsx';

/** SPEC §2 /apply/offer: only at tier_offer; every other stage goes where the table says. */
export default function ApplyOfferRoute() {
  return (
    <GatedJourneyPage
      redirectFor={(application) => offerRedirect(application.stage)}
      eyebrow="Your offer"
      title="Your membership offer"
      lede="Our membership team has reviewed your application. Here is the tier we are pleased to offer you."
      followStage
    >
      {(application) => <OfferPanel application={application} />}
    </GatedJourneyPage>
  );
}
