import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ZMagicLinkRequest } from '#shared/schemas/apply.ts';
import { ActionDialog } from '#client/components/action-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { serverMessage } from '#client/lib/server-errors.ts';
import { useSendMagicLink } from '../api/send-magic-link.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { EmailInput, FormField } from '#client/components/form/form-field.tsx';

/** SPEC §8 'Offer, magic link, resume'. */
const SEND_FAILED_TITLE = 'Failed to send link';
const SEND_FAILED_MESSAGE = 'Failed to send email. Please try again.';

function failureMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 500) return SEND_FAILED_MESSAGE;
  return serverMessage(error, SEND_FAILED_MESSAGE);
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
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button type="button" variant={variant}>
          <Mail aria-hidden="true" />
          Email me a link
        </Button>
      }
      title="Continue later"
      description={
        <>
          We&apos;ll email a secure link to the address on your application. It opens your
          application on any device and can be used once.
        </>
      }
      onSubmit={onSubmit}
      action={
        <Button type="submit" disabled={send.isPending}>
          <BusyLabel busy={send.isPending} idle="Send link" working="Sending..." />
        </Button>
      }
    >
      <FormField
        id="resume-email"
        label="Email address"
        error={error?.message}
        className="grid gap-2"
      >
        {(control) => <EmailInput {...control} {...form.register('email')} />}
      </FormField>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </ActionDialog>
  );
}
