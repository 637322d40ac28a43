import { Archive, CheckCheck } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  INBOX_PAGE_SIZES,
  type InboxPageSize,
  INBOX_STATUS_FILTER_OPTIONS,
  type InboxMetrics,
  type InboxTable,
} from '#shared/schemas/admin-lists.ts';
import { INBOX_STATUSES, type InboxStatus } from '#shared/stages.ts';
import { ConfirmDialog } from '#client/components/staff/confirm-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Select, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { DataTable, TableCell, TableRow } from '#client/components/staff/data-table.tsx';
import {
  ExportCsvButton,
  FilterSelect,
  OptionList,
  SearchField,
} from '#client/components/staff/list-filters.tsx';
import { toastFailure } from '#client/lib/react-query.ts';
import { cn } from '#client/utils/cn.ts';
import {
  useBulkUpdateInbox,
  useExportInboxCsv,
  useInboxList,
  useUpdateInboxStatus,
} from '../api/inbox.ts';
import { useDebouncedValue } from '#client/lib/staff/use-debounced-value.ts';
import { PaginationBar } from '#client/components/staff/pagination-bar.tsx';
import { TabEmpty, TabError, TabLoading } from '#client/components/staff/tab-state.tsx';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { EmailText } from './email-text.tsx';
import { ExpandableText } from './expandable-text.tsx';
import { SelectionCheckbox } from './selection-checkbox.tsx';

/** What both inboxes' rows have; the rest differs (EOI: phone, reason; contact: message). */
export type InboxRow = { id: string; created_at: string; email: string; status: InboxStatus };

type CellColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string | undefined;
};

/** A column of one inbox: drawn by `cell`, or a long `text` shown folded. */
export type InboxColumn<Row> =
  CellColumn<Row> | { header: string; text: (row: Row) => string | null };

export type InboxConfig<Row extends InboxRow> = {
  table: InboxTable;
  /** Names the table region and the export, e.g. 'EOI requests'. */
  title: string;
  /** SPEC §8: 'Failed to load EOI data' / 'Failed to load contact data'. */
  loadError: string;
  /** SPEC §2: 'No EOI requests found' / 'No contact messages found'. */
  empty: string;
  /** What one row is and what several are, for the bulk archive question ('Archive 3 messages?'). */
  noun: { one: string; many: string };
  /** Who a row is about, for the labels of its checkbox and status select. */
  nameOf: (row: Row) => string;
  /** The columns between Email and Status (SPEC §2). */
  columns: InboxColumn<Row>[];
};

/** Name, Email, then the inbox's own columns; a long text folds, labelled "Ann's message". */
function columnsOf<Row extends InboxRow>({ nameOf, columns }: InboxConfig<Row>): CellColumn<Row>[] {
  return [
    { header: 'Name', cell: nameOf, className: 'min-w-32 font-medium [overflow-wrap:anywhere]' },
    { header: 'Email', cell: (row) => <EmailText email={row.email} />, className: 'min-w-40' },
    ...columns.map((column) =>
      'text' in column
        ? {
            header: column.header,
            cell: (row: Row) => (
              <ExpandableText
                text={column.text(row)}
                label={`${nameOf(row)}'s ${column.header.toLowerCase()}`}
              />
            ),
            className: 'min-w-52',
          }
        : column,
    ),
  ];
}

const STATUS_LABELS: Record<InboxStatus, string> = {
  new: 'New',
  reviewed: 'Reviewed',
  archived: 'Archived',
};

const STATUS_BADGE: Record<InboxStatus, 'gold' | 'secondary' | 'outline'> = {
  new: 'gold',
  reviewed: 'secondary',
  archived: 'outline',
};

type StatusFilter = InboxStatus | 'all';

const STATUS_OPTIONS = INBOX_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
const PAGE_SIZE_OPTIONS = INBOX_PAGE_SIZES.map((size) => ({ value: String(size), label: size }));

function isStatusFilter(value: string): value is StatusFilter {
  return INBOX_STATUS_FILTER_OPTIONS.some((option) => option.value === value);
}

/** Toasts and logs a failure, unless the token was refused (the gate says so instead). */
/** A failed load or act: logged as `<context> failed`, toasted as `message` (never a 401). */
function reportFailure(context: string, message: string, error: unknown) {
  toastFailure(message, context, { errorDescription: false })(error);
}

function MetricCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card className="grid content-between gap-2 px-3 py-3 sm:px-6 sm:py-4">
      <dt className="text-xs leading-snug text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="font-serif text-2xl leading-none tabular-nums sm:text-3xl">
        {value === undefined ? '—' : value.toLocaleString('en-GB')}
      </dd>
    </Card>
  );
}

/** SPEC §2: New this week, Total, Reviewed (the whole inbox, whatever the filters). */
function Metrics({ metrics }: { metrics: InboxMetrics | undefined }) {
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      <MetricCard label="New this week" value={metrics?.newThisWeek} />
      <MetricCard label="Total" value={metrics?.total} />
      <MetricCard label="Reviewed" value={metrics?.reviewed} />
    </dl>
  );
}

/**
 * SPEC §2 'EOI' and 'Contact': metrics, search (500 ms delay), status filter, page size, CSV
 * export, a bulk bar over the selected rows and a status select per row. The selection belongs
 * to the page and filters it was made on: changing either, or a bulk action, clears it.
 */
export function InboxTab<Row extends InboxRow>({ config }: { config: InboxConfig<Row> }) {
  const { table } = config;
  const columns = columnsOf(config);
  const ids = {
    search: useId(),
    status: useId(),
    pageSize: useId(),
    bulk: useId(),
  };

  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const [status, setStatus] = useState<StatusFilter>('all');
  const [pageSize, setPageSize] = useState<InboxPageSize>(INBOX_PAGE_SIZES[0]);
  const filterKey = JSON.stringify([query, status, pageSize]);

  // Page and selection belong to the filters (and page) they were made under. When those
  // change, both are reset during this render (React's "adjust state on change" pattern), so
  // no stale page or selection is ever drawn, and going back does not bring them back.
  const [pageState, setPageState] = useState({ filterKey, page: 1 });
  if (pageState.filterKey !== filterKey) setPageState({ filterKey, page: 1 });
  const page = pageState.filterKey === filterKey ? pageState.page : 1;
  const viewKey = `${filterKey}:${page}`;
  const [selection, setSelection] = useState<{ viewKey: string; ids: ReadonlySet<string> }>({
    viewKey,
    ids: new Set(),
  });
  if (selection.viewKey !== viewKey) setSelection({ viewKey, ids: new Set() });

  const list = useInboxList<Row>(table, { page, pageSize, status, query });
  const update = useUpdateInboxStatus(table);
  const bulk = useBulkUpdateInbox(table);
  const exportCsv = useExportInboxCsv();

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  // A bulk action can empty the last page (archived rows leave a 'New' filter): go to the new
  // last page rather than show an empty one.
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const capped = list.data?.total_capped === true;
  if (list.data && !list.isPlaceholderData && !capped && page > lastPage) {
    setPageState({ filterKey, page: lastPage });
  }
  // Only rows still on screen count: a refresh may have moved a selected one away.
  const selected =
    selection.viewKey === viewKey ? rows.filter((row) => selection.ids.has(row.id)) : [];
  const selectedIds = selected.map((row) => row.id);
  const allSelected = rows.length > 0 && selected.length === rows.length;
  const someSelected = selected.length > 0 && !allSelected;

  useEffect(() => {
    if (list.isError) reportFailure(`${table} list`, config.loadError, list.error);
  }, [list.isError, list.error, list.errorUpdatedAt, table, config.loadError]);

  const setPage = (next: number) => setPageState({ filterKey, page: next });
  const setSelected = (next: ReadonlySet<string>) => setSelection({ viewKey, ids: next });
  const toggleRow = (id: string, checked: boolean) => {
    const next = new Set(selectedIds);
    if (checked) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const toggleAll = (checked: boolean) =>
    setSelected(new Set(checked ? rows.map((row) => row.id) : []));

  const onStatusChange = (row: Row, next: string) => {
    if (!INBOX_STATUSES.includes(next as InboxStatus) || next === row.status) return;
    update.mutate(
      { id: row.id, status: next as InboxStatus },
      {
        onSuccess: () => toast.success('Status updated'),
        onError: (error) => reportFailure(`${table} update`, 'Failed to update status', error),
      },
    );
  };

  // Bulk archive is asked first (it moves the rows out of the New and Reviewed views).
  const [confirmingArchive, setConfirmingArchive] = useState(false);
  const archiveCount = selected.length;
  const archiveWhat = `${archiveCount} ${archiveCount === 1 ? config.noun.one : config.noun.many}`;

  const onBulk = (next: InboxStatus) => {
    // SPEC §5: bulk actions do nothing with no selection.
    if (selectedIds.length === 0 || bulk.isPending) return;
    bulk.mutate(
      { ids: selectedIds, status: next },
      {
        onSuccess: ({ updated }) => {
          setSelected(new Set());
          toast.success('Bulk update successful', {
            description: `Updated ${updated} record(s)`,
          });
        },
        onError: (error) => reportFailure(`${table} bulk update`, 'Bulk update failed', error),
      },
    );
  };

  const onExport = () => {
    exportCsv.mutate(
      { table, status, query },
      {
        onSuccess: () =>
          toast.success('Export ready', { description: 'CSV downloaded successfully' }),
        onError: (error) => reportFailure(`${table} export`, 'Export failed', error),
      },
    );
  };

  const updatingId = update.isPending ? update.variables?.id : undefined;
  const refreshing = list.isFetching && list.isPlaceholderData;

  let body: ReactNode;
  if (list.isPending) {
    body = <TabLoading />;
  } else if (list.isError && !list.data) {
    body = <TabError message={config.loadError} onRetry={() => void list.refetch()} />;
  } else if (rows.length === 0) {
    body = <TabEmpty title={config.empty} />;
  } else {
    body = (
      <DataTable
        label={config.title}
        busy={refreshing}
        columns={[
          {
            key: 'select',
            header: (
              <SelectionCheckbox
                aria-label="Select all on this page"
                checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                onCheckedChange={(value) => toggleAll(value === true)}
                disabled={bulk.isPending}
              />
            ),
            className: 'w-10',
          },
          'Date',
          ...columns.map((column) => column.header),
          'Status',
          'Actions',
        ]}
      >
        {rows.map((row) => {
          const name = config.nameOf(row);
          const isSelected = selection.viewKey === viewKey && selection.ids.has(row.id);
          return (
            <TableRow key={row.id} data-state={isSelected ? 'selected' : undefined}>
              <TableCell>
                <SelectionCheckbox
                  aria-label={`Select ${name}`}
                  checked={isSelected}
                  onCheckedChange={(value) => toggleRow(row.id, value === true)}
                  disabled={bulk.isPending}
                />
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                <time dateTime={row.created_at}>{formatStaffDateTime(row.created_at)}</time>
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.header} className={column.className}>
                  {column.cell(row)}
                </TableCell>
              ))}
              <TableCell>
                <Badge variant={STATUS_BADGE[row.status]}>{STATUS_LABELS[row.status]}</Badge>
              </TableCell>
              <TableCell>
                <Select
                  value={row.status}
                  onValueChange={(value) => onStatusChange(row, value)}
                  disabled={updatingId === row.id || bulk.isPending}
                >
                  <SelectTrigger aria-label={`Status of ${name}`} className="h-9 w-32">
                    <SelectValue />
                  </SelectTrigger>
                  <OptionList options={STATUS_OPTIONS} />
                </Select>
              </TableCell>
            </TableRow>
          );
        })}
      </DataTable>
    );
  }

  return (
    <div className="grid gap-6">
      <Metrics metrics={list.data?.metrics} />

      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_auto_auto_auto] md:items-end">
        <SearchField
          id={ids.search}
          label="Search"
          value={search}
          onValueChange={setSearch}
          spellCheck={false}
          fieldClassName="grid gap-2"
        />
        <div className="grid grid-cols-2 gap-3 md:contents">
          <FilterSelect
            id={ids.status}
            label="Status"
            value={status}
            onValueChange={(value) => {
              if (isStatusFilter(value)) setStatus(value);
            }}
            options={INBOX_STATUS_FILTER_OPTIONS}
            triggerClassName="md:w-40"
          />
          <FilterSelect
            id={ids.pageSize}
            label="Rows per page"
            value={String(pageSize)}
            onValueChange={(value) =>
              setPageSize(
                INBOX_PAGE_SIZES.find((size) => String(size) === value) ?? INBOX_PAGE_SIZES[0],
              )
            }
            options={PAGE_SIZE_OPTIONS}
            triggerClassName="md:w-28"
          />
        </div>
        <ExportCsvButton
          pending={exportCsv.isPending}
          onClick={onExport}
          className="w-full md:w-auto"
        />
      </div>

      <div
        role="group"
        aria-labelledby={ids.bulk}
        className={cn(
          'flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3 transition-colors',
          selected.length > 0 ? 'border-gold/50 bg-gold-soft/10' : 'border-border',
        )}
      >
        <p id={ids.bulk} aria-live="polite" className="text-sm font-medium">
          {selected.length} item(s) selected
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => onBulk('reviewed')}
            disabled={selected.length === 0 || bulk.isPending}
          >
            <CheckCheck aria-hidden="true" />
            Mark Reviewed
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setConfirmingArchive(true)}
            disabled={selected.length === 0 || bulk.isPending}
          >
            <Archive aria-hidden="true" />
            Archive
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={confirmingArchive}
        onOpenChange={setConfirmingArchive}
        title={`Archive ${archiveWhat}?`}
        description="They leave the New and Reviewed lists. The Archived filter still shows them, and their status can be changed back there."
        confirmLabel="Archive"
        onConfirm={() => {
          setConfirmingArchive(false);
          onBulk('archived');
        }}
      />

      {body}

      {list.data && total > 0 ? (
        <PaginationBar
          page={page}
          pageSize={pageSize}
          total={total}
          capped={capped}
          onPageChange={setPage}
          busy={list.isFetching}
        />
      ) : null}
    </div>
  );
}
