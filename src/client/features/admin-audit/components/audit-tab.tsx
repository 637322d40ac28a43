import { Download, LoaderCircle } from 'lucide-react';
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
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { toastFailure } from '#client/lib/react-query.ts';
import { cn } from '#client/utils/cn.ts';
import {
  useAuditLog,
  useExportAuditCsv,
  type AuditLogFilters,
} from '#client/lib/staff/api/audit.ts';
import { PaginationBar } from '#client/components/staff/pagination-bar.tsx';
import { TabEmpty, TabError, TabLoading } from '#client/components/staff/tab-state.tsx';

const LOAD_ERROR = 'Failed to load audit log';
const NO_FILTERS: AuditLogFilters = { member: 'all', action: 'all', from: '', to: '' };

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
        <Table
          label="Audit log"
          aria-busy={refreshing || undefined}
          className={cn('table-fixed', refreshing && 'opacity-60 transition-opacity')}
        >
          <colgroup>
            <col className="w-[11.5rem]" />
            <col className="w-[11rem]" />
            <col className="w-[12rem]" />
            <col className="w-[12rem]" />
            <col />
          </colgroup>
          <TableHeader>
            <TableRow>
              <TableHead>Time</TableHead>
              <TableHead>Member</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Target</TableHead>
              <TableHead>Details</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
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
          </TableBody>
        </Table>
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
        <div className="grid gap-2">
          <Label htmlFor={ids.member}>Member</Label>
          <Select value={filters.member} onValueChange={set('member')}>
            <SelectTrigger id={ids.member} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All members</SelectItem>
              {members.map((member) => (
                <SelectItem key={member.id} value={member.id}>
                  {member.name} ({STAFF_ROLE_LABELS[member.role]})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.action}>Action</Label>
          <Select value={filters.action} onValueChange={set('action')}>
            <SelectTrigger id={ids.action} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All actions</SelectItem>
              {AUDIT_ACTION_OPTIONS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.from}>From</Label>
          <Input
            id={ids.from}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => set('from')(event.target.value)}
            aria-describedby={ids.dates}
            className="lg:w-40"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.to}>To</Label>
          <Input
            id={ids.to}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => set('to')(event.target.value)}
            aria-describedby={ids.dates}
            className="lg:w-40"
          />
        </div>
        <Button
          variant="outline"
          onClick={onExport}
          disabled={exportCsv.isPending || datesOutOfOrder}
          className="w-full sm:col-span-2 lg:col-span-1 lg:w-auto"
        >
          {exportCsv.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <Download aria-hidden="true" />
          )}
          {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      <p id={ids.dates} className="-mt-3 text-xs text-muted-foreground">
        Days are UK days (London time), both included. Times show seconds and GMT or BST.
      </p>
      {body}
    </div>
  );
}
