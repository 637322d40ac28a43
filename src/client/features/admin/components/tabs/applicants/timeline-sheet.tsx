import { ArrowRight, X } from 'lucide-react';
import type { ApplicantRow, AuditRow } from '../../../../../../shared/schemas/admin-lists.ts';
import { Button } from '../../../../../components/ui/button.tsx';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '../../../../../components/ui/sheet.tsx';
import { useTimeline } from '../../../api/audit.ts';
import { TabEmpty, TabError, TabLoading } from '../../common/tab-state.tsx';
import { applicantName } from './applicants-table.tsx';
import { CasePanel } from './case-panel.tsx';
import { ExportApplicantButton } from './export-applicant-button.tsx';
import { actionLabel, describeChange, timelineActor } from './timeline-format.ts';
import { formatStaffDateTime } from '../../../utils/format-date.ts';

/** What the sheet needs of an applicant: a list row, or a pending erasure request's applicant. */
export type TimelineApplicant = Pick<ApplicantRow, 'id' | 'full_name' | 'email' | 'stage'>;

type Props = {
  /** The row it is about; kept while the sheet slides out. */
  applicant: TimelineApplicant | null;
  open: boolean;
  onClose: () => void;
  /** Where focus goes when it closes (see useReturnFocus). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** One applicant's history from the audit log, newest first. */
export function TimelineSheet({ applicant, open, onClose, onCloseAutoFocus }: Props) {
  return (
    <Sheet
      open={open && applicant !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
    >
      <SheetContent className="w-full max-w-lg sm:w-[90%]" onCloseAutoFocus={onCloseAutoFocus}>
        {applicant ? <TimelineContent applicant={applicant} /> : null}
      </SheetContent>
    </Sheet>
  );
}

function TimelineContent({ applicant }: { applicant: TimelineApplicant }) {
  const timeline = useTimeline(applicant.id);
  return (
    <>
      <SheetHeader className="relative border-b border-border pr-14">
        <SheetTitle>Timeline</SheetTitle>
        <SheetDescription>
          {/* Once erased, the name the list showed is gone from the server too. */}
          {timeline.data?.case?.erased_at ? (
            'Erased applicant'
          ) : (
            <>
              {applicantName(applicant)}
              {applicant.full_name && applicant.email ? ` · ${applicant.email}` : null}
            </>
          )}
        </SheetDescription>
        <ExportApplicantButton basicId={applicant.id} />
        <SheetClose asChild>
          <Button variant="ghost" size="icon" className="absolute top-4 right-4" aria-label="Close">
            <X aria-hidden="true" />
          </Button>
        </SheetClose>
      </SheetHeader>
      {/* Focusable, so a keyboard can scroll a long history. */}
      <div
        className="min-h-0 flex-1 overflow-y-auto px-6 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        tabIndex={0}
        role="region"
        aria-label="Timeline events"
      >
        {timeline.data ? (
          <CasePanel
            basicId={applicant.id}
            name={applicantName(applicant)}
            stage={applicant.stage}
            data={timeline.data.case ?? null}
          />
        ) : null}
        {timeline.isPending ? (
          <TabLoading label="Loading timeline..." />
        ) : timeline.isError ? (
          <TabError message="Failed to load the timeline" onRetry={() => void timeline.refetch()} />
        ) : timeline.data.data.length === 0 ? (
          <TabEmpty title="No events recorded yet" />
        ) : (
          <ol className="grid gap-4" aria-label="Events, newest first">
            {timeline.data.data.map((row) => (
              <TimelineEntry key={row.id} row={row} />
            ))}
          </ol>
        )}
      </div>
    </>
  );
}

function TimelineEntry({ row }: { row: AuditRow }) {
  const changes = describeChange(row.before, row.after);
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
