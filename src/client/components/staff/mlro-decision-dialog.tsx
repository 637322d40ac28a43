import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  MLRO_DECISION_LABELS,
  MLRO_DECISIONS,
  ZCaseMlroDecideRequest,
  type MlroDecision,
} from '#shared/schemas/casework.ts';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useMlroDecide } from '#client/lib/staff/api/escalations.ts';
import { DialogFrame, FormDialogButtons, useOpening } from './dialog-frame.tsx';
import { Form, StaffField, maxLengthOf, showServerErrors, useStaffForm } from './form.tsx';

/** What each decision means, under its label. */
const DECISION_HINTS: Record<MlroDecision, string> = {
  no_report: 'No suspicion to report: the case carries on.',
  reported: 'A suspicious activity report was made: give its reference.',
};

const FAILURE = 'Failed to record the decision. Please try again.';

type Props = {
  basicId: string;
  /** The applicant, as the dialog names them. */
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes, for a dialog with no trigger (see useReturnFocus). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * `admin-case-mlro-decide`: the MLRO's decision on an escalated case (No report, or Reported with
 * the report's reference) and its reason, checked with the server's own schema. The MLRO tab and
 * the case screen both open it. A refusal stays in the dialog.
 */
export function MlroDecisionDialog(props: Props) {
  // Each opening starts with nothing chosen.
  return <DecisionForm key={useOpening(props.open)} {...props} />;
}

function DecisionForm({ basicId, name, open, onOpenChange, onCloseAutoFocus }: Props) {
  const id = useId();
  const form = useStaffForm(ZCaseMlroDecideRequest, {
    basic_id: basicId,
    reference: '',
    reason: '',
  });
  // Registered here in the order they are shown, so a refused submit focuses the first of them
  // (the reference, shown only for a report, would otherwise come after the reason).
  const decisionField = form.register('decision');
  const referenceField = form.register('reference');
  const decision = useWatch({ control: form.control, name: 'decision' });
  const reasonLength = useWatch({ control: form.control, name: 'reason' })?.length ?? 0;
  const decide = useMlroDecide();
  const [error, setError] = useState<string | null>(null);
  const busy = decide.isPending;
  const setOpen = (next: boolean) => {
    if (!busy) onOpenChange(next);
  };

  const onSubmit = (values: Parameters<typeof decide.mutateAsync>[0]) => {
    if (busy) return;
    setError(null);
    // The promise, not mutate's callbacks: the row that opened the dialog may be gone by then.
    decide.mutateAsync(values).then(
      () => {
        toast.success('Decision recorded');
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

  const reasonMax = maxLengthOf(ZCaseMlroDecideRequest.shape.reason);
  const decisionError = form.formState.errors.decision?.message;
  const decisionErrorId = `${id}-decision-error`;
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Record MLRO decision"
      titleClassName="wrap-anywhere"
      description={`${name}: the decision closes the escalation and ends the hold on offers and activation. Nothing is shown or sent to the applicant.`}
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
          idle="Record decision"
          working="Recording..."
        />
      }
    >
      <fieldset
        className="grid gap-2"
        aria-describedby={describedBy(decisionError, decisionErrorId)}
        disabled={busy}
      >
        <legend className="mb-2 text-sm font-medium">Decision</legend>
        {MLRO_DECISIONS.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-input bg-card px-4 py-3 text-sm has-checked:border-gold has-checked:bg-gold-soft/10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              value={value}
              aria-invalid={decisionError ? true : undefined}
              className="mt-0.5 size-4 shrink-0 accent-[var(--gold)] outline-none"
              {...decisionField}
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{MLRO_DECISION_LABELS[value]}</span>
              <span className="text-muted-foreground">{DECISION_HINTS[value]}</span>
            </span>
          </label>
        ))}
        <FieldError id={decisionErrorId} message={decisionError} />
      </fieldset>
      {decision === 'reported' ? (
        <StaffField
          name="reference"
          id={`${id}-reference`}
          label="Reference of the report"
          hint="Required for a report, as the NCA gave it."
          className="grid gap-2"
        >
          {(field) => (
            <Input
              {...field}
              aria-required="true"
              autoComplete="off"
              maxLength={maxLengthOf(ZCaseMlroDecideRequest.shape.reference)}
              disabled={busy}
              {...referenceField}
            />
          )}
        </StaffField>
      ) : null}
      <StaffField
        name="reason"
        id={`${id}-reason`}
        label="Reason (internal)"
        hint={`Required, up to ${reasonMax} characters (${reasonLength}/${reasonMax}).`}
        className="grid gap-2"
      >
        {(field) => (
          <Textarea
            {...field}
            aria-required="true"
            maxLength={reasonMax}
            disabled={busy}
            className="min-h-28"
            {...form.register('reason')}
          />
        )}
      </StaffField>
    </DialogFrame>
  );
}
