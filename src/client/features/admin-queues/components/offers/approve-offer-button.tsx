import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '#client/components/staff/confirm-dialog.tsx';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { failureShown } from '#client/lib/react-query.ts';
import { useApproveOffer } from '../../api/approve-offer.ts';

/**
 * The second owner's approval of an offer to a politically exposed person (MLR 2017 reg. 35),
 * behind a confirmation: the applicant is e-mailed at once. The dialog stays open, busy, until
 * the server answers.
 */
export function ApproveOfferButton({
  basicId,
  name,
  disabled,
}: {
  basicId: string;
  name: string;
  /** A sanctions match came up after the offer was issued: the server would refuse (409). */
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const approve = useApproveOffer();
  const busy = approve.isPending;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          onClick={() => setOpen(true)}
          disabled={disabled || busy}
          className="w-full sm:w-auto"
        >
          <BusyLabel
            busy={busy}
            idle={
              <>
                <CheckCircle2 aria-hidden="true" />
                Approve offer
              </>
            }
            working="Approving..."
          />
          <span className="sr-only"> to {name}</span>
        </Button>
      }
      title={`Approve offer to ${name}`}
      description="Approve this offer to a politically exposed person? The applicant will be told at once."
      confirmLabel="Approve offer"
      busyLabel="Approving..."
      // Approving is a decision, not a destructive act: the primary colour, not red.
      variant="default"
      // On success the card (and this dialog) leaves the list before the answer is toasted.
      onConfirm={() =>
        approve.mutateAsync(basicId).then(() => toast.success('Offer approved'), failureShown)
      }
    />
  );
}
