import { useId } from 'react';
import { toast } from 'sonner';
import { ZSanctionsClearRequest, type TSanctionsClearRequest } from '#shared/schemas/staff.ts';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { DialogFrame, FormDialogButtons } from '#client/components/staff/dialog-frame.tsx';
import {
  Form,
  StaffField,
  maxLengthOf,
  showServerErrors,
  useStaffForm,
} from '#client/components/staff/form.tsx';
import { useClearSanctions } from '../../api/clear-sanctions.ts';

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
  const form = useStaffForm(ZSanctionsClearRequest, { basic_id: basicId, reason: '' });
  const busy = clear.isPending;

  const setOpen = (next: boolean) => {
    // Closing mid-request would hide the answer; the dialog closes when it comes.
    if (busy) return;
    onOpenChange(next);
    if (!next) form.reset({ basic_id: basicId, reason: '' });
  };

  const onSubmit = (data: TSanctionsClearRequest) => {
    clear.mutate(data, {
      onSuccess: () => {
        toast.success('Match cleared');
        onOpenChange(false);
        form.reset({ basic_id: basicId, reason: '' });
      },
      onError: (cause) => {
        showServerErrors(form, cause, ['reason']);
      },
    });
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      onCloseAutoFocus={onCloseAutoFocus}
      wrap={(content) => (
        <Form form={form} onSubmit={onSubmit}>
          {content}
        </Form>
      )}
      title="Clear sanctions match"
      description={`${name}: record why this match is a false positive. Offers can be issued again once it is cleared, and the reason is kept with the match.`}
      footer={
        <FormDialogButtons
          busy={busy}
          onCancel={() => setOpen(false)}
          idle="Clear match"
          working="Clearing..."
        />
      }
    >
      <StaffField
        name="reason"
        id={`${id}-reason`}
        label="Reason"
        className="grid gap-2"
        hint="At least 10 characters, for example how the person differs from the listed one."
      >
        {(control) => (
          <Textarea
            {...control}
            aria-required="true"
            maxLength={maxLengthOf(ZSanctionsClearRequest.shape.reason)}
            disabled={busy}
            className="min-h-28"
            {...form.register('reason')}
          />
        )}
      </StaffField>
    </DialogFrame>
  );
}
