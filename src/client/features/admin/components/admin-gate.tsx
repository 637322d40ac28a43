import { LockKeyhole } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useSignIn } from '../api/admin-auth.ts';
import { takeSignedOutNotice } from '../api/staff-api.ts';

/** SPEC §8 'Admin': which message a failed sign-in shows. */
function signInMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return 'Invalid credentials';
    // Too many attempts: the server's message says when to try again.
    if (error.status === 429) return error.message;
    return 'Authentication failed';
  }
  if (error instanceof Error && error.message === 'Invalid credentials') return error.message;
  return 'Authentication failed';
}

/** SPEC §2 'Admin (/admin)': the passphrase gate. */
export function AdminGate() {
  const inputId = useId();
  const errorId = useId();
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Read once: the notice of a forced sign-out (expired token) shows until the next attempt.
  const [notice] = useState(takeSignedOutNotice);
  const signIn = useSignIn();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    if (passphrase.trim() === '') {
      setError('Enter passphrase');
      return;
    }
    setError(null);
    // mutateAsync, not mutate's callbacks: success unmounts this gate, and the toast must still show.
    signIn.mutateAsync(passphrase).then(
      () => {
        setPassphrase('');
        toast.success('Access granted');
      },
      (cause: unknown) => {
        const message = signInMessage(cause);
        setError(message);
        toast.error(message);
      },
    );
  };

  return (
    <div className="flex justify-center px-4 py-16 md:py-24">
      <Card className="w-full max-w-md">
        <CardHeader>
          <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-muted">
            <LockKeyhole aria-hidden="true" className="size-5" />
          </div>
          <h1 className="font-serif text-3xl leading-tight">Admin Access</h1>
          <CardDescription>Enter passphrase to continue</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            {notice && !error ? (
              <Alert role="status">
                <AlertDescription>{notice}</AlertDescription>
              </Alert>
            ) : null}
            <div className="grid gap-2">
              <Label htmlFor={inputId}>Passphrase</Label>
              <Input
                id={inputId}
                type="password"
                autoComplete="current-password"
                autoFocus
                value={passphrase}
                onChange={(event) => setPassphrase(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
              {error ? (
                <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
            <Button type="submit" disabled={signIn.isPending}>
              {signIn.isPending ? 'Verifying...' : 'Enter'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
