import { Check, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { mayCall } from '#shared/calls.ts';
import { ZScreeningAlertDecisionRequest, type ScreeningAlert } from '#shared/schemas/screening.ts';
import type { StaffMember } from '#shared/staff.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  useApproveScreeningClearance,
  useClearScreeningAlert,
  useConfirmScreeningAlert,
} from '#client/lib/staff/api/screening-alerts.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { alertApplicantName, askedToClear } from './screening-format.ts';

const REASON = {
  label: 'Reason (internal)',
  schema: ZScreeningAlertDecisionRequest.shape.reason,
};
const INTERNAL = 'The reason stays internal and is never shown or sent to the applicant.';

type ActionProps = { alert: ScreeningAlert; name: string; size?: 'default' | 'sm' | undefined };

/** What confirming means for the applicant, by the kind of listing (CONTRACT §8). */
function confirmEffect(alert: ScreeningAlert): string {
  return alert.kind === 'sanctions'
    ? 'A confirmed sanctions match blocks every offer and activation for this applicant.'
    : 'A confirmed PEP match means any offer to this applicant needs a second member’s approval (four eyes).';
}

function ConfirmMatchButton({ alert, name, size }: ActionProps) {
  const [open, setOpen] = useState(false);
  const confirm = useConfirmScreeningAlert();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="destructive"
          size={size}
          onClick={() => setOpen(true)}
          disabled={confirm.isPending}
          aria-label={`Confirm match for ${name}`}
        >
          <ShieldAlert aria-hidden="true" />
          Confirm match
        </Button>
      }
      title="Confirm match"
      titleClassName="wrap-anywhere"
      description={`${name} is ${alert.entry.name}, as listed. ${confirmEffect(alert)} This cannot be undone. ${INTERNAL}`}
      reason={REASON}
      confirmLabel="Confirm match"
      busyLabel="Confirming..."
      failure="Failed to confirm the match"
      onConfirm={(reason) =>
        confirm
          .mutateAsync({ alert_id: alert.id, reason })
          .then(() => toast.success('Match confirmed'))
      }
    />
  );
}

function ClearButton({ alert, name, size }: ActionProps) {
  const [open, setOpen] = useState(false);
  const clear = useClearScreeningAlert();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="outline"
          size={size}
          onClick={() => setOpen(true)}
          disabled={clear.isPending}
          aria-label={`Clear as false positive for ${name}`}
        >
          <ShieldCheck aria-hidden="true" />
          Clear as false positive
        </Button>
      }
      title="Clear as false positive"
      titleClassName="wrap-anywhere"
      description={`${name} is not ${alert.entry.name}: record why. The alert is cleared only when a second member (an owner or compliance, not you) approves it; until then it stays live. ${INTERNAL}`}
      reason={REASON}
      variant="default"
      confirmLabel="Ask for clearance"
      busyLabel="Asking..."
      failure="Failed to ask for clearance"
      onConfirm={(reason) =>
        clear
          .mutateAsync({ alert_id: alert.id, reason })
          .then(() => toast.success('Clearance requested: a second member must approve it'))
      }
    />
  );
}

function ApproveClearanceButton({ alert, name, size }: ActionProps) {
  const [open, setOpen] = useState(false);
  const approve = useApproveScreeningClearance();
  const request = alert.clear_request;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          size={size}
          onClick={() => setOpen(true)}
          disabled={approve.isPending}
          aria-label={`Approve clearance for ${name}`}
        >
          <Check aria-hidden="true" />
          Approve clearance
        </Button>
      }
      title="Approve clearance"
      titleClassName="wrap-anywhere"
      description={
        <>
          {request ? (
            <>
              {request.by} asked to clear the match of {name} with {alert.entry.name} as a false
              positive: “{request.reason}”.{' '}
            </>
          ) : null}
          Approving closes the alert, and it no longer holds the applicant. This cannot be undone.
        </>
      }
      variant="default"
      confirmLabel="Approve clearance"
      busyLabel="Approving..."
      failure="Failed to approve the clearance"
      onConfirm={() =>
        approve.mutateAsync({ alert_id: alert.id }).then(() => toast.success('Clearance approved'))
      }
    />
  );
}

type AlertActionsProps = {
  alert: ScreeningAlert;
  /** The signed-in member: their role, and whether they asked for the clearance. */
  staff: StaffMember;
  size?: 'default' | 'sm';
};

/**
 * What may be done with an alert: an open one is confirmed (a true match) or put up for
 * clearance (a false positive, with a reason); a clearance waiting for approval is approved by a
 * second member, never by the one who asked. Confirmed and cleared alerts are final.
 */
export function AlertActions({ alert, staff, size }: AlertActionsProps) {
  const name = alertApplicantName(alert);
  const may = (call: Parameters<typeof mayCall>[1]) => mayCall(staff.role, call);
  const open = alert.status === 'open';
  const showConfirm = open && may('admin-screening-alert-confirm');
  const showClear = open && may('admin-screening-alert-clear');
  const waiting = alert.status === 'clear_requested';
  const mine = waiting && askedToClear(alert, staff);
  const showApprove = waiting && !mine && may('admin-screening-alert-clear-approve');
  if (!showConfirm && !showClear && !showApprove && !mine) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {showConfirm ? <ConfirmMatchButton alert={alert} name={name} size={size} /> : null}
      {showClear ? <ClearButton alert={alert} name={name} size={size} /> : null}
      {showApprove ? <ApproveClearanceButton alert={alert} name={name} size={size} /> : null}
      {mine ? (
        <p className="text-sm text-muted-foreground">
          You asked for this clearance: another member must approve it.
        </p>
      ) : null}
    </div>
  );
}

/** Who asked to clear the alert and why, and who decided it: what the record says so far. */
export function AlertDecisions({ alert }: { alert: ScreeningAlert }) {
  const { clear_request: request, decision } = alert;
  if (!request && !decision) return null;
  return (
    <ul className="grid gap-1 text-sm">
      {request ? (
        <li className="wrap-anywhere">
          <span className="text-muted-foreground">Clearance asked for by </span>
          <span className="font-medium">{request.by}</span>
          <span className="text-muted-foreground">
            {' '}
            on <time dateTime={request.at}>{formatStaffDateTime(request.at)}</time>:{' '}
          </span>
          {request.reason}
        </li>
      ) : null}
      {decision ? (
        <li className="wrap-anywhere">
          <span className="text-muted-foreground">
            {alert.status === 'cleared' ? 'Clearance approved by ' : 'Confirmed by '}
          </span>
          <span className="font-medium">{decision.by}</span>
          <span className="text-muted-foreground">
            {' '}
            on <time dateTime={decision.at}>{formatStaffDateTime(decision.at)}</time>
            {decision.reason ? ': ' : ''}
          </span>
          {decision.reason}
        </li>
      ) : null}
    </ul>
  );
}
