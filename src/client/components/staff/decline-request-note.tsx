import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PendingDecline } from '#shared/schemas/case.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';

/** A decline asked for and waiting for a second member (CONTRACT §9): who asked, when and why. */
export function DeclineRequestNote({
  request,
  mine,
  children,
}: {
  request: PendingDecline;
  /** The signed-in member asked for it. */
  mine: boolean;
  /** After it, for another member: where it is decided. */
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-1.5 text-sm wrap-anywhere" data-testid="decline-request">
      <p className="flex items-start gap-2 font-medium">
        <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>Decline requested — waiting for a second member's approval</span>
      </p>
      <p>
        <span className="text-muted-foreground">
          Requested by{' '}
          <span className="font-medium text-foreground">{request.requested_by.name}</span> on{' '}
          <time dateTime={request.requested_at}>{formatStaffDateTime(request.requested_at)}</time>
          :{' '}
        </span>
        {request.reason}
      </p>
      {mine ? (
        <p className="text-muted-foreground">You asked for this: another member must approve it.</p>
      ) : (
        children
      )}
    </div>
  );
}
