import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatValue } from '#shared/audit-labels.ts';
import {
  MLRO_DECISION_LABELS,
  type EscalationRow,
  type StaffRef,
} from '#shared/schemas/casework.ts';
import { isBreached } from '#shared/service-levels.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { OVERDUE_EDGE, WaitingLabel } from '#client/components/staff/queue-controls.tsx';
import { paths } from '#client/config/paths.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { cn } from '#client/utils/cn.ts';

/** The applicant's name as the queue shows it. */
export const escalationName = (row: EscalationRow) => row.full_name ?? 'Unknown Applicant';

/** 'Sam Compliance on 4 Mar 2025, 14:05'. */
function ByOn({ by, at }: { by: StaffRef | null; at: string }) {
  return (
    <>
      <span className="font-medium text-foreground">{by?.name ?? 'A former member'}</span> on{' '}
      <time dateTime={at}>{formatStaffDateTime(at)}</time>
    </>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One escalated case: the applicant (a link to their case) and stage, who escalated it, when
 * and why; open, how long it has waited and when it is due, and 'Record decision'; closed, the
 * decision, the report's reference, the MLRO's reason, and who decided when.
 */
export function EscalationCard({ row, onDecide }: { row: EscalationRow; onDecide: () => void }) {
  const headingId = useId();
  const name = escalationName(row);
  const open = row.status === 'open';
  const items: [string, ReactNode][] = [
    ['Escalated by', <ByOn key="by" by={row.escalated_by} at={row.escalated_at} />],
    ['Reason', row.reason],
  ];
  if (!open) {
    if (row.reference) items.push(['Reference', row.reference]);
    if (row.decision_reason) items.push(["MLRO's reason", row.decision_reason]);
    if (row.decided_at) {
      items.push(['Decided by', <ByOn key="decided" by={row.decided_by} at={row.decided_at} />]);
    }
  }
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'grid gap-3 rounded-lg border border-border bg-card p-4 sm:p-5',
        open && isBreached(row.due_at) && OVERDUE_EDGE,
      )}
      data-testid="escalation-row"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id={headingId} className="font-medium wrap-anywhere">
          <Link
            to={paths.adminCase.getHref(row.basic_id)}
            className="underline underline-offset-4 hover:text-gold"
          >
            {name}
          </Link>
        </h3>
        {/* The stage in the Applicants list's words, as the other staff lists show it. */}
        <Badge variant="outline">{formatValue('stage', row.stage)}</Badge>
        {!open && row.decision ? (
          <Badge variant={row.decision === 'reported' ? 'default' : 'secondary'}>
            {MLRO_DECISION_LABELS[row.decision]}
          </Badge>
        ) : null}
      </div>
      {open ? (
        <div className="text-sm">
          <WaitingLabel since={row.escalated_at} dueAt={row.due_at} />
        </div>
      ) : null}
      <Facts items={items} />
      {open ? (
        <div>
          <Button size="sm" onClick={onDecide} aria-label={`Record decision for ${name}`}>
            Record decision
          </Button>
        </div>
      ) : null}
    </article>
  );
}
