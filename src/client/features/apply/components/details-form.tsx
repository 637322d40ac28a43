import { zodResolver } from '@hookform/resolvers/zod';
import { PoundSterling } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { emailField, fullNameField, parseWholeNumber } from '#shared/schemas/fields.ts';
import {
  EMPLOYMENT_LABELS,
  EMPLOYMENT_STATUSES,
  PREFERRED_TIERS,
  ZApplyDetailsRequest,
} from '#shared/schemas/journey.ts';
import { z } from '#shared/schemas/zod.ts';
import { TIER_INFO } from '#shared/tiers.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input, fieldClasses } from '#client/components/ui/input.tsx';
import { serverMessage, showServerFieldErrors } from '#client/lib/server-errors.ts';
import { cn } from '#client/utils/cn.ts';
import { useSubmitDetails } from '../api/submit-details.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { CardFace } from './card-face.tsx';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { EmailInput, FormField } from '#client/components/form/form-field.tsx';

const SAVE_FAILED_MESSAGE = 'We could not save your details. Please try again.';
const PEP_MESSAGE = 'Please tell us whether you are a politically exposed person';
const EMPLOYMENT_MESSAGE = 'Please choose your employment status';
const TIER_MESSAGE = 'Please choose a preferred tier';

/**
 * The form's own rules on top of the call's: income is typed as text (people write '85,000'
 * or '£85000'), PEP is a yes/no choice, and name and e-mail are asked only when missing.
 */
function detailsFormSchema(askName: boolean, askEmail: boolean) {
  return z.object({
    full_name: askName ? fullNameField : z.string().optional(),
    email: askEmail ? emailField : z.string().optional(),
    annual_income: z
      .string()
      .transform((value) => value.replace(/[£,\s]/g, ''))
      .pipe(z.string().min(1, 'Please enter your annual income'))
      .transform(parseWholeNumber)
      .pipe(ZApplyDetailsRequest.shape.annual_income),
    employment_status: z
      .string(EMPLOYMENT_MESSAGE)
      .pipe(ZApplyDetailsRequest.shape.employment_status),
    // An unanswered radio group reads as null.
    pep: z.string(PEP_MESSAGE).pipe(z.enum(['yes', 'no'], PEP_MESSAGE)),
    card_tier_pref: z.string(TIER_MESSAGE).pipe(ZApplyDetailsRequest.shape.card_tier_pref),
  });
}

type DetailsFormInput = z.input<ReturnType<typeof detailsFormSchema>>;

/** Server field names → the form's (only PEP differs). */
const FIELD_OF: Record<string, keyof DetailsFormInput> = {
  full_name: 'full_name',
  email: 'email',
  annual_income: 'annual_income',
  employment_status: 'employment_status',
  pep_exposed: 'pep',
  card_tier_pref: 'card_tier_pref',
};

const id = (name: string) => `details-${name}`;
const errorId = (name: string) => `details-${name}-error`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-5 border-t border-border pt-8 first:border-t-0 first:pt-0">
      <h3 className="font-sans text-xs font-semibold tracking-[0.2em] text-gold uppercase">
        {title}
      </h3>
      {children}
    </div>
  );
}

/** A question answered by choosing: its legend, hint (`hintId`), choices and message. */
function ChoiceGroup({
  name,
  hintId,
  legend,
  error,
  children,
}: {
  name: string;
  hintId: string;
  legend: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid gap-4" aria-describedby={describedBy(error, errorId(name), hintId)}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {children}
      <FieldError id={errorId(name)} message={error} />
    </fieldset>
  );
}

/**
 * Step 1 of the details screen (`apply-details`): what a bank must know before opening an
 * account. Validates on submit, then as the applicant types; the server's own messages land
 * on the fields they belong to.
 */
export function DetailsForm({ askName, askEmail }: { askName: boolean; askEmail: boolean }) {
  const submit = useSubmitDetails();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => detailsFormSchema(askName, askEmail), [askName, askEmail]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      full_name: '',
      email: '',
      annual_income: '',
      employment_status: '',
      pep: '',
      card_tier_pref: 'standard',
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((data) => {
    setFailure(null);
    submit.mutate(
      {
        ...(askName && data.full_name ? { full_name: data.full_name } : {}),
        ...(askEmail && data.email ? { email: data.email } : {}),
        annual_income: data.annual_income,
        employment_status: data.employment_status,
        pep_exposed: data.pep === 'yes',
        card_tier_pref: data.card_tier_pref,
      },
      {
        onError: (error) => {
          const message = serverMessage(error, SAVE_FAILED_MESSAGE);
          showServerFieldErrors(error, FIELD_OF, form.setError);
          setFailure(message);
          toast.error('Your details were not saved', { description: message });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-8" aria-labelledby="details-title">
      {askName || askEmail ? (
        <Section title="About you">
          {askName ? (
            <FormField
              id={id('full_name')}
              label="Full legal name"
              hint="Exactly as it appears on your passport or driving licence."
              error={errors.full_name?.message}
              className="grid gap-2"
            >
              {(control) => (
                <Input {...control} autoComplete="name" {...form.register('full_name')} />
              )}
            </FormField>
          ) : null}
          {askEmail ? (
            <FormField
              id={id('email')}
              label="Email"
              error={errors.email?.message}
              className="grid gap-2"
            >
              {(control) => <EmailInput {...control} {...form.register('email')} />}
            </FormField>
          ) : null}
        </Section>
      ) : null}

      <Section title="Income and employment">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            id={id('annual_income')}
            label="Annual income"
            hint="Before tax, in whole pounds, from all sources."
            error={errors.annual_income?.message}
          >
            {(control) => (
              <div className="relative">
                <PoundSterling
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                />
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="off"
                  className="pl-9 tabular-nums"
                  {...form.register('annual_income')}
                />
              </div>
            )}
          </FormField>
          <FormField
            id={id('employment_status')}
            label="Employment status"
            error={errors.employment_status?.message}
          >
            {(control) => (
              <select
                {...control}
                className={cn(fieldClasses, 'h-10 cursor-pointer py-2')}
                {...form.register('employment_status')}
              >
                <option value="" disabled>
                  Select...
                </option>
                {EMPLOYMENT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {EMPLOYMENT_LABELS[status]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      </Section>

      <Section title="Public roles">
        <ChoiceGroup
          name="pep"
          hintId={id('pep-hint')}
          legend="Are you a politically exposed person (PEP)?"
          error={errors.pep?.message}
        >
          <div
            id={id('pep-hint')}
            className="grid gap-2 text-sm leading-relaxed text-muted-foreground"
          >
            <p>
              You are a PEP if you hold, or have held in the last 12 months, a prominent public
              role: for example a head of state, government minister, member of parliament, senior
              judge, ambassador, senior military officer, or director of a state-owned company.
              Close family members and known close associates of such a person count too.
            </p>
            <p>
              Answering yes does not count against you. UK regulations ask us to take extra care, so
              a member of our team reviews your application personally.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            {(['no', 'yes'] as const).map((value) => (
              <label
                key={value}
                className="flex min-w-28 cursor-pointer items-center gap-3 rounded-md border border-input bg-card px-4 py-3 text-sm has-checked:border-gold has-checked:bg-gold-soft/10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
              >
                <input
                  type="radio"
                  value={value}
                  className="size-4 accent-[var(--gold)] outline-none"
                  {...form.register('pep')}
                />
                {value === 'yes' ? 'Yes' : 'No'}
              </label>
            ))}
          </div>
        </ChoiceGroup>
      </Section>

      <Section title="Membership">
        <ChoiceGroup
          name="card_tier_pref"
          hintId={id('tier-hint')}
          legend="Preferred tier"
          error={errors.card_tier_pref?.message}
        >
          <p id={id('tier-hint')} className="text-sm leading-relaxed text-muted-foreground">
            We offer a tier once your application is reviewed; it may differ from your preference.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {PREFERRED_TIERS.map((tier) => (
              <label
                key={tier}
                className="flex cursor-pointer items-center gap-4 rounded-md border border-input bg-card p-3 has-checked:border-gold has-checked:bg-gold-soft/10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
              >
                <input
                  type="radio"
                  value={tier}
                  className="size-4 shrink-0 accent-[var(--gold)] outline-none"
                  {...form.register('card_tier_pref')}
                />
                <CardFace tier={tier} className="w-16 shrink-0 shadow-sm" />
                <span className="grid gap-0.5">
                  <span className="font-medium">{TIER_INFO[tier].name}</span>
                  <span className="text-xs leading-snug text-muted-foreground">
                    {TIER_INFO[tier].description}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </ChoiceGroup>
      </Section>

      {failure ? <FormAlert>{failure}</FormAlert> : null}

      <div className="flex flex-col gap-4 border-t border-border pt-8 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-sm text-xs leading-relaxed text-muted-foreground">
          We ask this to meet our obligations as a UK bank. Your answers are kept private and used
          only to assess your application.
        </p>
        <Button type="submit" size="lg" disabled={submit.isPending} className="w-full sm:w-auto">
          <BusyLabel busy={submit.isPending} idle="Save and continue" working="Saving..." />
        </Button>
      </div>
    </form>
  );
}
