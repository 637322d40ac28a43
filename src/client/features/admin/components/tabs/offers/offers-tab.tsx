import { useOffers } from '../../../api/offers.ts';
import { TabEmpty, TabError, TabLoading } from '../../common/tab-state.tsx';
import { OfferCard } from './offer-card.tsx';

/** SPEC §2 'Offers': applicants at stage kyc, oldest first. */
export default function OffersTab() {
  const offers = useOffers();
  if (offers.isPending) return <TabLoading label="Loading applications..." />;
  if (offers.isError) {
    return <TabError message="Failed to load applications" onRetry={() => void offers.refetch()} />;
  }
  if (offers.data.data.length === 0) {
    return (
      <TabEmpty title="No Applications Ready for Offer">
        Applications will appear here after KYC verification.
      </TabEmpty>
    );
  }
  return (
    <section aria-label="Applications ready for an offer">
      <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
        {offers.data.data.map((row) => (
          <li key={row.basic_id}>
            <OfferCard row={row} />
          </li>
        ))}
      </ul>
    </section>
  );
}
