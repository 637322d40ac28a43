import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { QueuePage } from '#shared/schemas/admin.ts';
import type { ServiceLevelQueue } from '#shared/service-levels.ts';
import {
  QueueSection,
  useQueueParams,
  type Queued,
} from '#client/components/staff/queue-controls.tsx';
import { TabEmpty } from '#client/components/staff/tab-state.tsx';
import {
  BulkAssignBar,
  SelectCaseBox,
  useBulkSelection,
  useMayAssignBulk,
} from './bulk-assign.tsx';

type CardQueueTabProps<Row> = {
  /** Names the heading ('offers-heading'), which labels the section. */
  name: string;
  /** The heading, 'Ready for an offer'; the list is 'Applications ready for an offer'. */
  title: string;
  /** The service level the queue is measured against. */
  level: ServiceLevelQueue;
  /** The empty queue's words: 'No Applications Ready for Offer', '…after KYC verification.' */
  empty: { what: string; after: string };
  /** The tab's list of one page. */
  useList: (
    params: ReturnType<typeof useQueueParams>['params'],
  ) => UseQueryResult<QueuePage<Row> & { page: number }>;
  /** A card; `select` is its bulk-assignment box, for members who may assign in bulk. */
  renderCard: (row: Queued<Row>, select: ReactNode) => ReactNode;
};

/**
 * The Offers and Activations tabs: a queue of application cards, longest waiting first, one
 * page at a time, with its total and overdue count in the heading, search and assignment
 * filters, bulk assignment, and the loading, error and empty states.
 */
export function CardQueueTab<Row extends { basic_id: string; full_name: string | null }>({
  name,
  title,
  level,
  empty,
  useList,
  renderCard,
}: CardQueueTabProps<Row>) {
  const queue = useQueueParams();
  const list = useList(queue.params);
  const mayAssign = useMayAssignBulk();
  const pageIds = useMemo(() => list.data?.data.map((row) => row.basic_id) ?? [], [list.data]);
  const selection = useBulkSelection(pageIds);
  return (
    <QueueSection
      headingId={`${name}-heading`}
      title={title}
      level={level}
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
        <>
          {mayAssign ? <BulkAssignBar selection={selection} /> : null}
          <ul
            aria-label={`Applications ${title.toLowerCase()}`}
            className={`grid gap-4 md:grid-cols-2 2xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {data.data.map((row) => (
              <li key={row.basic_id}>
                {renderCard(
                  row,
                  mayAssign ? (
                    <SelectCaseBox
                      selection={selection}
                      basicId={row.basic_id}
                      label={`Select ${row.full_name ?? 'Unknown Applicant'}`}
                      className="mt-1"
                    />
                  ) : null,
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </QueueSection>
  );
}
