import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ZMagicLinkRequest } from '#shared/schemas/apply.ts';
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '#client/lib/api-client.ts';
import { useSendMagicLink } from '../api/send-magic-link.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';

/** SPEC §8 'Offer, magic link, resume'. */
const SEND_FAILED_TITLE = 'Failed to send link';
const SEND_FAILED_MESSAGE = 'Failed to send email. Please try again.';

function failureMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return SEND_FAILED_MESSAGE;
  return error.message === GENERIC_ERROR_MESSAGE ? SEND_FAILED_MESSAGE : error.message;
}

/**
 * SPEC §2 /apply/review: e-mail a link that resumes the application on any device
 * (`apply-magic-link`). The server answers the same whether or not it knows the address.
 */
export function ResumeLinkDialog({ variant = 'outline' }: { variant?: 'outline' | 'default' }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendMagicLink();
  const form = useForm({
    resolver: zodResolver(ZMagicLinkRequest),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const error = form.formState.errors.email;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      setFailure(null);
    }
  };

  const onSubmit = form.handleSubmit((data) => {
    setFailure(null);
    send.mutate(data, {
      onSuccess: (response) => {
        toast.success('Email Sent', { description: response.message });
        onOpenChange(false);
      },
      onError: (cause) => {
        const message = failureMessage(cause);
        setFailure(message);
        toast.error(SEND_FAILED_TITLE, { description: message });
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant={variant}>
          <Mail aria-hidden="true" />
          Email me a link
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Continue later</DialogTitle>
            <DialogDescription>
              We&apos;ll email a secure link to the address on your application. It opens your
              application on any device and can be used once.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="resume-email">Email address</Label>
            <Input
              id="resume-email"
              type="email"
              autoComplete="email"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(error, 'resume-email-error')}
              {...form.register('email')}
            />
            <FieldError id="resume-email-error" message={error?.message} />
          </div>
          {failure ? (
            <Alert variant="destructive">
              <TriangleAlert aria-hidden="true" />
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={send.isPending}>
              <BusyLabel busy={send.isPending} idle="Send link" working="Sending..." />
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
