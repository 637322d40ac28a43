import { Copy } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ENTER_CODE, type AdminEnrollResponse } from '#shared/schemas/staff.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useEnrollMfa } from '../../api/enroll-mfa.ts';
import { groupSecret, otpauthAccount, plainSecret } from '../../utils/mfa.ts';
import { reportCodeFailure } from '../../utils/sign-in-errors.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { CodeField } from './code-field.tsx';
import { StepSection } from './step-section.tsx';
import { QrCode } from './qr-code.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

type MfaEnrolmentProps = {
  challenge: string;
  otpauthUrl: string;
  secret: string;
  /** 'Continue to the dashboard' after the recovery codes: only now is the token stored. */
  onComplete: (session: AdminEnrollResponse) => void;
  /** The challenge is spent or older than 5 minutes. */
  onExpired: (message: string) => void;
  /** A way back ('Start again' on the gate); none on the join page, where the link is spent. */
  restart?: ReactNode;
};

/**
 * First sign-in and joining (CONTRACT §5): scan the QR code or type the key, prove it with a
 * first code (`admin-mfa-enroll`), then save the ten recovery codes, shown once.
 */
export function MfaEnrolment({
  challenge,
  otpauthUrl,
  secret,
  onComplete,
  onExpired,
  restart,
}: MfaEnrolmentProps) {
  const ids = { code: useId(), key: useId(), steps: useId() };
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [session, setSession] = useState<AdminEnrollResponse | null>(null);
  const enroll = useEnrollMfa();

  if (session) {
    return (
      <RecoveryCodes
        codes={session.recovery_codes}
        email={session.staff.email}
        onContinue={() => onComplete(session)}
      />
    );
  }

  const onCopyKey = async () => {
    try {
      await navigator.clipboard.writeText(plainSecret(secret));
      toast.success('Key copied');
    } catch (cause) {
      console.error('Copying the key failed', cause);
      toast.error('Failed to copy key');
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (enroll.isPending) return;
    if (code.trim() === '') {
      setError(ENTER_CODE);
      document.getElementById(ids.code)?.focus();
      return;
    }
    setError(null);
    enroll.mutate(
      { challenge, code: code.trim() },
      {
        onSuccess: setSession,
        onError: (cause) => {
          const message = reportCodeFailure(cause, onExpired, toast.error);
          if (message === null) return;
          setError(message);
          document.getElementById(ids.code)?.focus();
        },
      },
    );
  };

  const account = otpauthAccount(otpauthUrl);
  const busy = enroll.isPending;
  return (
    <StepSection
      id="mfa-enrol-title"
      title="Set up your authenticator app"
      introId={ids.steps}
      className="grid gap-5"
      intro={
        <>
          Every sign-in asks for a code from an authenticator app on your phone, as well as your
          passphrase{account ? ` (account ${account})` : ''}.
        </>
      }
    >
      <div className="grid gap-3">
        <p className="text-sm">
          <span className="font-medium">1.</span> Scan this QR code with the app.
        </p>
        <div className="flex justify-center">
          <QrCode url={otpauthUrl} />
        </div>
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground" id={`${ids.key}-label`}>
            Can&apos;t scan it? Enter this key in the app instead:
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              id={ids.key}
              className="min-w-0 flex-1 rounded-md border border-border bg-muted/40 px-3 py-2 font-mono text-[0.9375rem] tracking-wide break-words"
            >
              {groupSecret(secret)}
            </code>
            <Button type="button" variant="outline" size="sm" onClick={() => void onCopyKey()}>
              <Copy aria-hidden="true" />
              Copy key
            </Button>
          </div>
        </div>
      </div>

      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <p className="text-sm">
          <span className="font-medium">2.</span> {ENTER_CODE} to confirm.
        </p>
        <CodeField
          id={ids.code}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={error}
          disabled={busy}
        />
        <Button type="submit" disabled={busy}>
          <BusyLabel busy={busy} idle="Verify" working="Verifying..." />
        </Button>
        {restart}
      </form>
    </StepSection>
  );
}
