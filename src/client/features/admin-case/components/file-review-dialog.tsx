import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { CaseFile } from '#shared/schemas/case.ts';
import { KYC_DEFAULT_REJECTION_REASON } from '#shared/schemas/journey.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useKycAction, type KycAction } from '#client/lib/staff/api/kyc.ts';
import { DialogFrame, useKept, useOpening } from '#client/components/staff/dialog-frame.tsx';
import { KYC_TYPE_LABELS } from '#client/components/staff/kyc/kyc-format.ts';

const SUCCESS: Record<KycAction, string> = {
  approve: 'KYC approved successfully',
  reject: 'KYC rejected successfully',
};

type Props = {
  file: CaseFile;
  action: KycAction | null;
  name: string;
  onClose: () => void;
};

/**
 * Approve or reject one file from the case screen (`admin-kyc-action`, as the KYC tab): notes
 * stay internal; a rejection's reason is what the applicant reads.
 */
export function FileReviewDialog({ file, action, name, onClose }: Props) {
  // Shown as it was while it animates closed; a new opening starts afresh.
  const shown = useKept(action);
  const opening = useOpening(action !== null);
  return shown ? (
    <ReviewForm
      key={`${file.id}-${shown}-${opening}`}
      open={action !== null}
      file={file}
      action={shown}
      name={name}
      onClose={onClose}
    />
  ) : null;
}

function ReviewForm({
  open,
  file,
  action,
  name,
  onClose,
}: {
  open: boolean;
  file: CaseFile;
  action: KycAction;
  name: string;
  onClose: () => void;
}) {
  const id = useId();
  const [notes, setNotes] = useState('');
  const [reason, setReason] = useState('');
  const review = useKycAction();
  const busy = review.isPending;
  const verb = action === 'approve' ? 'Approve' : 'Reject';

  const onSubmit = () => {
    if (busy) return;
    review.mutate(
      {
        file_id: file.id,
        action,
        notes: notes.trim() || null,
        reason: action === 'reject' ? reason.trim() || null : null,
      },
      {
        onSuccess: () => {
          toast.success(SUCCESS[action]);
          onClose();
        },
      },
    );
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`${verb} ${KYC_TYPE_LABELS[file.type]}`}
      description={name}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant={action === 'reject' ? 'destructive' : 'default'}
            onClick={onSubmit}
            disabled={busy}
          >
            {busy ? 'Processing...' : verb}
          </Button>
        </>
      }
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-notes`}>Notes (optional)</Label>
        <Textarea
          id={`${id}-notes`}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          maxLength={2000}
          className="min-h-20"
          aria-describedby={`${id}-notes-hint`}
          disabled={busy}
        />
        <p id={`${id}-notes-hint`} className="text-xs text-muted-foreground">
          Internal: the applicant never sees these.
        </p>
      </div>
      {action === 'reject' ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>Reason for the applicant</Label>
          <Input
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            placeholder={KYC_DEFAULT_REJECTION_REASON}
            aria-describedby={`${id}-reason-hint`}
            disabled={busy}
          />
          <p id={`${id}-reason-hint`} className="text-xs text-muted-foreground">
            Left blank, they read “{KYC_DEFAULT_REJECTION_REASON}”
          </p>
        </div>
      ) : null}
    </DialogFrame>
  );
}
