/** Escalation to the MLRO on the case screen (CONTRACT §9): the hold, the escalation, the decision. */
import { ShieldAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { mayCall } from '#shared/calls.ts';
import {
  MLRO_DECISION_LABELS,
  ZCaseEscalateRequest,
  type Escalation,
} from '#shared/schemas/casework.ts';
import type { StaffMember } from '#shared/staff.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/staff/confirm-dialog.tsx';
import { WaitingLabel } from '#client/components/staff/queue-controls.tsx';
import { MlroDecisionDialog } from '#client/components/staff/mlro-decision-dialog.tsx';
import { useEscalateCase } from '#client/lib/staff/api/escalations.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { Block, Facts } from './case-sections.tsx';

/** Every role sees that the case is held; only those who escalate or decide see why. */
export function HeldBadge() {
  return (
    <Badge variant="destructive" data-testid="held-badge">
      <ShieldAlert aria-hidden="true" />
      Held for the MLRO
    </Badge>
  );
}

const ESCALATE_EFFECT =
  'This case goes to the MLRO and is held: no offer or activation until they decide. The applicant is not told.';

/**
 * 'Escalate to MLRO''s dialog: a required reason, which only staff ever read. Kept mounted
 * while the button goes (the case is held once it is sent), so the answer is always handled.
 */
export function EscalateDialog({
  basicId,
  name,
  open,
  onOpenChange,
}: {
  basicId: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const escalate = useEscalateCase();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Escalate to MLRO"
      titleClassName="wrap-anywhere"
      description={`${name}: ${ESCALATE_EFFECT}`}
      reason={{ label: 'Reason (internal)', schema: ZCaseEscalateRequest.shape.reason }}
      confirmLabel="Escalate"
      busyLabel="Escalating..."
      variant="default"
      failure="Failed to escalate the case"
      onConfirm={(reason) =>
        escalate
          .mutateAsync({ basic_id: basicId, reason })
          .then(() => toast.success('Case escalated to the MLRO'))
      }
    />
  );
}

function Who({ by, at }: { by: Escalation['escalated_by']; at: string }) {
  return (
    <>
      {by?.name ?? 'A former member'} on <time dateTime={at}>{formatStaffDateTime(at)}</time>
    </>
  );
}

/**
 * The case's latest escalation: open (with the MLRO, due when) or closed with the MLRO's
 * decision; the MLRO and owners record the decision here as in the MLRO tab.
 */
export function EscalationBlock({
  escalation,
  staff,
  basicId,
  name,
}: {
  escalation: Escalation;
  staff: StaffMember;
  basicId: string;
  name: string;
}) {
  const [deciding, setDeciding] = useState(false);
  const open = escalation.status === 'open';
  const mayDecide = mayCall(staff.role, 'admin-case-mlro-decide');
  const items: [string, ReactNode][] = [
    [
      'Status',
      open ? (
        <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">With the MLRO</span>
          <WaitingLabel since={escalation.escalated_at} dueAt={escalation.due_at} />
        </span>
      ) : (
        'Decided'
      ),
    ],
    ['Escalated by', <Who key="by" by={escalation.escalated_by} at={escalation.escalated_at} />],
    ['Reason', escalation.reason],
  ];
  if (!open && escalation.decision) {
    items.push([
      'Decision',
      <span key="decision" className="font-medium">
        {MLRO_DECISION_LABELS[escalation.decision]}
      </span>,
    ]);
    if (escalation.reference) items.push(['Reference', escalation.reference]);
    if (escalation.decision_reason) items.push(["MLRO's reason", escalation.decision_reason]);
    if (escalation.decided_at) {
      items.push([
        'Decided by',
        <Who key="decided" by={escalation.decided_by} at={escalation.decided_at} />,
      ]);
    }
  }
  return (
    <Block title="MLRO escalation">
      <div className="grid gap-3" data-testid="escalation">
        <Facts items={items} />
        {open && mayDecide ? (
          <div>
            <Button size="sm" onClick={() => setDeciding(true)}>
              Record decision
            </Button>
          </div>
        ) : open ? (
          <p className="text-sm text-muted-foreground">
            The MLRO decides; until then no offer or activation.
          </p>
        ) : null}
      </div>
      {mayDecide ? (
        <MlroDecisionDialog
          basicId={basicId}
          name={name}
          open={deciding}
          onOpenChange={setDeciding}
        />
      ) : null}
    </Block>
  );
}
