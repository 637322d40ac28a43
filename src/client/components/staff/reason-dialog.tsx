import { toast } from 'sonner';
import {
  ZApplicantDeclineRequest,
  ZApplicantEraseRequest,
} from '#shared/schemas/data-protection.ts';
import { ZIdentityApproveRequest } from '#shared/schemas/case.ts';
import { useApproveIdentity } from '#client/lib/staff/api/case.ts';
import { useDeclineApplicant, useRequestErasure } from '#client/lib/staff/api/data-protection.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** The actions that need a written reason (CONTRACT §6), as the dialog words them. */
const KINDS = {
  approve: {
    call: 'admin-identity-approve',
    reason: ZIdentityApproveRequest.shape.reason,
    title: 'Approve identity',
    describe: (name: string) =>
      `${name}: Veriff declined this identity check. Approving it moves the application on to offers. The reason below stays internal and is never shown or sent to the applicant.`,
    label: 'Reason (internal)',
    idle: 'Approve identity',
    working: 'Approving...',
    done: 'Identity approved',
    failed: 'Failed to approve identity',
    variant: 'default',
  },
  decline: {
    call: 'admin-applicant-decline',
    reason: ZApplicantDeclineRequest.shape.reason,
    title: 'Request decline',
    describe: (name: string) =>
      `${name}: the decline takes effect only when a second member (an owner or compliance, not you) approves it; until then nothing changes. Once approved, the application ends and cannot be resumed, and the applicant is told by e-mail and on their screens that it was not successful. The reason below stays internal and is never shown or sent to them.`,
    label: 'Reason (internal)',
    idle: 'Request decline',
    working: 'Requesting...',
    done: 'Decline requested: a second member must approve it',
    failed: 'Failed to request the decline',
    variant: 'destructive',
  },
  erase: {
    call: 'admin-applicant-erase',
    reason: ZApplicantEraseRequest.shape.reason,
    title: 'Request erasure',
    describe: (name: string) =>
      `${name}: every personal field and stored identity file will be erased once a second member (an owner or compliance, not you) approves. The timeline keeps its records, which hold no personal data.`,
    label: 'Reason',
    idle: 'Request erasure',
    working: 'Requesting...',
    done: 'Erasure requested',
    failed: 'Failed to request erasure',
    variant: 'destructive',
  },
} as const;

export type ReasonKind = keyof typeof KINDS;

type Props = {
  kind: ReasonKind;
  basicId: string;
  /** The applicant, as the dialog names them. */
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Ask to decline an application or to erase it, or approve an identity Veriff declined: a
 * confirmation with a required reason (checked with the server's own schema). A refusal stays in
 * the dialog; success refreshes every staff list (the mutation's doing) and is toasted.
 */
export function ReasonDialog({ kind, basicId, name, open, onOpenChange }: Props) {
  const text = KINDS[kind];
  const decline = useDeclineApplicant();
  const erase = useRequestErasure();
  const approve = useApproveIdentity();
  const mutation = kind === 'decline' ? decline : kind === 'approve' ? approve : erase;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={text.title}
      description={text.describe(name)}
      reason={{ label: text.label, schema: text.reason }}
      confirmLabel={text.idle}
      busyLabel={text.working}
      variant={text.variant}
      failure={text.failed}
      onConfirm={(reason) =>
        mutation.mutateAsync({ basic_id: basicId, reason }).then(
          () => toast.success(text.done),
          (cause: unknown) => {
            console.error(`${text.call} failed`, cause);
            throw cause;
          },
        )
      }
    />
  );
}
