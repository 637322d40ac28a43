import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  actionLabel,
  AUDIT_ACTION_OPTIONS,
  describeChange,
  describeTarget,
  timelineActor,
} from '#shared/audit-labels.ts';
import {
  AUDIT_DATE_ORDER_MESSAGE,
  AUDIT_PAGE_SIZE,
  type AuditMember,
  type AuditRow,
} from '#shared/schemas/audit.ts';
import { STAFF_ROLE_LABELS } from '#shared/staff.ts';
import { formatUkDateTimeSeconds } from '#shared/uk-time.ts';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { DataTable, TableCell, TableRow } from '#client/components/staff/data-table.tsx';
import { ExportCsvButton, FilterSelect } from '#client/components/staff/list-filters.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { toastFailure } from '#client/lib/react-query.ts';
import {
  useAuditLog,
  useExportAuditCsv,
  type AuditLogFilters,
} from '#client/lib/staff/api/audit.ts';
import { PaginationBar } from '#client/components/staff/pagination-bar.tsx';
import { TabEmpty, TabError, TabLoading } from '#client/components/staff/tab-state.tsx';

const LOAD_ERROR = 'Failed to load audit log';
const NO_FILTERS: AuditLogFilters = { member: 'all', action: 'all', from: '', to: '' };

/** The log's columns, each with its width (the details take the rest). */
const COLUMNS = [
  { key: 'time', header: 'Time', width: 'w-[11.5rem]' },
  { key: 'member', header: 'Member', width: 'w-[11rem]' },
  { key: 'action', header: 'Action', width: 'w-[12rem]' },
  { key: 'target', header: 'Target', width: 'w-[12rem]' },
  { key: 'details', header: 'Details', width: undefined },
];

/** The From and To day filters: each bounds the other, both described by the note on UK days. */
function DayRange({
  ids,
  range,
  onChange,
  describedBy,
}: {
  ids: { from: string; to: string };
  range: { from: string; to: string };
  onChange: (end: 'from' | 'to') => (value: string) => void;
  describedBy: string;
}) {
  return (['from', 'to'] as const).map((end) => (
    <div key={end} className="grid gap-2">
      <Label htmlFor={ids[end]}>{end === 'from' ? 'From' : 'To'}</Label>
      <Input
        id={ids[end]}
        type="date"
        value={range[end]}
        min={end === 'to' ? range.from || undefined : undefined}
        max={end === 'from' ? range.to || undefined : undefined}
        onChange={(event) => onChange(end)(event.target.value)}
        aria-describedby={describedBy}
        className="lg:w-40"
      />
    </div>
  ));
}

/** Toasts and logs a failure, unless the token was refused (the gate says so instead). */
/** A failed load or act: logged as `<context> failed`, toasted as `message` (never a 401). */
function reportFailure(context: string, message: string, error: unknown) {
  toastFailure(message, context, { errorDescription: false })(error);
}

/** The message of a refused filter (400), else the tab's own. */
function loadErrorMessage(error: unknown): string {
  return isApiError(error) && error.status === 400 ? error.message : LOAD_ERROR;
}

function Details({
  row,
  memberName,
}: {
  row: AuditRow;
  memberName: (id: string) => string | undefined;
}) {
  const changes = describeChange(row.before, row.after, { seconds: true, memberName });
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-0.5">
      {changes.map((change) => (
        <li key={change.key} className="break-words">
          <span className="text-muted-foreground">{change.label}:</span>{' '}
          {change.from === null ? (
            change.to
          ) : change.to === null ? (
            <>was {change.from}</>
          ) : (
            <>
              {change.from} <span aria-hidden="true">→</span>
              <span className="sr-only">to</span> {change.to}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The audit view (issue 14): the whole audit log, newest first, filtered by member, action
 * and UK day, in words (no raw keys), times with seconds and GMT/BST, and exportable as a
 * CSV under the same filters. Owners and compliance only (TAB_CALLS).
 */
export default function AuditTab() {
  const ids = { member: useId(), action: useId(), from: useId(), to: useId(), dates: useId() };
  const [filters, setFilters] = useState<AuditLogFilters>(NO_FILTERS);
  const filterKey = JSON.stringify(filters);
  // A page belongs to the filters it was chosen under (React's "adjust state on change").
  const [pageState, setPageState] = useState({ filterKey, page: 1 });
  if (pageState.filterKey !== filterKey) setPageState({ filterKey, page: 1 });
  const page = pageState.filterKey === filterKey ? pageState.page : 1;

  // Checked here too, so a half-typed range asks the server nothing.
  const datesOutOfOrder = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const list = useAuditLog({ ...filters, page, pageSize: AUDIT_PAGE_SIZE });
  const exportCsv = useExportAuditCsv();

  // The member list comes with every answer; keep the last one while another loads.
  const [members, setMembers] = useState<AuditMember[]>([]);
  const answered = list.data?.members;
  if (answered && answered !== members) setMembers(answered);
  const names = useMemo(() => new Map(members.map((m) => [m.id, m.name])), [members]);
  const memberName = (id: string) => names.get(id);

  useEffect(() => {
    if (list.isError) reportFailure('audit list', loadErrorMessage(list.error), list.error);
  }, [list.isError, list.error, list.errorUpdatedAt]);

  const set = (key: keyof AuditLogFilters) => (value: string) =>
    setFilters((current) => ({ ...current, [key]: value }));

  const onExport = () => {
    exportCsv.mutate(filters, {
      onSuccess: () =>
        toast.success('Export ready', { description: 'CSV downloaded successfully' }),
      onError: (error) =>
        reportFailure(
          'audit export',
          isApiError(error) && error.status === 400 ? error.message : 'Export failed',
          error,
        ),
    });
  };

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const refreshing = list.isFetching && list.isPlaceholderData;
  const filtered =
    filters.member !== 'all' ||
    filters.action !== 'all' ||
    filters.from !== '' ||
    filters.to !== '';

  let body: ReactNode;
  if (datesOutOfOrder) {
    body = <TabError message={AUDIT_DATE_ORDER_MESSAGE} />;
  } else if (list.isPending) {
    body = <TabLoading />;
  } else if (list.isError && (!list.data || list.isPlaceholderData)) {
    body = <TabError message={loadErrorMessage(list.error)} onRetry={() => void list.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <TabEmpty title="No audit entries found">
        {filtered ? 'Try other filters or a wider date range.' : null}
      </TabEmpty>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <DataTable label="Audit log" columns={COLUMNS} busy={refreshing} className="table-fixed">
          {rows.map((row) => {
            const actor = timelineActor(row);
            const target = describeTarget(row);
            return (
              <TableRow key={row.id} className="align-top">
                <TableCell className="tabular-nums">
                  <time dateTime={row.at}>{formatUkDateTimeSeconds(row.at)}</time>
                </TableCell>
                <TableCell>
                  <span className="block truncate font-medium" title={actor.name}>
                    {actor.name}
                  </span>
                  {actor.role ? (
                    <span className="block text-xs text-muted-foreground">{actor.role}</span>
                  ) : null}
                </TableCell>
                <TableCell className="break-words whitespace-normal">
                  {actionLabel(row.action)}
                </TableCell>
                <TableCell>
                  <span className="block truncate" title={target}>
                    {target}
                  </span>
                </TableCell>
                <TableCell className="text-xs whitespace-normal">
                  <Details row={row} memberName={memberName} />
                </TableCell>
              </TableRow>
            );
          })}
        </DataTable>
        <PaginationBar
          page={page}
          pageSize={AUDIT_PAGE_SIZE}
          total={total}
          capped={list.data?.total_capped}
          onPageChange={(next) => setPageState({ filterKey, page: next })}
          busy={list.isFetching}
        />
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto_auto] lg:items-end">
        <FilterSelect
          id={ids.member}
          label="Member"
          value={filters.member}
          onValueChange={set('member')}
          options={[
            { value: 'all', label: 'All members' },
            ...members.map((member) => ({
              value: member.id,
              label: `${member.name} (${STAFF_ROLE_LABELS[member.role]})`,
            })),
          ]}
          triggerClassName="w-full"
        />
        <FilterSelect
          id={ids.action}
          label="Action"
          value={filters.action}
          onValueChange={set('action')}
          options={[{ value: 'all', label: 'All actions' }, ...AUDIT_ACTION_OPTIONS]}
          triggerClassName="w-full"
        />
        <DayRange ids={ids} range={filters} onChange={set} describedBy={ids.dates} />
        <ExportCsvButton
          pending={exportCsv.isPending}
          disabled={datesOutOfOrder}
          onClick={onExport}
          className="w-full sm:col-span-2 lg:col-span-1 lg:w-auto"
        />
      </div>
      <p id={ids.dates} className="-mt-3 text-xs text-muted-foreground">
        Days are UK days (London time), both included. Times show seconds and GMT or BST.
      </p>
      {body}
    </div>
  );
}
