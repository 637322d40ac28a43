import type { Ref } from 'react';
import { describedBy } from '#client/components/form/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';

type CodeFieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Ids of hints read after the label (and after the error, when there is one). */
  hints?: string[];
  /**
   * A recovery code has letters: the phone's number pad would make it impossible to type, so a
   * member who asks for it gets the full keyboard.
   */
  fullKeyboard?: boolean;
  label?: string;
};

/** The one-time code: a TOTP code, or on the sign-in step a recovery code too. */
export function CodeField({
  id,
  value,
  onChange,
  error,
  disabled,
  inputRef,
  hints = [],
  fullKeyboard = false,
  label = 'Authentication code',
}: CodeFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={inputRef}
        id={id}
        name="code"
        type="text"
        inputMode={fullKeyboard ? 'text' : 'numeric'}
        autoComplete={fullKeyboard ? 'off' : 'one-time-code'}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={40}
        className="font-mono tracking-widest"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, errorId, ...hints)}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
