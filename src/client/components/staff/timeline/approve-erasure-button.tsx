import { AlertCircle, Eraser } from 'lucide-react';
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
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useApproveErasure } from '#client/lib/staff/api/data-protection.ts';

type Props = {
  basicId: string;
  /** The applicant, as the button and dialog name them. */
  name: string;
  /** The button's visible text: 'Approve erasure' in the sheet, 'Approve' in a list row. */
  label?: string;
  size?: 'default' | 'sm';
};

/**
 * The second member's approval of an erasure request, behind a confirmation: it cannot be
 * undone. The dialog stays open, busy, until the server answers; a refusal (the requester
 * approving, a request withdrawn meanwhile) is shown in it.
 */
export function ApproveErasureButton({ basicId, name, label = 'Approve erasure', size }: Props) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const approve = useApproveErasure();
  const busy = approve.isPending;

  const onConfirm = (event: MouseEvent<HTMLButtonElement>) => {
    // Radix would close the dialog at once; it closes when the erasure has gone through.
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    approve.mutateAsync({ basic_id: basicId }).then(
      () => {
        setOpen(false);
        toast.success('Personal data erased');
      },
      (error: unknown) => {
        console.error('admin-applicant-erase-approve failed', error);
        if (isApiError(error) && error.status === 401) return;
        const refused = isApiError(error) && error.status >= 400 && error.status < 500;
        setRefusal(refused ? error.message : 'Failed to erase personal data. Please try again.');
      },
    );
  };

  const onOpenChange = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (!next) setRefusal(null);
  };

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <Button
        variant="destructive"
        size={size}
        onClick={() => setOpen(true)}
        disabled={busy}
        // One name wherever it shows; it starts with the visible text (label in name).
        aria-label={`Approve erasure for ${name}`}
      >
        <Eraser aria-hidden="true" />
        {label}
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="wrap-anywhere">
            Erase {name}&apos;s personal data
          </AlertDialogTitle>
          <AlertDialogDescription>
            This cannot be undone. Every personal field and stored identity file of this applicant
            will be erased. A record of the application (its dates, the stage it reached and why it
            was erased) stays, and the timeline keeps its entries.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {refusal ? (
          <Alert variant="destructive" data-testid="dialog-error">
            <AlertCircle aria-hidden="true" />
            <AlertDescription>{refusal}</AlertDescription>
          </Alert>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} disabled={busy}>
            <BusyLabel busy={busy} idle="Approve erasure" working="Erasing..." />
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
