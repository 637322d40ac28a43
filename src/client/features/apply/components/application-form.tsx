import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import type { TApplicationForm } from '#shared/schemas/apply.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { serverMessage, showServerFieldErrors } from '#client/lib/server-errors.ts';
import { useApplyBasic } from '../api/apply-basic.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { EmailInput, FormField, Optional } from '#client/components/form/form-field.tsx';
import { HoneypotField } from '#client/components/form/honeypot-field.tsx';
import { FormSuccess } from '#client/components/form/form-success.tsx';
import { PrivacyNote } from '#client/components/form/privacy-note.tsx';
import { useHydrated } from '#client/lib/hydrated.ts';
import { loadOnce } from '#client/lib/load-once.ts';

/** SPEC §2 and §8. */
const RECEIVED_DESCRIPTION = "If selected, you'll receive an invitation code by email.";
const SUBMIT_FAILED_MESSAGE = 'Failed to submit application';

const EMPTY: TApplicationForm = { fullName: '', email: '', phone: '', reason: '', website: '' };
type Field = 'fullName' | 'email' | 'phone' | 'reason';
/** The server names fields as sent (SPEC §3); its messages go back under the form's names. */
const WIRE_NAMES: Record<string, Field> = {
  full_name: 'fullName',
  email: 'email',
  phone: 'phone',
  reason: 'reason',
};

/**
 * The form's rules (zod, its form resolver and the shared schema) are fetched when the visitor
 * first focuses a field or presses Submit, not with the page (decision 056). A failed fetch is
 * tried again on the next attempt; meanwhile Submit says it failed and sends nothing.
 */
const loadRules = loadOnce(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('#shared/schemas/apply.ts')]).then(
    ([{ zodResolver }, { ZApplicationForm }]) => zodResolver(ZApplicationForm),
  ),
);

const resolver: Resolver<TApplicationForm> = async (values, context, options) => {
  try {
    return await (
      await loadRules()
    )(values, context, options);
  } catch {
    return {
      values: {},
      errors: { root: { type: 'unavailable', message: SUBMIT_FAILED_MESSAGE } },
    };
  }
};

const id = (name: string) => `application-${name}`;

/**
 * SPEC §2 /apply, right panel: the application form (`apply-basic`). Validates on submit, then
 * again as the visitor types. A filled `website` honeypot means a bot: it sees the usual
 * success and nothing is sent.
 */
export function ApplicationForm() {
  const send = useApplyBasic();
  const [received, setReceived] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver,
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  const done = () => {
    setReceived(true);
    toast.success('Application Received', { description: RECEIVED_DESCRIPTION });
  };

  const onSubmit = form.handleSubmit((data) => {
    setFailure(null);
    if (data.website) {
      done();
      return;
    }
    send.mutate(
      {
        full_name: data.fullName,
        email: data.email,
        phone: data.phone,
        reason: data.reason,
        website: data.website ?? '',
      },
      {
        onSuccess: done,
        onError: (error) => {
          const message = serverMessage(error, SUBMIT_FAILED_MESSAGE);
          showServerFieldErrors(error, WIRE_NAMES, form.setError);
          setFailure(message);
          toast.error('Submission Failed', { description: message });
        },
      },
    );
  });

  // Drawn by the server (decisions 047, 056): until the app has taken the page over, pressing
  // the button would make the browser send the form itself, as a GET with what was typed in
  // the address.
  const hydrated = useHydrated();

  if (received) {
    return (
      <FormSuccess title="Application received!" testId="application-received">
        <p className="max-w-xs text-sm leading-relaxed text-muted-foreground">
          {RECEIVED_DESCRIPTION}
        </p>
      </FormSuccess>
    );
  }

  const busy = send.isPending;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      // The rules arrive while the visitor types, so pressing Submit seldom waits for them.
      onFocus={() => void loadRules().catch(() => undefined)}
      className="relative grid gap-5"
      aria-labelledby="application-title"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={id('fullName')} label="Full name" error={errors.fullName?.message}>
          {(control) => <Input {...control} autoComplete="name" {...form.register('fullName')} />}
        </FormField>
        <FormField id={id('email')} label="Email" error={errors.email?.message}>
          {(control) => <EmailInput {...control} {...form.register('email')} />}
        </FormField>
      </div>
      <FormField
        id={id('phone')}
        label={
          <>
            Phone <Optional />
          </>
        }
        error={errors.phone?.message}
      >
        {(control) => (
          <Input {...control} type="tel" autoComplete="tel" {...form.register('phone')} />
        )}
      </FormField>
      <FormField
        id={id('reason')}
        label={
          <>
            Why Waj? <Optional />
          </>
        }
        hint="A line or two about what you are looking for in a bank."
        error={errors.reason?.message}
      >
        {(control) => (
          <Textarea {...control} rows={4} className="resize-y" {...form.register('reason')} />
        )}
      </FormField>

      <HoneypotField id={id('website')} {...form.register('website')} />

      {(failure ?? errors.root?.message) ? (
        <FormAlert testId="application-error">{failure ?? errors.root?.message}</FormAlert>
      ) : null}

      <div className="grid gap-4">
        <Button type="submit" size="lg" disabled={busy || !hydrated} className="w-full">
          <BusyLabel busy={busy} idle="Submit Application" working="Submitting..." />
        </Button>
        <PrivacyNote
          purpose="consider your application"
          className="text-xs leading-relaxed text-muted-foreground"
        />
      </div>
    </form>
  );
}
