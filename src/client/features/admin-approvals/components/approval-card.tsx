import { Check, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { isBreached } from '#shared/service-levels.ts';
import type { ApprovalRow } from '#shared/schemas/casework.ts';
import type { StaffMember } from '#shared/staff.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { OVERDUE_EDGE, WaitingLabel } from '#client/components/staff/queue-controls.tsx';
import { paths } from '#client/config/paths.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { cn } from '#client/utils/cn.ts';
import { kindLabel, kindPhrase, whyNotDecide } from '../utils/approval-kinds.ts';

export type ApprovalAction = 'approve' | 'reject';

/** The applicant's name as the queue shows it (null once erased, which ends the request). */
export const approvalName = (row: ApprovalRow) => row.full_name ?? 'Unknown Applicant';

/**
 * One request of the queue: its kind, the applicant (a link to their case), who asked and when,
 * how long it has waited and when it is due, what is asked and why, and Approve / Reject for a
 * member who may decide it (never the one who asked).
 */
export function ApprovalCard({
  row,
  staff,
  onDecide,
}: {
  row: ApprovalRow;
  staff: StaffMember;
  onDecide: (row: ApprovalRow, action: ApprovalAction) => void;
}) {
  const headingId = useId();
  const name = approvalName(row);
  const blocked = whyNotDecide(row, staff);
  // 'Approve decline for Amelia Hart': each button says what it decides, for whom.
  const what = `${kindPhrase(row.kind)} for ${name}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'grid gap-3 rounded-lg border border-border bg-card p-4 sm:p-5',
        isBreached(row.due_at) && OVERDUE_EDGE,
      )}
      data-testid="approval-row"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Badge variant="outline">{kindLabel(row.kind)}</Badge>
        <h3 id={headingId} className="font-medium wrap-anywhere">
          <Link
            to={paths.adminCase.getHref(row.basic_id)}
            className="underline underline-offset-4 hover:text-gold"
          >
            {name}
          </Link>
        </h3>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="text-muted-foreground">
          Requested by <span className="font-medium text-foreground">{row.requested_by_name}</span>{' '}
          on <time dateTime={row.requested_at}>{formatStaffDateTime(row.requested_at)}</time>
        </span>
        <WaitingLabel since={row.requested_at} dueAt={row.due_at} />
      </div>
      {row.detail || row.reason ? (
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          {row.detail ? (
            <>
              <dt className="text-muted-foreground">Asked</dt>
              <dd className="wrap-anywhere">{row.detail}</dd>
            </>
          ) : null}
          {row.reason ? (
            <>
              <dt className="text-muted-foreground">Reason</dt>
              <dd className="wrap-anywhere">{row.reason}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {blocked ? (
        <p className="text-sm text-muted-foreground">{blocked}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onDecide(row, 'approve')} aria-label={`Approve ${what}`}>
            <Check aria-hidden="true" />
            Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onDecide(row, 'reject')}
            aria-label={`Reject ${what}`}
          >
            <X aria-hidden="true" />
            Reject
          </Button>
        </div>
      )}
    </article>
  );
}
