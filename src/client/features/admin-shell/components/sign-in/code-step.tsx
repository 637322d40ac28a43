import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ENTER_CODE, type AdminSessionResponse } from '#shared/schemas/staff.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useVerifySignIn } from '../../api/verify-sign-in.ts';
import { useFocusOnMount } from '../../hooks/use-focus-on-mount.ts';
import { reportCodeFailure } from '../../utils/sign-in-errors.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { CodeField } from './code-field.tsx';

export const RECOVERY_HINT = 'Lost your device? Enter one of your recovery codes.';

type CodeStepProps = {
  challenge: string;
  /** The instruction above the form (SPEC-style: the card's description), for the field's hint. */
  instructionId: string;
  onSignedIn: (session: AdminSessionResponse) => void;
  /** The challenge is spent or too old: back to step one with this message. */
  onExpired: (message: string) => void;
  onRestart: () => void;
};

/** Step two: the code from the authenticator app, or a recovery code (`admin-auth-verify`). */
export function CodeStep({
  challenge,
  instructionId,
  onSignedIn,
  onExpired,
  onRestart,
}: CodeStepProps) {
  const ids = { code: useId(), hint: useId() };
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fullKeyboard, setFullKeyboard] = useState(false);
  const inputRef = useFocusOnMount<HTMLInputElement>();
  const verify = useVerifySignIn();
  const reselect = useRef(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    if (code.trim() === '') {
      setError(ENTER_CODE);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    // mutateAsync: success unmounts this step, and the caller's toast must still show.
    verify.mutateAsync({ challenge, code: code.trim() }).then(onSignedIn, (cause: unknown) => {
      const message = reportCodeFailure(cause, onExpired, toast.error);
      if (message === null) return;
      setError(message);
      reselect.current = true;
    });
  };

  const busy = verify.isPending;
  // After a wrong code the field gets focus back with the code selected, not cleared: a
  // mistyped recovery code is easier to mend than to retype. Only once it is enabled again
  // (a disabled field cannot take focus), hence after the render that ends the request.
  useEffect(() => {
    if (busy || !reselect.current) return;
    reselect.current = false;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [busy, error, inputRef]);
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <CodeField
        id={ids.code}
        inputRef={inputRef}
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        error={error}
        disabled={busy}
        hints={[instructionId, ids.hint]}
        fullKeyboard={fullKeyboard}
      />
      <div className="-mt-1 grid justify-items-start gap-1 text-sm text-muted-foreground">
        <p id={ids.hint}>{RECOVERY_HINT}</p>
        <Button
          type="button"
          variant="link"
          className="h-auto px-0 text-sm font-normal"
          onClick={() => {
            setFullKeyboard((current) => !current);
            inputRef.current?.focus();
          }}
        >
          {fullKeyboard ? 'Use the number keypad' : 'Type a recovery code (full keyboard)'}
        </Button>
      </div>
      <Button type="submit" disabled={busy}>
        <BusyLabel busy={busy} idle="Verify" working="Verifying..." />
      </Button>
      <Button type="button" variant="ghost" onClick={onRestart} disabled={busy}>
        Start again
      </Button>
    </form>
  );
}
