import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  ENTER_PASSPHRASE,
  ZAdminAuthRequest,
  type AdminAuthResponse,
} from '#shared/schemas/staff.ts';
import { describedBy } from '#client/components/form/field-error.tsx';
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useSignIn } from '../../api/admin-auth.ts';
import { signInMessage } from '../../utils/sign-in-errors.ts';

type Errors = { email?: string; passphrase?: string };

type CredentialsStepProps = {
  /** Kept across 'Start again', so only the passphrase is typed again. */
  email: string;
  onEmailChange: (email: string) => void;
  /** Why the member is here again (an expired session or sign-in), until the next attempt. */
  notice: string | null;
  onChallenge: (answer: AdminAuthResponse) => void;
};

/** Step one (SPEC §2 gate, CONTRACT §5): e-mail and passphrase. */
export function CredentialsStep({
  email,
  onEmailChange,
  notice,
  onChallenge,
}: CredentialsStepProps) {
  const ids = { email: useId(), passphrase: useId() };
  const errorIds = { email: `${ids.email}-error`, passphrase: `${ids.passphrase}-error` };
  const [passphrase, setPassphrase] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const signIn = useSignIn();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    setTried(true);
    // The passphrase first: SPEC §8's 'Enter passphrase' is the gate's own message.
    if (passphrase.trim() === '') {
      setErrors({ passphrase: ENTER_PASSPHRASE });
      document.getElementById(ids.passphrase)?.focus();
      return;
    }
    const parsed = ZAdminAuthRequest.safeParse({ email, passphrase });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'passphrase') && !found[field]) {
          found[field] = issue.message;
        }
      }
      setErrors(found);
      document.getElementById(found.email ? ids.email : ids.passphrase)?.focus();
      return;
    }
    setErrors({});
    signIn.mutateAsync(parsed.data).then(
      (answer) => {
        // Not kept a moment longer than needed.
        setPassphrase('');
        onChallenge(answer);
      },
      (cause: unknown) => {
        const message = signInMessage(cause);
        setErrors({ passphrase: message });
        toast.error(message);
      },
    );
  };

  const busy = signIn.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {notice && !tried ? (
        <Alert role="status">
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={ids.email}>E-mail</Label>
        <Input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="username"
          spellCheck={false}
          autoCapitalize="off"
          // The address is remembered after 'Start again': then the passphrase is next.
          autoFocus={email === ''}
          value={email}
          onChange={(event) => {
            onEmailChange(event.target.value);
            setErrors((current) => ({ ...current, email: undefined }));
          }}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy(errors.email, errorIds.email)}
        />
        {errors.email ? (
          <p id={errorIds.email} role="alert" className="text-sm font-medium text-destructive-text">
            {errors.email}
          </p>
        ) : null}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.passphrase}>Passphrase</Label>
        <Input
          id={ids.passphrase}
          name="passphrase"
          type="password"
          autoComplete="current-password"
          autoFocus={email !== ''}
          value={passphrase}
          onChange={(event) => setPassphrase(event.target.value)}
          aria-invalid={errors.passphrase ? true : undefined}
          aria-describedby={describedBy(errors.passphrase, errorIds.passphrase)}
        />
        {errors.passphrase ? (
          <p
            id={errorIds.passphrase}
            role="alert"
            className="text-sm font-medium text-destructive-text"
          >
            {errors.passphrase}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Verifying...' : 'Enter'}
      </Button>
    </form>
  );
}
