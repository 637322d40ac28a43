import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  ZApplicantDeclineRequest,
  ZApplicantEraseRequest,
} from '#shared/schemas/data-protection.ts';
import { ZIdentityApproveRequest } from '#shared/schemas/case.ts';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
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
import { isApiError } from '#client/lib/api-client.ts';
import { useApproveIdentity } from '#client/lib/staff/api/case.ts';
import { useDeclineApplicant, useRequestErasure } from '#client/lib/staff/api/data-protection.ts';

export const REASON_MAX = 500;

/** The actions that need a written reason (CONTRACT §6), as the dialog words them. */
const KINDS = {
  approve: {
    call: 'admin-identity-approve',
    schema: ZIdentityApproveRequest,
    title: 'Approve identity',
    describe: (name: string) =>
      `${name}: Veriff declined this identity check. Approving it moves the application on to offers. The reason below stays internal and is never shown or sent to the applicant.`,
    label: 'Reason (internal)',
    idle: 'Approve identity',
    working: 'Approving...',
    done: 'Identity approved',
    failed: 'Failed to approve identity',
  },
  decline: {
    call: 'admin-applicant-decline',
    schema: ZApplicantDeclineRequest,
    title: 'Decline application',
    describe: (name: string) =>
      `${name}: the application ends here and cannot be resumed. The applicant will be told by e-mail and on their screens that their application was not successful. The reason below stays internal and is never shown or sent to them.`,
    label: 'Reason (internal)',
    idle: 'Decline application',
    working: 'Declining...',
    done: 'Application declined',
    failed: 'Failed to decline application',
  },
  erase: {
    call: 'admin-applicant-erase',
    schema: ZApplicantEraseRequest,
    title: 'Request erasure',
    describe: (name: string) =>
      `${name}: every personal field and stored identity file will be erased once a second member (an owner or compliance, not you) approves. The timeline keeps its records, which hold no personal data.`,
    label: 'Reason',
    idle: 'Request erasure',
    working: 'Requesting...',
    done: 'Erasure requested',
    failed: 'Failed to request erasure',
  },
} as const;

export type ReasonKind = keyof typeof KINDS;

type Props = {
  kind: ReasonKind;
  basicId: string;
  /** The applicant, as the dialog names them. */
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Decline an application, approve an identity Veriff declined, or ask for erasure: a confirmation with a required reason
 * (checked with the server's own schema). A refusal stays in the dialog; success refreshes
 * every staff list (the mutation's doing) and is toasted.
 */
export function ReasonDialog({ kind, basicId, name, open, onOpenChange }: Props) {
  const id = useId();
  const text = KINDS[kind];
  const decline = useDeclineApplicant();
  const erase = useRequestErasure();
  const approve = useApproveIdentity();
  const mutation = kind === 'decline' ? decline : kind === 'approve' ? approve : erase;
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(text.schema),
    defaultValues: { basic_id: basicId, reason: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const error = form.formState.errors.reason;
  const busy = mutation.isPending;
  const length = useWatch({ control: form.control, name: 'reason' })?.length ?? 0;

  const reset = () => {
    form.reset({ basic_id: basicId, reason: '' });
    setRefusal(null);
  };

  const setOpen = (next: boolean) => {
    // Closing mid-request would hide the answer; the dialog closes when it comes.
    if (busy) return;
    onOpenChange(next);
    if (!next) reset();
  };

  const onSubmit = form.handleSubmit((data) => {
    setRefusal(null);
    mutation.mutate(data, {
      onSuccess: () => {
        toast.success(text.done);
        onOpenChange(false);
        reset();
      },
      onError: (cause) => {
        console.error(`${text.call} failed`, cause);
        if (isApiError(cause) && cause.status === 401) return;
        const detail = isApiError(cause) ? cause.details?.reason : undefined;
        if (detail) form.setError('reason', { message: detail }, { shouldFocus: true });
        const refused = isApiError(cause) && cause.status >= 400 && cause.status < 500;
        setRefusal(refused ? cause.message : `${text.failed}. Please try again.`);
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <form noValidate onSubmit={onSubmit} className="grid min-w-0 gap-5">
          <DialogHeader>
            <DialogTitle>{text.title}</DialogTitle>
            <DialogDescription className="wrap-anywhere">{text.describe(name)}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>{text.label}</Label>
            <Textarea
              id={`${id}-reason`}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(error, `${id}-reason-error`, `${id}-reason-hint`)}
              maxLength={REASON_MAX}
              disabled={busy}
              className="min-h-28"
              {...form.register('reason')}
            />
            <p id={`${id}-reason-hint`} className="text-sm text-muted-foreground">
              Required, up to {REASON_MAX} characters ({length}/{REASON_MAX}).
            </p>
            <FieldError id={`${id}-reason-error`} message={error?.message} />
          </div>
          {refusal ? (
            <Alert variant="destructive" data-testid="dialog-error">
              <AlertCircle aria-hidden="true" />
              <AlertDescription>{refusal}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={kind === 'approve' ? 'default' : 'destructive'}
              disabled={busy}
            >
              <BusyLabel busy={busy} idle={text.idle} working={text.working} />
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
