import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { QueuePage } from '#shared/schemas/admin.ts';
import { PaginationBar } from '#client/components/staff/pagination-bar.tsx';
import {
  QueueHeading,
  QueueToolbar,
  type useQueueParams,
} from '#client/components/staff/queue-controls.tsx';
import { TabEmpty, TabError, TabLoading } from '#client/components/staff/tab-state.tsx';

type CardQueueTabProps<Row> = {
  /** The heading's id, which labels the section. */
  headingId: string;
  title: string;
  queue: ReturnType<typeof useQueueParams>;
  list: UseQueryResult<QueuePage<Row> & { page: number }>;
  listLabel: string;
  empty: { title: string; text: string };
  keyOf: (row: Row) => string;
  renderCard: (row: Row, slaHours: number) => ReactNode;
};

/**
 * The Offers and Activations tabs: a queue of application cards, longest waiting first, one
 * page at a time, with its total in the heading, search and assignment filters, and the
 * loading, error and empty states.
 */
export function CardQueueTab<Row>({
  headingId,
  title,
  queue,
  list,
  listLabel,
  empty,
  keyOf,
  renderCard,
}: CardQueueTabProps<Row>) {
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <QueueHeading id={headingId} title={title} page={list.data} />
      <QueueToolbar
        searchLabel="Search applications"
        query={queue.query}
        onQueryChange={queue.setQuery}
        assigned={queue.assigned}
        onAssignedChange={queue.setAssigned}
      />
      {list.isPending ? (
        <TabLoading label="Loading applications..." />
      ) : list.isError ? (
        <TabError message="Failed to load applications" onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.data.data.length === 0 ? (
            queue.filtered ? (
              <TabEmpty title="No applications found" />
            ) : (
              <TabEmpty title={empty.title}>{empty.text}</TabEmpty>
            )
          ) : (
            <ul
              aria-label={listLabel}
              className={`grid gap-4 md:grid-cols-2 2xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {list.data.data.map((row) => (
                <li key={keyOf(row)}>{renderCard(row, list.data.sla_hours)}</li>
              ))}
            </ul>
          )}
          <PaginationBar
            page={list.data.page}
            pageSize={queue.pageSize}
            total={list.data.total}
            capped={list.data.total_capped}
            onPageChange={queue.setPage}
            busy={list.isFetching}
          />
        </>
      )}
    </section>
  );
}
