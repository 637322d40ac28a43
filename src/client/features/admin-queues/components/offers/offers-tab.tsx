import { useOffers } from '#client/lib/staff/api/offers.ts';
import { CardQueueTab } from '../card-queue-tab.tsx';
import { OfferCard } from './offer-card.tsx';

/**
 * SPEC §2 'Offers': applicants at stage kyc, longest waiting first, one page of cards at a
 * time (a backlog of hundreds never renders at once); the heading counts them all.
 */
export default function OffersTab() {
  return (
    <CardQueueTab
      name="offers"
      title="Ready for an offer"
      level="offer"
      empty={{ what: 'Offer', after: 'KYC verification' }}
      useList={useOffers}
      renderCard={(row, select) => <OfferCard row={row} select={select} />}
    />
  );
}
