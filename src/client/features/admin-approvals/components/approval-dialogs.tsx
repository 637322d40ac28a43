import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ZApprovalDecideRequest, type ApprovalRow } from '#shared/schemas/casework.ts';
import { z } from '#shared/schemas/zod.ts';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { ConfirmDialog } from '#client/components/staff/confirm-dialog.tsx';
import {
  DialogFrame,
  FormDialogButtons,
  useOpening,
} from '#client/components/staff/dialog-frame.tsx';
import {
  Form,
  StaffField,
  maxLengthOf,
  showServerErrors,
  useStaffForm,
} from '#client/components/staff/form.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useDecideApproval } from '#client/lib/staff/api/approvals.ts';
import { APPROVE_TEXT, REJECT_EFFECT, kindLabel } from '../utils/approval-kinds.ts';

type DialogProps = {
  /** The request; kept by the caller while the dialog animates closed. */
  row: ApprovalRow;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * Approve: an alert dialog that says what will happen and that it cannot be undone. A refusal
 * (the member's own request, a role that may not decide it, decided meanwhile) stays in it.
 */
export function ApproveDialog({ row, name, open, onOpenChange, onCloseAutoFocus }: DialogProps) {
  const decide = useDecideApproval();
  const text = APPROVE_TEXT[row.kind];
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={text.title(name)}
      titleClassName="wrap-anywhere"
      description={text.effect(name, row.detail)}
      confirmLabel={text.confirm}
      busyLabel={text.working}
      variant={text.variant}
      failure="Failed to approve the request"
      onConfirm={() =>
        decide.mutateAsync({ id: row.id, decision: 'approve' }).then(() => toast.success(text.done))
      }
    />
  );
}

const FAILURE = 'Failed to reject the request. Please try again.';
const reasonSchema = ZApprovalDecideRequest.shape.reason;

/** Reject: what stays as it is, and an optional reason for the member who asked. */
export function RejectDialog(props: DialogProps) {
  // Each opening starts with an empty reason.
  return <RejectForm key={useOpening(props.open)} {...props} />;
}

function RejectForm({ row, name, open, onOpenChange, onCloseAutoFocus }: DialogProps) {
  const id = useId();
  const form = useStaffForm(z.object({ reason: reasonSchema }), { reason: '' });
  const length = useWatch({ control: form.control, name: 'reason' })?.length ?? 0;
  const decide = useDecideApproval();
  const [error, setError] = useState<string | null>(null);
  const busy = decide.isPending;
  const max = maxLengthOf(reasonSchema);
  const setOpen = (next: boolean) => {
    if (!busy) onOpenChange(next);
  };
  const onSubmit = (values: { reason: string | undefined }) => {
    if (busy) return;
    setError(null);
    decide.mutateAsync({ id: row.id, decision: 'reject', reason: values.reason }).then(
      () => {
        toast.success('Request rejected');
        onOpenChange(false);
      },
      (cause: unknown) => {
        // A 401 has already brought the gate back; a 4xx is the server's refusal, in its words.
        if (isApiError(cause) && cause.status === 401) return;
        const refused = isApiError(cause) && cause.status < 500;
        setError(refused ? showServerErrors(form, cause) : FAILURE);
      },
    );
  };
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Reject request"
      titleClassName="wrap-anywhere"
      description={`${kindLabel(row.kind)} for ${name}, asked for by ${row.requested_by_name}. ${REJECT_EFFECT[row.kind]}`}
      descriptionClassName="wrap-anywhere"
      wrap={(content) => (
        <Form form={form} onSubmit={onSubmit} error={error} className="grid min-w-0 gap-5">
          {content}
        </Form>
      )}
      footer={
        <FormDialogButtons
          busy={busy}
          onCancel={() => setOpen(false)}
          idle="Reject request"
          working="Rejecting..."
        />
      }
    >
      <StaffField
        name="reason"
        id={`${id}-reason`}
        label="Reason (optional, internal)"
        hint={`Up to ${max} characters (${length}/${max}).`}
        className="grid gap-2"
      >
        {(field) => (
          <Textarea
            {...field}
            maxLength={max}
            disabled={busy}
            className="min-h-24"
            {...form.register('reason')}
          />
        )}
      </StaffField>
    </DialogFrame>
  );
}
