import { useId, useState } from 'react';
import type { AlertStatus } from '#shared/schemas/screening.ts';
import type { StaffMember } from '#shared/staff.ts';
import { FilterSelect } from '#client/components/staff/list-filters.tsx';
import { ListSection } from '#client/components/staff/list-section.tsx';
import { PagedList } from '#client/components/staff/pagination-bar.tsx';
import { TabEmpty, useLoadFailureToast } from '#client/components/staff/tab-state.tsx';
import { useScreeningAlerts } from '../api/screening-alerts.ts';
import { AlertCard } from './alert-card.tsx';

const PAGE_SIZE = 20;
const LOAD_ERROR = 'Failed to load screening alerts';

/** The queue's filter: the live alerts (no status sent), or one status. */
export const ALERT_FILTER_OPTIONS = [
  { value: 'live', label: 'Live' },
  { value: 'open', label: 'Open' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'clear_requested', label: 'Awaiting approval' },
  { value: 'cleared', label: 'Cleared' },
] as const satisfies readonly { value: AlertStatus | 'live'; label: string }[];
type AlertFilter = (typeof ALERT_FILTER_OPTIONS)[number]['value'];

const EMPTY: Record<AlertFilter, { title: string; text?: string }> = {
  live: {
    title: 'No alerts to work',
    text: 'A match against a list opens an alert here, oldest first.',
  },
  open: { title: 'No open alerts' },
  confirmed: { title: 'No confirmed matches' },
  clear_requested: { title: 'No clearances awaiting approval' },
  cleared: { title: 'No cleared alerts' },
};

/**
 * CONTRACT §8's alerts queue: the live alerts (or those of one status), oldest first, a page at
 * a time, each with the applicant beside the entry and the decisions the member may make.
 */
export function AlertsQueue({ staff }: { staff: StaffMember }) {
  const filterId = useId();
  const [filter, setFilter] = useState<AlertFilter>('live');
  const [page, setPage] = useState(1);
  const alerts = useScreeningAlerts({
    page,
    page_size: PAGE_SIZE,
    ...(filter === 'live' ? {} : { status: filter }),
  });
  useLoadFailureToast(alerts, 'admin-screening-alert-list', LOAD_ERROR);
  const empty = EMPTY[filter];
  return (
    <ListSection
      id="screening-alerts-title"
      title="Screening alerts"
      description="Matches of applicants and members against the sanctions and PEP lists, oldest first. An open or confirmed sanctions alert blocks offers and activation."
      descriptionClassName="max-w-3xl"
      className="min-w-0"
      actions={
        <FilterSelect
          id={`${filterId}-status`}
          label="Show"
          value={filter}
          onValueChange={(value) => {
            setFilter(value as AlertFilter);
            setPage(1);
          }}
          options={ALERT_FILTER_OPTIONS}
          className="grid w-full gap-2 min-[420px]:w-56"
        />
      }
    >
      <PagedList
        query={alerts}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        loadingLabel="Loading screening alerts..."
        loadError={LOAD_ERROR}
        empty={<TabEmpty title={empty.title}>{empty.text}</TabEmpty>}
        noBarWhenEmpty
      >
        {(data) => (
          <ul
            aria-label="Screening alerts"
            aria-busy={alerts.isPlaceholderData || undefined}
            className={alerts.isPlaceholderData ? 'grid gap-4 opacity-60' : 'grid gap-4'}
          >
            {data.data.map((alert) => (
              <li key={alert.id}>
                <AlertCard alert={alert} staff={staff} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </ListSection>
  );
}
