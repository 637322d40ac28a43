import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  useFormContext,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from '#shared/schemas/zod.ts';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { FormField, type FieldControlProps } from '#client/components/form/form-field.tsx';
import { isApiError } from '#client/lib/api-client.ts';

/** A form's schema: a zod object from src/shared, the server's own. */
type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * A staff form's state, checked with the server's schema: on submit, then again on each change
 * once a field has shown its message.
 */
export function useStaffForm<S extends Schema>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/**
 * The server's refusal on a form: each 400 `details` entry about one of the form's fields goes
 * beside that field (the first takes focus); what is left is the form's own message, returned
 * (null when every message found its field).
 */
export function showServerErrors<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  error: unknown,
  fields: readonly string[] = Object.keys(form.getValues()),
): string | null {
  if (!isApiError(error)) return null;
  let placed = false;
  for (const [field, message] of Object.entries(error.details ?? {})) {
    if (!fields.includes(field)) continue;
    form.setError(field as Path<T>, { message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed ? null : error.message;
}

/**
 * A string field's longest value, as its shared schema allows (`maxLength` on the input): the
 * string's own limit, under any `.nullish()`, `.default()`, `.transform()` or `.pipe()`.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  const max = (schema as { maxLength?: number | null }).maxLength;
  if (typeof max === 'number') return max;
  const def = schema.def as { in?: z.ZodType; innerType?: z.ZodType };
  const inner = def.in ?? def.innerType;
  return inner ? maxLengthOf(inner) : undefined;
}

type FormProps<T extends FieldValues, O> = {
  form: UseFormReturn<T, unknown, O>;
  onSubmit: (values: O) => void;
  /** After a submit the schema refused (its messages are beside the fields, the first focused). */
  onInvalid?: (errors: FieldErrors<T>) => void;
  /** The form's own message (a refusal no field owns), shown above its buttons. */
  error?: string | null;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
};

/**
 * A staff form: `noValidate` (the schema checks, with the server's words), its fields read their
 * messages from it (StaffField), and a form-level message in an alert (`data-testid="form-error"`).
 */
export function Form<T extends FieldValues, O>({
  form,
  onSubmit,
  onInvalid,
  error,
  className = 'grid gap-5',
  children,
  ...labels
}: FormProps<T, O>) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(onSubmit, onInvalid)}
        className={className}
        {...labels}
      >
        {children}
        {error ? <FormAlert testId="dialog-error">{error}</FormAlert> : null}
      </form>
    </FormProvider>
  );
}

type StaffFieldProps = {
  /** The field's name in the form, and (with the form's id prefix) its control's id. */
  name: string;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Further ids the control is described by (a hint elsewhere on the page). */
  describedByIds?: string[];
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** One field of a Form: its label, control, hint, and its message from the form, wired up. */
export function StaffField({ name, ...field }: StaffFieldProps) {
  const { formState } = useFormContext();
  const message = formState.errors[name]?.message;
  return <FormField {...field} error={typeof message === 'string' ? message : undefined} />;
}
