import { CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '#client/lib/toast.ts';
import { LIMITS } from '#shared/limits.ts';
import type { TContactRequest } from '#shared/schemas/contact.ts';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { EmailInput, FormField } from '#client/components/form/form-field.tsx';
import { HoneypotField } from '#client/components/form/honeypot-field.tsx';
import { PrivacyNote } from '#client/components/form/privacy-note.tsx';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/utils/cn.ts';
import { SEND_FAILED_MESSAGE, useSendContact } from '../api/send-contact.ts';
import { useHydrated } from '#client/lib/hydrated.ts';
import { loadOnce } from '#client/lib/load-once.ts';

/** SPEC §8 'Contact and legal'. */
const SENT_TITLE = 'Message Sent';
const SENT_DESCRIPTION = "Thank you for contacting us. We'll respond within 2-3 business days.";
const UNEXPECTED_ERROR = 'An error occurred. Please try again.';
/** SPEC §8: the toast resets after 5 seconds. */
const TOAST_DURATION_MS = 5000;

const FIELDS = ['name', 'email', 'message'] as const;

type Status = { kind: 'sent' } | { kind: 'failed'; message: string };

/** The server's error text when it gave one, else SPEC §8's fallbacks. */
function failureMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return UNEXPECTED_ERROR;
  return error.message === GENERIC_ERROR_MESSAGE ? SEND_FAILED_MESSAGE : error.message;
}

type Field = (typeof FIELDS)[number];
/** A message per field, and `root` when the form could not be checked at all. */
type Errors = Partial<Record<Field | 'root', string>>;
type Checked = { errors: Errors; data?: TContactRequest };

/**
 * The form's rules (zod and the shared schema, about 25 kB) are fetched when a visitor first
 * focuses a field or presses Send, not with the page (decision 046). A failed fetch is tried
 * again on the next attempt; meanwhile Send says it failed and sends nothing unchecked.
 */
const loadRules = loadOnce(() =>
  import('#shared/schemas/contact.ts').then((module) => module.ZContactRequest),
);

/** The form's values checked against the shared rules: the first message of each field. */
async function check(values: TContactRequest): Promise<Checked> {
  let schema;
  try {
    schema = await loadRules();
  } catch {
    return { errors: { root: UNEXPECTED_ERROR } };
  }
  const result = schema.safeParse(values);
  if (result.success) return { errors: {}, data: result.data };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values) errors[field as Field] ??= issue.message;
  }
  return { errors };
}

const fieldId = (name: string) => `contact-${name}`;
const errorId = (name: string) => `contact-${name}-error`;

/**
 * SPEC §5 contact form: validates on submit, then again as the visitor types; the first
 * invalid field takes focus. A filled `website` honeypot (invisible to people) means a bot:
 * it is shown the usual success and nothing is sent.
 */
export function ContactForm() {
  const send = useSendContact();
  const [status, setStatus] = useState<Status | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [messageLength, setMessageLength] = useState(0);
  // Checked on Send, then again as the visitor types (SPEC §5).
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);

  // After 'Send' the confirmation is brought into view: on a phone it sits above the button,
  // often off the top of the screen.
  useEffect(() => {
    if (status?.kind !== 'sent') return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    sentRef.current?.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  }, [status]);

  const values = (): TContactRequest => {
    const data = new FormData(formRef.current ?? undefined);
    const text = (name: string) => String(data.get(name) ?? '');
    return {
      name: text('name'),
      email: text('email'),
      message: text('message'),
      website: text('website'),
    };
  };

  /** Shows `found` and moves focus to the first field it faults, in the form's order. */
  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const sent = () => {
    formRef.current?.reset();
    submitted.current = false;
    setErrors({});
    setMessageLength(0);
    setStatus({ kind: 'sent' });
    toast.success(SENT_TITLE, { description: SENT_DESCRIPTION, duration: TOAST_DURATION_MS });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    submitted.current = true;
    const { errors: found, data } = await check(values());
    if (!data) {
      showErrors(found);
      return;
    }
    setErrors({});
    setStatus(null);
    if (data.website) {
      sent();
      return;
    }
    send.mutate(data, {
      onSuccess: sent,
      onError: (error) => {
        const message = failureMessage(error);
        if (isApiError(error)) {
          const fromServer: Errors = {};
          for (const field of FIELDS) {
            const detail = error.details?.[field];
            if (detail) fromServer[field] = detail;
          }
          showErrors(fromServer);
        }
        setStatus({ kind: 'failed', message });
        toast.error(message, { duration: TOAST_DURATION_MS });
      },
    });
  };

  /** Once submitted, a field's message follows what is typed in it; the others stay. */
  const onFieldChange = async (name: string) => {
    const field = FIELDS.find((candidate) => candidate === name);
    if (!field) return;
    if (field === 'message') setMessageLength(values().message.length);
    if (!submitted.current) return;
    const { errors: found } = await check(values());
    setErrors((shown) => ({ ...shown, [field]: found[field] }));
  };

  const busy = send.isPending;
  // Drawn by the server (decisions 047, 056): until the app has taken the page over, pressing
  // the button would make the browser send the form itself, as a GET with what was typed in
  // the address.
  const hydrated = useHydrated();

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onChange={(event) => {
        const { target } = event;
        if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
          void onFieldChange(target.name);
        }
      }}
      onFocus={() => void loadRules().catch(() => undefined)}
      className="relative grid gap-6"
      aria-labelledby="contact-form-title"
    >
      <div>
        <h2 id="contact-form-title" className="text-2xl md:text-3xl">
          Send us a message
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">All fields are required.</p>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <FormField id={fieldId('name')} label="Name" error={errors.name}>
          {(control) => <Input {...control} autoComplete="name" name="name" />}
        </FormField>
        <FormField id={fieldId('email')} label="Email" error={errors.email}>
          {(control) => <EmailInput {...control} name="email" />}
        </FormField>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={fieldId('message')}>Message</Label>
        <Textarea
          id={fieldId('message')}
          rows={7}
          className="resize-y"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy(
            errors.message,
            errorId('message'),
            'contact-message-count',
          )}
          name="message"
        />
        <div className="flex items-start justify-between gap-4">
          <FieldError id={errorId('message')} message={errors.message} />
          <p
            id="contact-message-count"
            className={cn(
              'ml-auto shrink-0 text-xs tabular-nums',
              messageLength > LIMITS.messageMax ? 'text-destructive-text' : 'text-muted-foreground',
            )}
          >
            <span className="sr-only">Characters used: </span>
            {messageLength} / {LIMITS.messageMax}
          </p>
        </div>
      </div>

      <HoneypotField id={fieldId('website')} name="website" />

      {status?.kind === 'sent' ? (
        <Alert ref={sentRef} variant="success" data-testid="contact-sent">
          <CircleCheck aria-hidden="true" />
          <div className="grid gap-1">
            <AlertTitle>{SENT_TITLE}</AlertTitle>
            <AlertDescription>{SENT_DESCRIPTION}</AlertDescription>
          </div>
        </Alert>
      ) : null}
      {status?.kind === 'failed' || errors.root ? (
        <FormAlert testId="contact-failed">
          {status?.kind === 'failed' ? status.message : errors.root}
        </FormAlert>
      ) : null}

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <PrivacyNote
          purpose="reply to you"
          className="max-w-sm text-xs leading-relaxed text-muted-foreground"
        />
        <Button
          type="submit"
          size="lg"
          disabled={busy || !hydrated}
          className="w-full sm:w-auto sm:min-w-36"
        >
          {busy ? (
            <>
              <LoaderCircle
                aria-hidden="true"
                className="animate-spin motion-reduce:animate-none"
              />
              Sending...
            </>
          ) : (
            'Send'
          )}
        </Button>
      </div>
    </form>
  );
}
