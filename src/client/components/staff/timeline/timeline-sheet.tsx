import { X } from 'lucide-react';
import type { ApplicantRow } from '#shared/schemas/admin-lists.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '#client/components/ui/sheet.tsx';
import { useTimeline } from '#client/lib/staff/api/audit.ts';
import { TabEmpty, TabError, TabLoading } from '../tab-state.tsx';
import { TimelineEvents } from './timeline-events.tsx';
import { applicantName } from '#client/lib/staff/applicant-name.ts';
import { CasePanel } from './case-panel.tsx';
import { ExportApplicantButton } from './export-applicant-button.tsx';

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
          <TimelineEvents rows={timeline.data.data} />
        )}
      </div>
    </>
  );
}
