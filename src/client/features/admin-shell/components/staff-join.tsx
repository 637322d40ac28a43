import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  ENTER_CODE,
  JOIN_LINK_INVALID,
  staffPassphraseField,
  type AdminAuthResponse,
  type AdminSessionResponse,
} from '#shared/schemas/staff.ts';
import { z } from '#shared/schemas/zod.ts';
import { STAFF_PASSPHRASE_MIN } from '#shared/staff.ts';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { SignInCard } from './sign-in/sign-in-card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { paths } from '#client/config/paths.ts';
import { useStartStaffSession } from '#client/lib/staff/api/get-me.ts';
import { useJoinStaff } from '../api/join-staff.ts';
import { passphraseStrength } from '../utils/passphrase-strength.ts';
import { joinFailure } from '../utils/sign-in-errors.ts';
import { ACCESS_GRANTED } from './admin-gate.tsx';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { CodeStep } from './sign-in/code-step.tsx';
import { MfaEnrolment } from './sign-in/mfa-enrolment.tsx';
import { PassphraseMeter } from './sign-in/passphrase-meter.tsx';

export const PASSPHRASES_DIFFER = 'Passphrases do not match';

/** The passphrase as the server checks it, typed twice. */
const ZJoinForm = z
  .object({ passphrase: staffPassphraseField, confirm: z.string() })
  .refine((value) => value.passphrase === value.confirm, {
    message: PASSPHRASES_DIFFER,
    path: ['confirm'],
  });

type Phase =
  | { kind: 'passphrase' }
  | { kind: 'invalid' }
  | { kind: 'second-factor'; answer: AdminAuthResponse }
  /** The enrolment took longer than its challenge lives: the passphrase is set, sign in. */
  | { kind: 'expired'; message: string };

function SignInLink() {
  return (
    <Link to={paths.admin.getHref()} className={buttonVariants({ variant: 'outline' })}>
      Go to Admin Access
    </Link>
  );
}

function PassphraseForm({
  token,
  onJoined,
  onInvalid,
}: {
  token: string;
  onJoined: (answer: AdminAuthResponse) => void;
  onInvalid: () => void;
}) {
  const join = useJoinStaff();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZJoinForm),
    defaultValues: { passphrase: '', confirm: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const passphrase = useWatch({ control: form.control, name: 'passphrase' }) ?? '';
  const strength = passphraseStrength(passphrase);

  const onSubmit = form.handleSubmit((data) => {
    setFailure(null);
    join.mutate(
      { token, passphrase: data.passphrase },
      {
        onSuccess: onJoined,
        onError: (error) => {
          const result = joinFailure(error);
          if (result.kind === 'invalid') {
            toast.error(JOIN_LINK_INVALID);
            onInvalid();
            return;
          }
          setFailure(result.message);
          toast.error(result.message);
        },
      },
    );
  });

  const busy = join.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="join-passphrase">Passphrase</Label>
        <Input
          id="join-passphrase"
          type="password"
          autoComplete="new-password"
          autoFocus
          disabled={busy}
          aria-invalid={errors.passphrase ? true : undefined}
          aria-describedby={describedBy(
            errors.passphrase,
            'join-passphrase-error',
            'join-passphrase-strength',
          )}
          {...form.register('passphrase')}
        />
        <FieldError id="join-passphrase-error" message={errors.passphrase?.message} />
        <PassphraseMeter id="join-passphrase-strength" strength={strength} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="join-confirm">Confirm passphrase</Label>
        <Input
          id="join-confirm"
          type="password"
          autoComplete="new-password"
          disabled={busy}
          aria-invalid={errors.confirm ? true : undefined}
          aria-describedby={describedBy(errors.confirm, 'join-confirm-error')}
          {...form.register('confirm')}
        />
        <FieldError id="join-confirm-error" message={errors.confirm?.message} />
      </div>
      {failure ? (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" disabled={busy}>
        <BusyLabel busy={busy} idle="Continue" working="Saving..." />
      </Button>
    </form>
  );
}

/**
 * /admin/join?token=… (CONTRACT §5): an invited member chooses a passphrase
 * (`admin-staff-join`), sets up the authenticator app, saves the recovery codes, and the
 * panel opens.
 */
export function StaffJoin() {
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once: the address loses the token as soon as it is spent (see onJoined).
  const [token] = useState(() => searchParams.get('token')?.trim() ?? '');
  const [phase, setPhase] = useState<Phase>(() =>
    token === '' ? { kind: 'invalid' } : { kind: 'passphrase' },
  );
  const navigate = useNavigate();
  const startSession = useStartStaffSession();

  const onJoined = (answer: AdminAuthResponse) => {
    // The link is used: keep it out of the history and of anything copied from the bar.
    setSearchParams({}, { replace: true });
    setPhase({ kind: 'second-factor', answer });
  };
  const openPanel = (session: AdminSessionResponse) => {
    startSession(session);
    toast.success(ACCESS_GRANTED);
    void navigate(paths.admin.getHref(), { replace: true });
  };
  const onExpired = (message: string) => setPhase({ kind: 'expired', message });

  let description: string;
  let body;
  switch (phase.kind) {
    case 'invalid':
      description = 'Your invitation to the staff panel.';
      body = (
        <div className="grid gap-4">
          <Alert variant="destructive">
            <TriangleAlert aria-hidden="true" />
            <AlertDescription>{JOIN_LINK_INVALID}</AlertDescription>
          </Alert>
          <SignInLink />
        </div>
      );
      break;
    case 'expired':
      description = 'Your passphrase is saved.';
      body = (
        <div className="grid gap-4">
          <Alert role="status">
            <AlertDescription>
              {phase.message} Sign in with your e-mail and new passphrase to set up the
              authenticator app.
            </AlertDescription>
          </Alert>
          <SignInLink />
        </div>
      );
      break;
    case 'second-factor': {
      const { answer } = phase;
      description =
        answer.mfa === 'enroll' ? 'Last step: a second factor for every sign-in.' : ENTER_CODE;
      body =
        answer.mfa === 'enroll' ? (
          <MfaEnrolment
            challenge={answer.challenge}
            otpauthUrl={answer.otpauth_url}
            secret={answer.secret}
            onComplete={openPanel}
            onExpired={onExpired}
          />
        ) : (
          // Already enrolled (a second visit to a link the server still accepts): just the code.
          <CodeStep
            challenge={answer.challenge}
            instructionId="staff-join-description"
            onSignedIn={openPanel}
            onExpired={onExpired}
            onRestart={() => void navigate(paths.admin.getHref())}
          />
        );
      break;
    }
    default:
      description = `Choose a passphrase of at least ${STAFF_PASSPHRASE_MIN} characters. You will then set up an authenticator app.`;
      body = (
        <PassphraseForm
          token={token}
          onJoined={onJoined}
          onInvalid={() => setPhase({ kind: 'invalid' })}
        />
      );
  }

  return (
    <SignInCard
      icon={UserPlus}
      title="Join the Waj staff panel"
      descriptionId="staff-join-description"
      description={description}
    >
      {body}
    </SignInCard>
  );
}
