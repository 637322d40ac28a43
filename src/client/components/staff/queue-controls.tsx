import { AlertTriangle, UserRound } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListTotal } from '#shared/schemas/admin-lists.ts';
import type { QueueAssignee, QueuePage, TQueueRequest } from '#shared/schemas/admin.ts';
import { QUEUE_PAGE_SIZE } from '#shared/schemas/admin.ts';
import { waitingFor } from '#shared/queue-age.ts';
import { dueLabel, isBreached, type ServiceLevelQueue } from '#shared/service-levels.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { cn } from '#client/utils/cn.ts';
import { useServiceLevel } from '#client/lib/staff/api/service-levels.ts';
import { useDebouncedValue } from '#client/lib/staff/use-debounced-value.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { FilterSelect, SearchField } from './list-filters.tsx';
import { PagedList } from './pagination-bar.tsx';
import type { TabQuery } from './tab-state.tsx';

/**
 * What the three staff queues (KYC, Offers, Activations) share: the search box, the
 * All / Assigned to me / Unassigned filter, the paging state, how many are overdue, and each
 * case's age, due time, overdue marker, assignee and link to its case screen.
 */

/** A queue's row as the server sends it: with its due time (CONTRACT §9). */
export type Queued<Row> = Row & { due_at: string };

export const ASSIGNED_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'me', label: 'Assigned to me' },
  { value: 'unassigned', label: 'Unassigned' },
] as const;
export type AssignedFilter = (typeof ASSIGNED_OPTIONS)[number]['value'];

/** A queue's heading with its total: 'Pending review (1,518)'. */
export function QueueHeading({
  id,
  title,
  page,
}: {
  id: string;
  title: string;
  page: ListTotal | undefined;
}) {
  return (
    <h2 id={id} className="font-serif text-2xl">
      {title}
      {page ? (
        <span className="text-base text-muted-foreground">
          {' '}
          ({formatCount(page.total, page.total_capped)})
        </span>
      ) : null}
    </h2>
  );
}

export function formatCount(n: number, capped?: boolean): string {
  // A capped total (a search counted up to its cap) is a lower bound: '200+'.
  return `${n.toLocaleString('en-GB')}${capped ? '+' : ''}`;
}

/**
 * The queue's request: a change of filter or (settled) search starts again at page 1, reset
 * during render (React's "previous props" pattern), so no stale page flashes.
 */
export function useQueueParams(pageSize: number = QUEUE_PAGE_SIZE) {
  const [query, setQuery] = useState('');
  const [assigned, setAssigned] = useState<AssignedFilter>('all');
  const search = useDebouncedValue(query.trim());
  const filterKey = JSON.stringify([search, assigned]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  if (paging.filterKey !== filterKey) setPaging({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const params = {
    page,
    page_size: pageSize,
    ...(search ? { query: search } : {}),
    ...(assigned === 'all' ? {} : { assigned }),
  } satisfies TQueueRequest;
  return {
    params,
    pageSize,
    query,
    setQuery,
    assigned,
    setAssigned,
    setPage: (next: number) => setPaging({ filterKey, page: next }),
    filtered: Boolean(search) || assigned !== 'all',
  };
}

type ToolbarProps = {
  /** What is searched, for the label: 'Search pending files'. */
  searchLabel: string;
  query: string;
  onQueryChange: (query: string) => void;
  assigned: AssignedFilter;
  onAssignedChange: (value: AssignedFilter) => void;
};

export function QueueToolbar({
  searchLabel,
  query,
  onQueryChange,
  assigned,
  onAssignedChange,
}: ToolbarProps) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchField
        id={`${id}-search`}
        label={searchLabel}
        value={query}
        onValueChange={onQueryChange}
        fieldClassName="grid w-full max-w-sm min-w-0 gap-2"
      />
      <FilterSelect
        id={`${id}-assigned`}
        label="Show"
        value={assigned}
        onValueChange={(value) => onAssignedChange(value as AssignedFilter)}
        options={ASSIGNED_OPTIONS}
        className="grid w-full gap-2 min-[420px]:w-48"
      />
    </div>
  );
}

type QueueSectionProps<Data> = {
  /** The heading's id, which labels the section. */
  headingId: string;
  title: string;
  /** The service level the queue is measured against, for its overdue count. */
  level: ServiceLevelQueue;
  /** What is searched, for the label: 'Search pending files'. */
  searchLabel: string;
  queue: ReturnType<typeof useQueueParams>;
  list: TabQuery<Data> & { isFetching: boolean };
  loadingLabel: string;
  loadError: string;
  empty: ReactNode;
  /** The page's rows. */
  children: (data: Data) => ReactNode;
};

/**
 * A queue: its heading with the total and how many are overdue, search and assignment filters,
 * the loading, error and empty states, and the page of rows over the pagination bar.
 */
export function QueueSection<Data extends QueuePage<unknown> & { page: number }>({
  headingId,
  title,
  level,
  searchLabel,
  queue,
  list,
  loadingLabel,
  loadError,
  empty,
  children,
}: QueueSectionProps<Data>) {
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="grid gap-1">
        <QueueHeading id={headingId} title={title} page={list.data} />
        <OverdueCount queue={level} />
      </div>
      <QueueToolbar
        searchLabel={searchLabel}
        query={queue.query}
        onQueryChange={queue.setQuery}
        assigned={queue.assigned}
        onAssignedChange={queue.setAssigned}
      />
      <PagedList
        query={list}
        pageSize={queue.pageSize}
        onPageChange={queue.setPage}
        loadingLabel={loadingLabel}
        loadError={loadError}
        empty={empty}
      >
        {children}
      </PagedList>
    </section>
  );
}

/** A service level's target in words: '24 hours', '30 days' (whole days past three). */
export function targetLabel(hours: number): string {
  if (hours > 72 && hours % 24 === 0) return `${hours / 24} days`;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/**
 * '3 overdue (target 24 hours)' over a queue (every item of it, whatever the filter): the queue
 * is oldest first, so those are its first rows. Nothing until the counts have loaded.
 */
export function OverdueCount({ queue }: { queue: ServiceLevelQueue }) {
  const level = useServiceLevel(queue);
  if (!level) return null;
  const target = `(target ${targetLabel(level.target_hours)})`;
  if (level.breached === 0) {
    return <p className="text-sm text-muted-foreground">None overdue {target}</p>;
  }
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-sm">
      <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
      <span className="font-medium text-destructive-text">
        {level.breached.toLocaleString('en-GB')} overdue
      </span>{' '}
      <span className="text-muted-foreground">{target}</span>
    </p>
  );
}

/** The marker of an item past its due time: in words with an icon, never by colour alone. */
export function OverdueBadge() {
  return (
    <Badge variant="destructive">
      <AlertTriangle aria-hidden="true" />
      Overdue
    </Badge>
  );
}

/**
 * 'waiting 3 days' and 'due in 5 hours' or 'overdue by 2 days' (the exact times on hover), with
 * an Overdue badge once the due time has passed.
 */
export function WaitingLabel({ since, dueAt }: { since: string; dueAt: string }) {
  const breached = isBreached(dueAt);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {breached ? <OverdueBadge /> : null}{' '}
      {/* The comma keeps to the age, so a wrapped line reads 'waiting 3 days, / due in…'. */}
      <span className="whitespace-nowrap">
        <time
          dateTime={since}
          className="text-muted-foreground"
          title={`Waiting since ${formatStaffDateTime(since)}`}
        >
          {waitingFor(since)}
        </time>
        <span className="text-muted-foreground">,</span>
      </span>{' '}
      <time
        dateTime={dueAt}
        className={cn(
          'whitespace-nowrap',
          breached ? 'font-medium text-destructive-text' : 'text-muted-foreground',
        )}
        title={`Due ${formatStaffDateTime(dueAt)}`}
      >
        {dueLabel(dueAt)}
      </time>
    </span>
  );
}

/** An overdue card's or row's edge: a thick left border, beside the badge's words. */
export const OVERDUE_EDGE = 'border-l-4 border-l-destructive-text';

export function AssigneeLabel({ assignee }: { assignee: QueueAssignee }) {
  if (!assignee) return null;
  return (
    <span className="inline-flex min-w-0 items-center gap-1 break-words">
      <UserRound aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      Assigned to {assignee.name}
    </span>
  );
}

/** The case screen of one application (`/admin/applicants/:id`). */
export function OpenCaseLink({ basicId, name }: { basicId: string; name: string }) {
  return (
    <Link
      to={`/admin/applicants/${encodeURIComponent(basicId)}`}
      className="font-medium whitespace-nowrap text-foreground underline underline-offset-4 hover:text-gold"
    >
      Open case<span className="sr-only"> of {name}</span>
    </Link>
  );
}

type CaseMetaProps = {
  waitingSince: string;
  dueAt: string;
  assignee: QueueAssignee;
  basicId: string;
  /** The applicant's name, for the link's accessible name. */
  name: string;
};

/** A case's age, due time, overdue marker, who has it, and its link: a queue card's line. */
export function QueueCaseMeta({ waitingSince, dueAt, assignee, basicId, name }: CaseMetaProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <WaitingLabel since={waitingSince} dueAt={dueAt} />
      <AssigneeLabel assignee={assignee} />
      <OpenCaseLink basicId={basicId} name={name} />
    </div>
  );
}
