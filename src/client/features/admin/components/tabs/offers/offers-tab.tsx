import { useOffers } from '../../../api/offers.ts';
import { PaginationBar } from '../../common/pagination-bar.tsx';
import { formatCount, QueueToolbar, useQueueParams } from '../../common/queue-controls.tsx';
import { TabEmpty, TabError, TabLoading } from '../../common/tab-state.tsx';
import { OfferCard } from './offer-card.tsx';

/**
 * SPEC §2 'Offers': applicants at stage kyc, longest waiting first, one page of cards at a
 * time (a backlog of hundreds never renders at once); the heading counts them all.
 */
export default function OffersTab() {
  const queue = useQueueParams();
  const offers = useOffers(queue.params);
  return (
    <section aria-labelledby="offers-heading" className="grid gap-4">
      <h2 id="offers-heading" className="font-serif text-2xl">
        Ready for an offer
        {offers.data ? (
          <span className="text-base text-muted-foreground">
            {' '}
            ({formatCount(offers.data.total, offers.data.total_capped)})
          </span>
        ) : null}
      </h2>
      <QueueToolbar
        searchLabel="Search applications"
        query={queue.query}
        onQueryChange={queue.setQuery}
        assigned={queue.assigned}
        onAssignedChange={queue.setAssigned}
      />
      {offers.isPending ? (
        <TabLoading label="Loading applications..." />
      ) : offers.isError ? (
        <TabError message="Failed to load applications" onRetry={() => void offers.refetch()} />
      ) : (
        <>
          {offers.data.data.length === 0 ? (
            queue.filtered ? (
              <TabEmpty title="No applications found" />
            ) : (
              <TabEmpty title="No Applications Ready for Offer">
                Applications will appear here after KYC verification.
              </TabEmpty>
            )
          ) : (
            <ul
              aria-label="Applications ready for an offer"
              className={`grid gap-4 md:grid-cols-2 2xl:grid-cols-3 ${offers.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {offers.data.data.map((row) => (
                <li key={row.basic_id}>
                  <OfferCard row={row} slaHours={offers.data.sla_hours} />
                </li>
              ))}
            </ul>
          )}
          <PaginationBar
            page={offers.data.page}
            pageSize={queue.pageSize}
            total={offers.data.total}
            capped={offers.data.total_capped}
            onPageChange={queue.setPage}
            busy={offers.isFetching}
          />
        </>
      )}
    </section>
  );
}
