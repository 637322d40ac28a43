import { ArrowRight } from 'lucide-react';
import { useMemo } from 'react';
import { actionLabel, describeChange, timelineActor } from '#shared/audit-labels.ts';
import type { AuditRow } from '#shared/schemas/audit.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { timelineMemberNames } from './timeline-members.ts';

type Props = {
  /** Newest first, as the server gives them. */
  rows: readonly AuditRow[];
  /** Members the caller can name besides the rows' own actors (the case's assignee). */
  members?: readonly { id: string; name: string }[];
};

/**
 * One applicant's audit rows as a list of events: what happened, when, who (name and role, the
 * e-mail a hover away) and what changed. The case screen and the applicants tab's timeline
 * sheet both show this list, so they read the same.
 */
export function TimelineEvents({ rows, members }: Props) {
  const memberName = useMemo(() => timelineMemberNames(rows, members), [rows, members]);
  return (
    <ol className="grid gap-4" aria-label="Events, newest first">
      {rows.map((row) => (
        <TimelineEvent key={row.id} row={row} memberName={memberName} />
      ))}
    </ol>
  );
}

function TimelineEvent({ row, memberName }: { row: AuditRow; memberName: (id: string) => string }) {
  const changes = describeChange(row.before, row.after, { memberName });
  const actor = timelineActor(row);
  return (
    <li className="border-l-2 border-border pl-4">
      <p className="font-medium">{actionLabel(row.action)}</p>
      <p className="text-xs text-muted-foreground">
        <time dateTime={row.at}>{formatStaffDateTime(row.at)}</time> ·{' '}
        {/* The member's name stands out; their e-mail is a hover away. */}
        <span className="font-medium text-foreground" title={row.actor_email ?? undefined}>
          {actor.name}
        </span>
        {actor.role ? <> · {actor.role}</> : null}
      </p>
      {changes.length > 0 ? (
        <dl className="mt-2 grid gap-1 text-sm">
          {changes.map((change) => (
            <div key={change.key} className="flex flex-wrap items-baseline gap-x-1.5">
              <dt className="text-muted-foreground">{change.label}:</dt>
              <dd className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 wrap-anywhere">
                {change.from !== null ? (
                  <>
                    <span>{change.from}</span>
                    <ArrowRight aria-hidden="true" className="size-3 self-center" />
                    <span className="sr-only">to</span>
                  </>
                ) : null}
                <span className="font-medium">{change.to ?? '—'}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}
