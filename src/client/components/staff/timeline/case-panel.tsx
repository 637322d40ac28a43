import { useQuery } from '@tanstack/react-query';
import { Ban, Eraser, Hourglass } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { ApplicationCase } from '#shared/schemas/data-protection.ts';
import { ERASURE_REASON_LABELS } from '#shared/retention.ts';
import { canDecline as stageMayDecline } from '#shared/case-rules.ts';
import type { Stage } from '#shared/stages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { caseQueryOptions } from '#client/lib/staff/api/case.ts';
import { useMayCall, useStaffMember } from '#client/lib/staff/api/get-me.ts';
import { formatStaffDate, formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { ApproveErasureButton } from './approve-erasure-button.tsx';
import { DeclineRequestNote } from '../decline-request-note.tsx';
import { ReasonDialog, type ReasonKind } from '../reason-dialog.tsx';
import { formatValue } from './timeline-format.ts';

/** Set apart from the events below it. */
const FRAME = 'mb-5 grid gap-3 border-b border-border pb-5';

const stageName = (stage: Stage) => formatValue('stage', stage);

function Block({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      className="grid gap-1.5 rounded-lg border border-border bg-muted/50 px-4 py-3 text-sm wrap-anywhere"
    >
      {children}
    </section>
  );
}

/** Once erased only the tombstone remains: dates, the stage reached and why. */
function Tombstone({ data }: { data: ApplicationCase & { erased_at: string } }) {
  const why = data.erasure_reason ? ERASURE_REASON_LABELS[data.erasure_reason] : null;
  return (
    <Block label="Erased">
      <p className="flex items-start gap-2 font-medium" data-testid="tombstone">
        <Eraser aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          Personal data erased on {formatStaffDate(data.erased_at)}
          {why ? ` (${why})` : null}
        </span>
      </p>
      <p className="text-muted-foreground">Stage reached: {stageName(data.stage)}</p>
      <p className="text-muted-foreground">Applied on {formatStaffDate(data.created_at)}</p>
      {data.declined_at ? (
        <p className="text-muted-foreground">Declined on {formatStaffDate(data.declined_at)}</p>
      ) : null}
    </Block>
  );
}

type Props = {
  basicId: string;
  /** The applicant, as the buttons and dialogs name them. */
  name: string;
  /** The stage from the list, while the server gives no case (it always should). */
  stage: Stage;
  data: ApplicationCase | null;
};

/**
 * The data-protection side of one applicant (CONTRACT §6) at the top of their timeline: the
 * decline and its internal reason, a decline or an erasure waiting for a second member, the
 * tombstone, and 'Request decline' / 'Request erasure' for members who may.
 */
export function CasePanel({ basicId, name, stage: listed, data }: Props) {
  const me = useStaffMember();
  const may = {
    decline: useMayCall('admin-applicant-decline'),
    erase: useMayCall('admin-applicant-erase'),
    approve: useMayCall('admin-applicant-erase-approve'),
  };
  // The kind outlives the dialog's opening, so its text stays while it animates closed.
  const [dialog, setDialog] = useState<{ kind: ReasonKind; open: boolean }>({
    kind: 'decline',
    open: false,
  });
  const openDialog = (kind: ReasonKind) => setDialog({ kind, open: true });
  const stage = data?.stage ?? listed;
  const mayDecline = may.decline && stageMayDecline(stage) && !data?.erased_at;
  // The timeline does not carry a decline waiting for approval; the case does (the members who
  // may decline may read it), and it is read again after any staff action. Not once erasure is
  // asked for: approving it erases the applicant, and reading their case again would find nothing.
  const readCase = mayDecline && !data?.erasure_request;
  const pendingCase = useQuery({ ...caseQueryOptions(basicId), enabled: readCase });
  const declineRequest = readCase ? (pendingCase.data?.decline_request ?? null) : null;

  if (data?.erased_at) {
    return (
      <div className={FRAME}>
        <Tombstone data={{ ...data, erased_at: data.erased_at }} />
      </div>
    );
  }

  const request = data?.erasure_request ?? null;
  // Until the case has said whether a decline already waits, no button to ask for another (if it
  // cannot say, the server refuses a second request in the dialog).
  const canDecline = mayDecline && !(readCase && pendingCase.isPending) && declineRequest === null;
  // Members' records are kept by law; one request at a time.
  const canRequest = may.erase && stage !== 'activated' && request === null;
  const mine = request !== null && me !== null && request.requested_by.id === me.id;

  const blocks: ReactNode[] = [];
  if (data?.declined_at) {
    blocks.push(
      <Block key="declined" label="Declined">
        <p className="flex items-start gap-2 font-medium">
          <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>Declined on {formatStaffDateTime(data.declined_at)}</span>
        </p>
        {data.decline_reason ? (
          <p>
            <span className="text-muted-foreground">Reason (internal): </span>
            {data.decline_reason}
          </p>
        ) : null}
      </Block>,
    );
  }
  if (declineRequest && mayDecline) {
    blocks.push(
      <Block key="decline-request" label="Decline request">
        <DeclineRequestNote
          request={declineRequest}
          mine={me !== null && declineRequest.requested_by.id === me.id}
        />
      </Block>,
    );
  }
  if (request) {
    blocks.push(
      <Block key="erasure" label="Erasure request">
        <p className="flex items-start gap-2" data-testid="erasure-request">
          <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>
            <span className="font-medium">
              Erasure requested by {request.requested_by.name} on{' '}
              {formatStaffDateTime(request.requested_at)}
            </span>
            : {request.reason}
          </span>
        </p>
        {mine || !may.approve ? (
          <p className="text-muted-foreground">
            {mine
              ? 'You requested this erasure: it awaits approval by another member.'
              : 'Awaiting approval by an owner or compliance member.'}
          </p>
        ) : (
          <div className="mt-1">
            <ApproveErasureButton basicId={basicId} name={name} size="sm" />
          </div>
        )}
      </Block>,
    );
  }

  if (blocks.length === 0 && !canDecline && !canRequest) return null;
  return (
    <div className={FRAME}>
      {blocks}
      {canDecline || canRequest ? (
        <div className="flex flex-wrap gap-2">
          {canDecline ? (
            <Button variant="outline" size="sm" onClick={() => openDialog('decline')}>
              <Ban aria-hidden="true" />
              Request decline
            </Button>
          ) : null}
          {canRequest ? (
            <Button variant="outline" size="sm" onClick={() => openDialog('erase')}>
              <Eraser aria-hidden="true" />
              Request erasure
            </Button>
          ) : null}
        </div>
      ) : null}
      {/* Kept mounted while the buttons change, so the answer is always handled. */}
      <ReasonDialog
        kind={dialog.kind}
        basicId={basicId}
        name={name}
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
    </div>
  );
}
