import type { ComponentProps, ReactNode } from 'react';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { FieldError, describedBy } from './field-error.tsx';

/** What the field's control takes so that its label, hint and error point at it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  /** The control's id; its error is `{id}-error`, its hint `{id}-hint`. */
  id: string;
  label: ReactNode;
  /** The field's message, when it has one. */
  error: string | undefined;
  /** A line under the control, read with it. */
  hint?: ReactNode;
  /** Further ids the control is described by, after the error and the hint. */
  describedByIds?: string[];
  /** The block's classes: `grid gap-2`, or `grid content-start gap-2` in a row of fields. */
  className?: string;
  /** The control itself, given its id and aria attributes. */
  children: (control: FieldControlProps) => ReactNode;
};

/** A form field: label, control, optional hint and the field's message, wired for assistive tech. */
export function FormField({
  id,
  label,
  error,
  hint,
  describedByIds = [],
  className = 'grid content-start gap-2',
  children,
}: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(
          error,
          errorId,
          ...(hint ? [hintId] : []),
          ...describedByIds,
        ),
      })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** '(optional)' after a field's label. */
export function Optional() {
  return <span className="font-normal text-muted-foreground">(optional)</span>;
}

/** An e-mail address input: the right keyboard and autofill, and no spelling marks. */
export function EmailInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return <Input type="email" autoComplete="email" spellCheck={false} {...props} />;
}
