import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ZSanctionsClearRequest } from '#shared/schemas/staff.ts';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { showServerErrors } from '#client/components/staff/form.tsx';
import { useClearSanctions } from '../../api/clear-sanctions.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { toastFailure } from '#client/lib/react-query.ts';

type Props = {
  basicId: string;
  /** The applicant, as the dialog names them. */
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes: the opener may be gone once the match is cleared. */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * `admin-sanctions-clear`: compliance records a sanctions match as a false positive. The
 * written reason is required (checked with the server's own schema) and kept with the match.
 * The parent keeps this mounted while the card changes, so the answer is always handled.
 */
export function ClearSanctionsDialog({
  basicId,
  name,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: Props) {
  const id = useId();
  const clear = useClearSanctions();
  const form = useForm({
    resolver: zodResolver(ZSanctionsClearRequest),
    defaultValues: { basic_id: basicId, reason: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const error = form.formState.errors.reason;
  const busy = clear.isPending;

  const setOpen = (next: boolean) => {
    // Closing mid-request would hide the answer; the dialog closes when it comes.
    if (busy) return;
    onOpenChange(next);
    if (!next) form.reset({ basic_id: basicId, reason: '' });
  };

  const onSubmit = form.handleSubmit((data) => {
    clear.mutate(data, {
      onSuccess: () => {
        toast.success('Match cleared');
        onOpenChange(false);
        form.reset({ basic_id: basicId, reason: '' });
      },
      onError: (cause) => {
        showServerErrors(form, cause, ['reason']);
        toastFailure('Failed to clear match', 'admin-sanctions-clear')(cause);
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Clear sanctions match</DialogTitle>
            <DialogDescription>
              {name}: record why this match is a false positive. Offers can be issued again once it
              is cleared, and the reason is kept with the match.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Textarea
              id={`${id}-reason`}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(error, `${id}-reason-error`, `${id}-reason-hint`)}
              disabled={busy}
              className="min-h-28"
              {...form.register('reason')}
            />
            <p id={`${id}-reason-hint`} className="text-sm text-muted-foreground">
              At least 10 characters, for example how the person differs from the listed one.
            </p>
            <FieldError id={`${id}-reason-error`} message={error?.message} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              <BusyLabel busy={busy} idle="Clear match" working="Clearing..." />
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
