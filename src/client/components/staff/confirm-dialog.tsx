import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from '#shared/schemas/zod.ts';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { AlertDialogAction, AlertDialogCancel } from '#client/components/ui/alert-dialog.tsx';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { AlertFrame, DialogFrame } from './dialog-frame.tsx';
import { Form, StaffField, maxLengthOf, showServerErrors, useStaffForm } from './form.tsx';

/** A required reason, checked with the server's own field schema (its limits are its own). */
export type ReasonField = {
  label: string;
  /** The request schema's `reason` (e.g. `ZApplicantDeclineRequest.shape.reason`). */
  schema: z.ZodString;
};

export type ConfirmDialogProps = {
  open: boolean;
  /** Ignored while busy: closing mid-request would hide the answer. */
  onOpenChange: (open: boolean) => void;
  /** The control that opens it, inside the dialog's root (focus returns to it). */
  trigger?: ReactNode;
  title: ReactNode;
  titleClassName?: string;
  description: ReactNode;
  /** The confirm button's words, then while the request runs. */
  confirmLabel: ReactNode;
  busyLabel?: ReactNode;
  /** Red for what destroys or ends something; 'default' for a decision that does not. */
  variant?: 'destructive' | 'default';
  /** Busy for a reason of the caller's too (the same act started elsewhere). */
  busy?: boolean;
  /** Asks for a reason first (a `dialog` with a form); without it an `alertdialog`. */
  reason?: ReasonField;
  /**
   * The act, given the reason (empty without one). The dialog stays open and busy until
   * it settles, then closes; but see `failure`.
   */
  onConfirm: (reason: string) => Promise<unknown> | void;
  /**
   * When set, a failed act keeps the dialog open and says why in it: the server's refusal (a
   * 4xx, its field message beside the reason), else `${failure}. Please try again.`. Unset, the
   * dialog closes either way and the failure is the caller's (a toast).
   */
  failure?: string;
  /** Where focus goes when it closes, for a dialog with no trigger (see useReturnFocus). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** What a failed act says in the dialog, or null for nothing (a 401 already shows the gate). */
function refusalText(cause: unknown, failure: string): string | null {
  if (isApiError(cause) && cause.status === 401) return null;
  const refused = isApiError(cause) && cause.status >= 400 && cause.status < 500;
  return refused ? cause.message : `${failure}. Please try again.`;
}

/** Runs the act: busy meanwhile, closing when it settles, or keeping a refusal to show. */
function useConfirmAct(props: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = running || Boolean(props.busy);
  const setOpen = (next: boolean) => {
    if (busy) return;
    props.onOpenChange(next);
    if (!next) setError(null);
  };
  const run = (reason: string, onRefused?: (cause: unknown) => void) => {
    if (busy) return;
    setError(null);
    const act = props.onConfirm(reason);
    if (!act) return;
    setRunning(true);
    act.then(
      () => {
        setRunning(false);
        props.onOpenChange(false);
      },
      (cause: unknown) => {
        setRunning(false);
        if (props.failure === undefined) {
          props.onOpenChange(false);
          return;
        }
        onRefused?.(cause);
        setError(refusalText(cause, props.failure));
      },
    );
  };
  return { busy, error, setOpen, run };
}

/**
 * The staff panel's one confirmation for what cannot be undone: title, description, Cancel and
 * the act, busy (the dialog open, its buttons disabled) until the act settles. Keyboard: focus
 * starts inside (on Cancel, or on the reason), Escape cancels, focus returns to the trigger.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const act = useConfirmAct(props);
  const { variant = 'destructive' } = props;
  const label = (
    <BusyLabel
      busy={act.busy}
      idle={props.confirmLabel}
      working={props.busyLabel ?? props.confirmLabel}
    />
  );
  const frame = {
    open: props.open,
    onOpenChange: act.setOpen,
    trigger: props.trigger,
    title: props.title,
    titleClassName: props.titleClassName,
    description: props.description,
    onCloseAutoFocus: props.onCloseAutoFocus,
  };
  const { reason } = props;
  if (reason) {
    return (
      <DialogFrame
        {...frame}
        descriptionClassName="wrap-anywhere"
        // Mounted while open: each opening starts with an empty reason.
        wrap={(content) =>
          props.open ? (
            <ReasonForm reason={reason} error={act.error} onSubmit={act.run}>
              {content}
            </ReasonForm>
          ) : null
        }
        footer={
          <>
            <Button
              type="button"
              variant="outline"
              onClick={() => act.setOpen(false)}
              disabled={act.busy}
            >
              Cancel
            </Button>
            <Button type="submit" variant={variant} disabled={act.busy}>
              {label}
            </Button>
          </>
        }
      >
        <ReasonInput reason={reason} busy={act.busy} />
      </DialogFrame>
    );
  }
  const onConfirm = (event: MouseEvent<HTMLButtonElement>) => {
    // Radix would close the dialog at once; it closes when the act has settled.
    event.preventDefault();
    act.run('');
  };
  return (
    <AlertFrame
      {...frame}
      footer={
        <>
          <AlertDialogCancel disabled={act.busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={onConfirm}
            disabled={act.busy}
            className={buttonVariants({ variant })}
          >
            {label}
          </AlertDialogAction>
        </>
      }
    >
      {act.error ? <FormAlert testId="dialog-error">{act.error}</FormAlert> : null}
    </AlertFrame>
  );
}

function ReasonForm({
  reason,
  error,
  onSubmit,
  children,
}: {
  reason: ReasonField;
  error: string | null;
  onSubmit: (reason: string, onRefused: (cause: unknown) => void) => void;
  children: ReactNode;
}) {
  const form = useStaffForm(z.object({ reason: reason.schema }), { reason: '' });
  return (
    <Form
      form={form}
      onSubmit={(values) => onSubmit(values.reason, (cause) => showServerErrors(form, cause))}
      className="grid min-w-0 gap-5"
      error={error}
    >
      {children}
    </Form>
  );
}

function ReasonInput({ reason, busy }: { reason: ReasonField; busy: boolean }) {
  const id = useId();
  const { register, control } = useFormContext<{ reason: string }>();
  const max = maxLengthOf(reason.schema);
  const length = useWatch({ control, name: 'reason' })?.length ?? 0;
  return (
    <StaffField
      name="reason"
      id={`${id}-reason`}
      label={reason.label}
      className="grid gap-2"
      hint={`Required, up to ${max} characters (${length}/${max}).`}
    >
      {(field) => (
        <Textarea
          {...field}
          aria-required="true"
          maxLength={max}
          disabled={busy}
          className="min-h-28"
          {...register('reason')}
        />
      )}
    </StaffField>
  );
}
