import { zodResolver } from '@hookform/resolvers/zod';
import { PoundSterling, Search } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { ADDRESS_MESSAGES, formatAddress } from '#shared/identity.ts';
import { emailField, fullNameField, parseWholeNumber } from '#shared/schemas/fields.ts';
import {
  ADDRESS_LOOKUP_EMPTY_MESSAGE,
  EMPLOYMENT_LABELS,
  EMPLOYMENT_STATUSES,
  PREFERRED_TIERS,
  ZApplyDetailsRequest,
  type Address,
  type ApplyGetStageResponse,
} from '#shared/schemas/journey.ts';
import { z } from '#shared/schemas/zod.ts';
import { TIER_INFO } from '#shared/tiers.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input, fieldClasses } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { serverMessage, showServerFieldErrors } from '#client/lib/server-errors.ts';
import { cn } from '#client/utils/cn.ts';
import { useApplication } from '../api/get-stage.ts';
import { useAddressLookup } from '../api/lookup-address.ts';
import { useSubmitDetails } from '../api/submit-details.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { CardFace } from './card-face.tsx';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { EmailInput, FormField, Optional } from '#client/components/form/form-field.tsx';

const SAVE_FAILED_MESSAGE = 'We could not save your details. Please try again.';
const PEP_MESSAGE = 'Please tell us whether you are a politically exposed person';
const EMPLOYMENT_MESSAGE = 'Please choose your employment status';
const TIER_MESSAGE = 'Please choose a preferred tier';
const LOOKUP_FAILED_MESSAGE =
  'Address look-up is not available right now. Please type your address.';

/**
 * The form's own rules on top of the call's: income is typed as text (people write '85,000'
 * or '£85000'), PEP is a yes/no choice, and name and e-mail are asked only when missing.
 */
function detailsFormSchema(askName: boolean, askEmail: boolean) {
  return z.object({
    full_name: askName ? fullNameField : z.string().optional(),
    email: askEmail ? emailField : z.string().optional(),
    // The date input gives 'YYYY-MM-DD', or '' until a whole date is chosen.
    date_of_birth: ZApplyDetailsRequest.shape.date_of_birth,
    // Line 2 typed empty is no line 2; the postcode leaves normalised ('SW1A 1AA').
    address: ZApplyDetailsRequest.shape.address,
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
type DetailsFormOutput = z.output<ReturnType<typeof detailsFormSchema>>;
type DetailsFormApi = UseFormReturn<DetailsFormInput, unknown, DetailsFormOutput>;

/** Server field names → the form's (only PEP differs; a nested field is named by its path). */
const FIELD_OF: Record<string, FieldPath<DetailsFormInput>> = {
  full_name: 'full_name',
  email: 'email',
  date_of_birth: 'date_of_birth',
  // The whole address missing is the first line's message.
  address: 'address.line1',
  'address.line1': 'address.line1',
  'address.line2': 'address.line2',
  'address.town': 'address.town',
  'address.postcode': 'address.postcode',
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

/** Today as a date input writes it ('YYYY-MM-DD'), in the applicant's own time zone. */
function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const postcodeField = ZApplyDetailsRequest.shape.address.shape.postcode;

type LookupResult =
  | { status: 'found'; addresses: Address[] }
  | { status: 'empty' }
  | { status: 'failed'; message: string };

/**
 * The UK residential address (CONTRACT §8): typed, or, when the server offers a look-up
 * (`address_lookup`), found by postcode and chosen from a list that fills the fields, which
 * stay editable. The postcode then comes first, as the look-up starts from it.
 */
function AddressFields({ form, lookupOffered }: { form: DetailsFormApi; lookupOffered: boolean }) {
  const { register } = form;
  const errors = form.formState.errors.address;
  const lookup = useAddressLookup();
  const [result, setResult] = useState<LookupResult | null>(null);
  const [chosen, setChosen] = useState('');
  const choiceId = useId();

  const find = () => {
    if (lookup.isPending) return;
    const parsed = postcodeField.safeParse(form.getValues('address.postcode'));
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? ADDRESS_MESSAGES.postcode;
      form.setError('address.postcode', { message }, { shouldFocus: true });
      return;
    }
    form.clearErrors('address.postcode');
    setResult(null);
    setChosen('');
    lookup.mutate(parsed.data, {
      onSuccess: ({ addresses }) =>
        setResult(addresses.length > 0 ? { status: 'found', addresses } : { status: 'empty' }),
      onError: (error) =>
        setResult({ status: 'failed', message: serverMessage(error, LOOKUP_FAILED_MESSAGE) }),
    });
  };

  const choose = (value: string) => {
    setChosen(value);
    const address = result?.status === 'found' ? result.addresses[Number(value)] : undefined;
    if (!value || !address) return;
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('address.line1', address.line1, options);
    form.setValue('address.line2', address.line2 ?? '', options);
    form.setValue('address.town', address.town, options);
    form.setValue('address.postcode', address.postcode, options);
  };

  const found = result?.status === 'found' ? result.addresses : [];
  const statusMessage = lookup.isPending
    ? 'Finding addresses...'
    : result?.status === 'found'
      ? `${found.length} ${found.length === 1 ? 'address' : 'addresses'} found. Choose yours below.`
      : result?.status === 'empty'
        ? ADDRESS_LOOKUP_EMPTY_MESSAGE
        : result?.status === 'failed'
          ? result.message
          : null;

  const postcode = (
    <FormField
      key="postcode"
      id={id('address-postcode')}
      label="Postcode"
      error={errors?.postcode?.message}
    >
      {(control) => (
        <div>
          <div className={cn('flex gap-2', lookupOffered && 'sm:max-w-md')}>
            <Input
              {...control}
              autoComplete="postal-code"
              autoCapitalize="characters"
              spellCheck={false}
              className={cn('flex-1', !lookupOffered && 'sm:max-w-48')}
              {...register('address.postcode')}
            />
            {lookupOffered ? (
              <Button
                type="button"
                variant="outline"
                onClick={find}
                aria-disabled={lookup.isPending || undefined}
              >
                <BusyLabel
                  busy={lookup.isPending}
                  working="Finding..."
                  idle={
                    <>
                      <Search aria-hidden="true" />
                      Find address
                    </>
                  }
                />
              </Button>
            ) : null}
          </div>
          {lookupOffered ? (
            // Always present, so that what it says is announced as it changes.
            <div role="status" aria-live="polite">
              {statusMessage ? (
                <p
                  className={cn(
                    'mt-2 text-sm leading-snug',
                    result?.status === 'failed' ? 'text-destructive-text' : 'text-muted-foreground',
                  )}
                >
                  {statusMessage}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      )}
    </FormField>
  );

  const choice =
    found.length > 0 ? (
      <div key="choice" className="grid content-start gap-2">
        <Label htmlFor={choiceId}>Choose your address</Label>
        <select
          id={choiceId}
          value={chosen}
          onChange={(event) => choose(event.target.value)}
          className={cn(fieldClasses, 'h-10 cursor-pointer py-2')}
        >
          <option value="">Select your address...</option>
          {found.map((address, index) => (
            <option key={index} value={String(index)}>
              {formatAddress(address)}
            </option>
          ))}
        </select>
      </div>
    ) : null;

  const lines = (
    <div key="lines" className="grid gap-5">
      <FormField id={id('address-line1')} label="Address line 1" error={errors?.line1?.message}>
        {(control) => (
          <Input {...control} autoComplete="address-line1" {...register('address.line1')} />
        )}
      </FormField>
      <FormField
        id={id('address-line2')}
        label={
          <>
            Address line 2 <Optional />
          </>
        }
        error={errors?.line2?.message}
      >
        {(control) => (
          <Input {...control} autoComplete="address-line2" {...register('address.line2')} />
        )}
      </FormField>
      <div className={cn('grid gap-5', !lookupOffered && 'sm:grid-cols-2')}>
        <FormField id={id('address-town')} label="Town or city" error={errors?.town?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="address-level2"
              className={cn(lookupOffered && 'sm:max-w-sm')}
              {...register('address.town')}
            />
          )}
        </FormField>
        {lookupOffered ? null : postcode}
      </div>
    </div>
  );

  return (
    <fieldset className="grid min-w-0 gap-5" aria-describedby={id('address-hint')}>
      <legend className="mb-2 text-sm font-medium">Your UK residential address</legend>
      <p id={id('address-hint')} className="-mt-2 text-sm leading-relaxed text-muted-foreground">
        Where you live now. We send your card here.
      </p>
      {lookupOffered ? [postcode, choice, lines] : lines}
    </fieldset>
  );
}

/**
 * Step 1 of the details screen (`apply-details`): what a bank must know before opening an
 * account. Validates on submit, then as the applicant types; the server's own messages land
 * on the fields they belong to.
 */
export function DetailsForm({
  askName,
  askEmail,
  application: given,
}: {
  askName: boolean;
  askEmail: boolean;
  /** What the applicant gave before, and whether a look-up is offered; else `apply-get-stage`'s. */
  application?: Pick<ApplyGetStageResponse, 'date_of_birth' | 'address' | 'address_lookup'>;
}) {
  const submit = useSubmitDetails();
  // The screen has read the application already: this only reads it, never fetches it.
  const { data: cached } = useApplication({ enabled: false });
  const application = given ?? cached;
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => detailsFormSchema(askName, askEmail), [askName, askEmail]);
  const saved = application?.address;
  const form: DetailsFormApi = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      full_name: '',
      email: '',
      date_of_birth: application?.date_of_birth ?? '',
      address: {
        line1: saved?.line1 ?? '',
        line2: saved?.line2 ?? '',
        town: saved?.town ?? '',
        postcode: saved?.postcode ?? '',
      },
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
        date_of_birth: data.date_of_birth,
        address: data.address,
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
        <FormField
          id={id('date_of_birth')}
          label="Date of birth"
          hint="As shown on your passport or driving licence."
          error={errors.date_of_birth?.message}
          className="grid gap-2"
        >
          {(control) => (
            <Input
              {...control}
              type="date"
              max={today()}
              autoComplete="bday"
              className="sm:max-w-56"
              {...form.register('date_of_birth')}
            />
          )}
        </FormField>
        <AddressFields form={form} lookupOffered={application?.address_lookup === true} />
      </Section>

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
