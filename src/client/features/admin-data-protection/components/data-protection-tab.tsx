import { History } from 'lucide-react';
import { useState } from 'react';
import type {
  DataProtectionResponse,
  ErasureRequestRow,
  JobRunRow,
} from '#shared/schemas/data-protection.ts';
import { RETENTION_RULES } from '#shared/retention.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DataTable, TableCell, TableRow } from '#client/components/staff/data-table.tsx';
import { ListSection } from '#client/components/staff/list-section.tsx';
import { useDataProtection } from '#client/lib/staff/api/data-protection.ts';
import { useMayCall, useStaffMember } from '#client/lib/staff/api/get-me.ts';
import { useReturnFocus } from '#client/lib/staff/use-return-focus.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { OVERDUE_EDGE, WaitingLabel } from '#client/components/staff/queue-controls.tsx';
import { cn } from '#client/utils/cn.ts';
import { isBreached } from '#shared/service-levels.ts';
import {
  TabEmpty,
  TabError,
  TabLoading,
  useLoadFailureToast,
} from '#client/components/staff/tab-state.tsx';
import { formatValue } from '#client/components/staff/timeline/timeline-format.ts';
import {
  TimelineSheet,
  type TimelineApplicant,
} from '#client/components/staff/timeline/timeline-sheet.tsx';
import { ApproveErasureButton } from '#client/components/staff/timeline/approve-erasure-button.tsx';

const LOAD_ERROR = 'Failed to load data protection';

/** Short names for the retention rules in a run's counts; the table above has them in full. */
const RULE_NAMES: Record<string, string> = {
  declined: 'Declined applications',
  inactive: 'Inactive applications',
  inbox: 'EOI and contact messages',
  sessions: 'Expired sign-ins',
  mail_bodies: 'E-mail texts',
  provider_payloads: 'Provider messages',
};

const ruleName = (key: string) => RULE_NAMES[key] ?? key.replace(/_/g, ' ');

/** Rule order as the retention table lists them, then anything else the job counted. */
function countsOf(run: JobRunRow): [string, number][] {
  const order: string[] = RETENTION_RULES.map((rule) => rule.key);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.entries(run.counts)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => rank(a) - rank(b));
}

/** The sections shrink with the page; their descriptions keep a readable width. */
const SECTION = { className: 'min-w-0', descriptionClassName: 'max-w-3xl' };

const RUN_STATUS: Record<JobRunRow['status'], { label: string; variant: 'outline' | 'gold' }> = {
  running: { label: 'Running', variant: 'outline' },
  ok: { label: 'Completed', variant: 'gold' },
  failed: { label: 'Failed', variant: 'outline' },
};

function RetentionTable({ rows }: { rows: DataProtectionResponse['retention'] }) {
  return (
    <DataTable label="Retention periods" columns={['What', 'Kept for', 'From']} quietHeader>
      {rows.map((row) => (
        <TableRow key={row.key}>
          <TableCell className="min-w-48">{row.what}</TableCell>
          <TableCell className="font-medium whitespace-nowrap">{row.period}</TableCell>
          <TableCell className="min-w-28">{row.from}</TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}

function RunsTable({ runs }: { runs: JobRunRow[] }) {
  if (runs.length === 0) {
    return (
      <TabEmpty title="No runs yet">
        The retention job runs on a schedule; its runs will appear here.
      </TabEmpty>
    );
  }
  return (
    <DataTable
      label="Retention job runs"
      columns={['Started', 'Finished', 'Status', 'Removed']}
      quietHeader
    >
      {runs.map((run) => {
        const status = RUN_STATUS[run.status];
        const counts = countsOf(run);
        return (
          <TableRow key={run.id}>
            <TableCell className="whitespace-nowrap">
              <time dateTime={run.started_at}>{formatStaffDateTime(run.started_at)}</time>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {run.finished_at ? (
                <time dateTime={run.finished_at}>{formatStaffDateTime(run.finished_at)}</time>
              ) : (
                '—'
              )}
            </TableCell>
            <TableCell>
              <Badge
                variant={status.variant}
                className={run.status === 'failed' ? 'border-destructive-text/50' : undefined}
              >
                {status.label}
              </Badge>
              {run.error ? (
                <p className="mt-1 max-w-64 text-xs text-muted-foreground wrap-anywhere">
                  {run.error}
                </p>
              ) : null}
            </TableCell>
            <TableCell className="min-w-48">
              {counts.length === 0 ? (
                <span className="text-muted-foreground">Nothing due</span>
              ) : (
                <ul className="grid gap-0.5">
                  {counts.map(([key, n]) => (
                    <li key={key}>
                      {ruleName(key)}: <span className="font-medium">{n}</span>
                    </li>
                  ))}
                </ul>
              )}
            </TableCell>
          </TableRow>
        );
      })}
    </DataTable>
  );
}

function RequestCard({
  request,
  selfId,
  mayApprove,
  onTimeline,
}: {
  request: ErasureRequestRow & { due_at: string };
  selfId: string | null;
  mayApprove: boolean;
  onTimeline: () => void;
}) {
  const name = request.full_name ?? 'Unknown Applicant';
  const mine = request.requested_by.id === selfId;
  return (
    <li
      className={cn(
        'grid gap-3 rounded-lg border border-border bg-card p-4 sm:p-5',
        isBreached(request.due_at) && OVERDUE_EDGE,
      )}
      data-testid="erasure-request-row"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-medium wrap-anywhere">{name}</h3>
        <Badge variant="outline">{formatValue('stage', request.stage)}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        Requested by{' '}
        <span className="font-medium text-foreground">{request.requested_by.name}</span> on{' '}
        <time dateTime={request.requested_at}>{formatStaffDateTime(request.requested_at)}</time>
      </p>
      <p className="text-sm">
        <WaitingLabel since={request.requested_at} dueAt={request.due_at} />
      </p>
      <p className="text-sm wrap-anywhere">
        <span className="text-muted-foreground">Reason: </span>
        {request.reason}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={onTimeline}>
          <History aria-hidden="true" />
          Timeline
          <span className="sr-only"> for {name}</span>
        </Button>
        {mine ? (
          <span className="text-sm text-muted-foreground">
            You requested this: another member must approve it.
          </span>
        ) : mayApprove ? (
          <ApproveErasureButton basicId={request.basic_id} name={name} label="Approve" size="sm" />
        ) : null}
      </div>
    </li>
  );
}

/**
 * CONTRACT §6 for owners and compliance: how long personal data is kept, what the retention
 * job did, and the erasure requests waiting for a second member.
 */
export default function DataProtectionTab() {
  const view = useDataProtection();
  const me = useStaffMember();
  const mayApprove = useMayCall('admin-applicant-erase-approve');
  const focus = useReturnFocus();
  // The applicant stays after closing, so the sheet can slide out with its content.
  const [timeline, setTimeline] = useState<{ open: boolean; row: TimelineApplicant | null }>({
    open: false,
    row: null,
  });

  useLoadFailureToast(view, 'admin-data-protection', LOAD_ERROR);

  if (view.isPending) return <TabLoading label="Loading data protection..." />;
  if (view.isError) return <TabError message={LOAD_ERROR} onRetry={() => void view.refetch()} />;

  const { retention, runs, requests } = view.data;
  return (
    <div className="grid gap-10">
      <ListSection
        {...SECTION}
        id="dp-requests-title"
        title="Erasure requests"
        description="An erasure is carried out when a second member, an owner or compliance, approves it. Members' records are kept for anti-money-laundering law."
      >
        {requests.length === 0 ? (
          <TabEmpty title="No pending requests">
            Request an erasure from an applicant&apos;s timeline.
          </TabEmpty>
        ) : (
          <ul className="grid gap-3" aria-label="Pending erasure requests">
            {requests.map((request) => (
              <RequestCard
                key={request.id}
                request={request}
                selfId={me?.id ?? null}
                mayApprove={mayApprove}
                onTimeline={() => {
                  focus.remember();
                  setTimeline({
                    open: true,
                    row: {
                      id: request.basic_id,
                      full_name: request.full_name,
                      email: null,
                      stage: request.stage,
                    },
                  });
                }}
              />
            ))}
          </ul>
        )}
      </ListSection>
      <ListSection
        {...SECTION}
        id="dp-runs-title"
        title="Recent runs"
        description="The retention job removes what is past its period, on one instance at a time."
      >
        <RunsTable runs={runs} />
      </ListSection>
      <ListSection
        {...SECTION}
        id="dp-retention-title"
        title="Retention"
        description="How long personal data is kept. The privacy notice is written from the same table."
      >
        <RetentionTable rows={retention} />
      </ListSection>
      <TimelineSheet
        applicant={timeline.row}
        open={timeline.open}
        onClose={() => setTimeline((current) => ({ ...current, open: false }))}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </div>
  );
}
