import { zodResolver } from '@hookform/resolvers/zod';
import { PoundSterling, TriangleAlert } from 'lucide-react';
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
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input, fieldClasses } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/utils/cn.ts';
import { useSubmitDetails } from '../api/submit-details.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { CardFace } from './card-face.tsx';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';

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
          const message =
            isApiError(error) && error.status !== 0 && error.message !== GENERIC_ERROR_MESSAGE
              ? error.message
              : SAVE_FAILED_MESSAGE;
          let focus = true;
          for (const [wire, field] of Object.entries(FIELD_OF)) {
            const detail = isApiError(error) ? error.details?.[wire] : undefined;
            if (!detail) continue;
            form.setError(field, { message: detail }, { shouldFocus: focus });
            focus = false;
          }
          setFailure(message);
          toast.error('Your details were not saved', { description: message });
        },
      },
    );
  });

  const invalid = (name: keyof DetailsFormInput) => (errors[name] ? true : undefined);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-8" aria-labelledby="details-title">
      {askName || askEmail ? (
        <Section title="About you">
          {askName ? (
            <div className="grid gap-2">
              <Label htmlFor={id('full_name')}>Full legal name</Label>
              <Input
                id={id('full_name')}
                autoComplete="name"
                aria-invalid={invalid('full_name')}
                aria-describedby={describedBy(
                  errors.full_name,
                  errorId('full_name'),
                  id('full_name-hint'),
                )}
                {...form.register('full_name')}
              />
              <p id={id('full_name-hint')} className="text-sm text-muted-foreground">
                Exactly as it appears on your passport or driving licence.
              </p>
              <FieldError id={errorId('full_name')} message={errors.full_name?.message} />
            </div>
          ) : null}
          {askEmail ? (
            <div className="grid gap-2">
              <Label htmlFor={id('email')}>Email</Label>
              <Input
                id={id('email')}
                type="email"
                autoComplete="email"
                spellCheck={false}
                aria-invalid={invalid('email')}
                aria-describedby={describedBy(errors.email, errorId('email'))}
                {...form.register('email')}
              />
              <FieldError id={errorId('email')} message={errors.email?.message} />
            </div>
          ) : null}
        </Section>
      ) : null}

      <Section title="Income and employment">
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={id('annual_income')}>Annual income</Label>
            <div className="relative">
              <PoundSterling
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id={id('annual_income')}
                inputMode="numeric"
                autoComplete="off"
                className="pl-9 tabular-nums"
                aria-invalid={invalid('annual_income')}
                aria-describedby={describedBy(
                  errors.annual_income,
                  errorId('annual_income'),
                  id('annual_income-hint'),
                )}
                {...form.register('annual_income')}
              />
            </div>
            <p id={id('annual_income-hint')} className="text-sm text-muted-foreground">
              Before tax, in whole pounds, from all sources.
            </p>
            <FieldError id={errorId('annual_income')} message={errors.annual_income?.message} />
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={id('employment_status')}>Employment status</Label>
            <select
              id={id('employment_status')}
              className={cn(fieldClasses, 'h-10 cursor-pointer py-2')}
              aria-invalid={invalid('employment_status')}
              aria-describedby={describedBy(errors.employment_status, errorId('employment_status'))}
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
            <FieldError
              id={errorId('employment_status')}
              message={errors.employment_status?.message}
            />
          </div>
        </div>
      </Section>

      <Section title="Public roles">
        <fieldset
          className="grid gap-4"
          aria-describedby={describedBy(errors.pep, errorId('pep'), id('pep-hint'))}
        >
          <legend className="mb-2 text-sm font-medium">
            Are you a politically exposed person (PEP)?
          </legend>
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
          <FieldError id={errorId('pep')} message={errors.pep?.message} />
        </fieldset>
      </Section>

      <Section title="Membership">
        <fieldset
          className="grid gap-4"
          aria-describedby={describedBy(
            errors.card_tier_pref,
            errorId('card_tier_pref'),
            id('tier-hint'),
          )}
        >
          <legend className="mb-2 text-sm font-medium">Preferred tier</legend>
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
          <FieldError id={errorId('card_tier_pref')} message={errors.card_tier_pref?.message} />
        </fieldset>
      </Section>

      {failure ? (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}

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
