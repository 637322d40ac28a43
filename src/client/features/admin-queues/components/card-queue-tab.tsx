import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { QueuePage } from '#shared/schemas/admin.ts';
import { QueueSection, useQueueParams } from '#client/components/staff/queue-controls.tsx';
import { TabEmpty } from '#client/components/staff/tab-state.tsx';

type CardQueueTabProps<Row> = {
  /** Names the heading ('offers-heading'), which labels the section. */
  name: string;
  /** The heading, 'Ready for an offer'; the list is 'Applications ready for an offer'. */
  title: string;
  /** The empty queue's words: 'No Applications Ready for Offer', '…after KYC verification.' */
  empty: { what: string; after: string };
  /** The tab's list of one page. */
  useList: (
    params: ReturnType<typeof useQueueParams>['params'],
  ) => UseQueryResult<QueuePage<Row> & { page: number }>;
  renderCard: (row: Row, slaHours: number) => ReactNode;
};

/**
 * The Offers and Activations tabs: a queue of application cards, longest waiting first, one
 * page at a time, with its total in the heading, search and assignment filters, and the
 * loading, error and empty states.
 */
export function CardQueueTab<Row extends { basic_id: string }>({
  name,
  title,
  empty,
  useList,
  renderCard,
}: CardQueueTabProps<Row>) {
  const queue = useQueueParams();
  const list = useList(queue.params);
  return (
    <QueueSection
      headingId={`${name}-heading`}
      title={title}
      searchLabel="Search applications"
      queue={queue}
      list={list}
      loadingLabel="Loading applications..."
      loadError="Failed to load applications"
      empty={
        queue.filtered ? (
          <TabEmpty title="No applications found" />
        ) : (
          <TabEmpty title={`No Applications Ready for ${empty.what}`}>
            {`Applications will appear here after ${empty.after}.`}
          </TabEmpty>
        )
      }
    >
      {(data) => (
        <ul
          aria-label={`Applications ${title.toLowerCase()}`}
          className={`grid gap-4 md:grid-cols-2 2xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {data.data.map((row) => (
            <li key={row.basic_id}>{renderCard(row, data.sla_hours)}</li>
          ))}
        </ul>
      )}
    </QueueSection>
  );
}
