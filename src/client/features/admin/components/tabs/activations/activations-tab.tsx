import { useActivations } from '../../../api/activations.ts';
import { PaginationBar } from '../../common/pagination-bar.tsx';
import { formatCount, QueueToolbar, useQueueParams } from '../../common/queue-controls.tsx';
import { TabEmpty, TabError, TabLoading } from '../../common/tab-state.tsx';
import { ActivationCard } from './activation-card.tsx';

/** SPEC §2 'Activations': applicants at stage accepted, longest waiting first, a page at a time. */
export default function ActivationsTab() {
  const queue = useQueueParams();
  const activations = useActivations(queue.params);
  return (
    <section aria-labelledby="activations-heading" className="grid gap-4">
      <h2 id="activations-heading" className="font-serif text-2xl">
        Ready for activation
        {activations.data ? (
          <span className="text-base text-muted-foreground">
            {' '}
            ({formatCount(activations.data.total, activations.data.total_capped)})
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
      {activations.isPending ? (
        <TabLoading label="Loading applications..." />
      ) : activations.isError ? (
        <TabError
          message="Failed to load applications"
          onRetry={() => void activations.refetch()}
        />
      ) : (
        <>
          {activations.data.data.length === 0 ? (
            queue.filtered ? (
              <TabEmpty title="No applications found" />
            ) : (
              <TabEmpty title="No Applications Ready for Activation">
                Applications will appear here after offer acceptance.
              </TabEmpty>
            )
          ) : (
            <ul
              aria-label="Applications ready for activation"
              className={`grid gap-4 md:grid-cols-2 2xl:grid-cols-3 ${activations.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {activations.data.data.map((row) => (
                <li key={row.basic_id}>
                  <ActivationCard row={row} slaHours={activations.data.sla_hours} />
                </li>
              ))}
            </ul>
          )}
          <PaginationBar
            page={activations.data.page}
            pageSize={queue.pageSize}
            total={activations.data.total}
            capped={activations.data.total_capped}
            onPageChange={queue.setPage}
            busy={activations.isFetching}
          />
        </>
      )}
    </section>
  );
}
