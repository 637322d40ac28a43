import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { TApplicationForm } from '#shared/schemas/apply.ts';
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { paths } from '#client/config/paths.ts';
import { GENERIC_ERROR_MESSAGE, isApiError } from '#client/lib/api-client.ts';
import { useApplyBasic } from '../api/apply-basic.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { HoneypotField } from '#client/components/form/honeypot-field.tsx';
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

function failureMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return SUBMIT_FAILED_MESSAGE;
  return error.message === GENERIC_ERROR_MESSAGE ? SUBMIT_FAILED_MESSAGE : error.message;
}

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
const errorId = (name: string) => `application-${name}-error`;

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
          const message = failureMessage(error);
          let focus = true;
          for (const [wire, field] of Object.entries(WIRE_NAMES)) {
            const detail = isApiError(error) ? error.details?.[wire] : undefined;
            if (!detail) continue;
            form.setError(field, { message: detail }, { shouldFocus: focus });
            focus = false;
          }
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
      <div
        role="status"
        className="flex flex-col items-center justify-center gap-3 py-10 text-center"
        data-testid="application-received"
      >
        <span className="flex size-14 items-center justify-center rounded-full border border-gold-soft/60 text-gold">
          <CircleCheck aria-hidden="true" className="size-7" />
        </span>
        <p className="font-serif text-2xl">Application received!</p>
        <p className="max-w-xs text-sm leading-relaxed text-muted-foreground">
          {RECEIVED_DESCRIPTION}
        </p>
      </div>
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
        <div className="grid content-start gap-2">
          <Label htmlFor={id('fullName')}>Full name</Label>
          <Input
            id={id('fullName')}
            autoComplete="name"
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={describedBy(errors.fullName, errorId('fullName'))}
            {...form.register('fullName')}
          />
          <FieldError id={errorId('fullName')} message={errors.fullName?.message} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={id('email')}>Email</Label>
          <Input
            id={id('email')}
            type="email"
            autoComplete="email"
            spellCheck={false}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy(errors.email, errorId('email'))}
            {...form.register('email')}
          />
          <FieldError id={errorId('email')} message={errors.email?.message} />
        </div>
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={id('phone')}>
          Phone <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id={id('phone')}
          type="tel"
          autoComplete="tel"
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={describedBy(errors.phone, errorId('phone'))}
          {...form.register('phone')}
        />
        <FieldError id={errorId('phone')} message={errors.phone?.message} />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={id('reason')}>
          Why Waj? <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={id('reason')}
          rows={4}
          className="resize-y"
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={describedBy(errors.reason, errorId('reason'), id('reason-hint'))}
          {...form.register('reason')}
        />
        <p id={id('reason-hint')} className="text-sm text-muted-foreground">
          A line or two about what you are looking for in a bank.
        </p>
        <FieldError id={errorId('reason')} message={errors.reason?.message} />
      </div>

      <HoneypotField id={id('website')} {...form.register('website')} />

      {(failure ?? errors.root?.message) ? (
        <Alert variant="destructive" data-testid="application-error">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>{failure ?? errors.root?.message}</AlertDescription>
        </Alert>
      ) : null}

      <div className="grid gap-4">
        <Button type="submit" size="lg" disabled={busy || !hydrated} className="w-full">
          <BusyLabel busy={busy} idle="Submit Application" working="Submitting..." />
        </Button>
        <p className="text-xs leading-relaxed text-muted-foreground">
          We use your details only to consider your application, as our{' '}
          <Link
            to={paths.legal.privacy.getHref()}
            className="rounded-sm text-foreground underline decoration-gold-soft underline-offset-4 hover:decoration-2"
          >
            Privacy Policy
          </Link>{' '}
          explains.
        </p>
      </div>
    </form>
  );
}
