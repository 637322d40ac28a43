import { useOffers } from '#client/lib/staff/api/offers.ts';
import { CardQueueTab } from '../card-queue-tab.tsx';
import { useQueueParams } from '#client/components/staff/queue-controls.tsx';
import { OfferCard } from './offer-card.tsx';

/**
 * SPEC §2 'Offers': applicants at stage kyc, longest waiting first, one page of cards at a
 * time (a backlog of hundreds never renders at once); the heading counts them all.
 */
export default function OffersTab() {
  const queue = useQueueParams();
  const list = useOffers(queue.params);
  return (
    <CardQueueTab
      headingId="offers-heading"
      title="Ready for an offer"
      queue={queue}
      list={list}
      listLabel="Applications ready for an offer"
      empty={{
        title: 'No Applications Ready for Offer',
        text: 'Applications will appear here after KYC verification.',
      }}
      keyOf={(row) => row.basic_id}
      renderCard={(row, slaHours) => <OfferCard row={row} slaHours={slaHours} />}
    />
  );
}
