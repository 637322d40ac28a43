import { CheckCircle2 } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#client/components/ui/alert-dialog.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useApproveOffer } from '../../api/approve-offer.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';

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

  const onConfirm = (event: MouseEvent<HTMLButtonElement>) => {
    // Radix would close the dialog at once; it closes when the approval has gone through.
    event.preventDefault();
    if (busy) return;
    // mutateAsync: on success the card (and this dialog) leaves the list before the answer
    // is toasted.
    approve.mutateAsync(basicId).then(
      () => {
        setOpen(false);
        toast.success('Offer approved');
      },
      (error: unknown) => {
        console.error('admin-offer-approve failed', error);
        setOpen(false);
        if (isApiError(error) && error.status === 401) return;
        const refused = isApiError(error) && error.status >= 400 && error.status < 500;
        toast.error('Failed to approve offer', {
          description: refused ? error.message : undefined,
        });
      },
    );
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
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
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Approve offer to {name}</AlertDialogTitle>
          <AlertDialogDescription>
            Approve this offer to a politically exposed person? The applicant will be told at once.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          {/* Approving is a decision, not a destructive act: the primary colour, not red. */}
          <AlertDialogAction
            onClick={onConfirm}
            disabled={busy}
            className={buttonVariants({ variant: 'default' })}
          >
            <BusyLabel busy={busy} idle="Approve offer" working="Approving..." />
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
