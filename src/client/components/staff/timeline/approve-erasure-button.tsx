import { Eraser } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { useApproveErasure } from '#client/lib/staff/api/data-protection.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';

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
  const approve = useApproveErasure();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="destructive"
          size={size}
          onClick={() => setOpen(true)}
          disabled={approve.isPending}
          // One name wherever it shows; it starts with the visible text (label in name).
          aria-label={`Approve erasure for ${name}`}
        >
          <Eraser aria-hidden="true" />
          {label}
        </Button>
      }
      titleClassName="wrap-anywhere"
      title={<>Erase {name}&apos;s personal data</>}
      description="This cannot be undone. Every personal field and stored identity file of this applicant will be erased. A record of the application (its dates, the stage it reached and why it was erased) stays, and the timeline keeps its entries."
      confirmLabel="Approve erasure"
      busyLabel="Erasing..."
      failure="Failed to erase personal data"
      onConfirm={() =>
        approve.mutateAsync({ basic_id: basicId }).then(
          () => toast.success('Personal data erased'),
          (error: unknown) => {
            console.error('admin-applicant-erase-approve failed', error);
            throw error;
          },
        )
      }
    />
  );
}
