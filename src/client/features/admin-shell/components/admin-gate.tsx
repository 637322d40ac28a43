import { LockKeyhole } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  ENTER_CODE,
  type AdminAuthResponse,
  type AdminSessionResponse,
} from '#shared/schemas/staff.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SignInCard } from './sign-in/sign-in-card.tsx';
import { useStartStaffSession } from '#client/lib/staff/api/get-me.ts';
import { takeSignedOutNotice } from '#client/lib/staff/api/staff-api.ts';
import { CodeStep } from './sign-in/code-step.tsx';
import { CredentialsStep } from './sign-in/credentials-step.tsx';
import { MfaEnrolment } from './sign-in/mfa-enrolment.tsx';

/** SPEC §8 'Admin': the toast once the panel opens. */
export const ACCESS_GRANTED = 'Access granted';

type Step =
  | { kind: 'credentials' }
  | { kind: 'verify'; challenge: string }
  | { kind: 'enroll'; challenge: string; otpauthUrl: string; secret: string };

function stepFor(answer: AdminAuthResponse): Step {
  return answer.mfa === 'enroll'
    ? {
        kind: 'enroll',
        challenge: answer.challenge,
        otpauthUrl: answer.otpauth_url,
        secret: answer.secret,
      }
    : { kind: 'verify', challenge: answer.challenge };
}

const DESCRIPTIONS: Record<Step['kind'], string> = {
  credentials: 'Enter passphrase to continue',
  verify: ENTER_CODE,
  enroll: 'Your account needs a second step before the panel opens.',
};

/**
 * SPEC §2 'Admin (/admin)' gate with CONTRACT §5's named staff: e-mail and passphrase, then a
 * one-time code (or, the first time, setting up the authenticator app). No token is stored
 * before the second factor.
 */
export function AdminGate() {
  const descriptionId = useId();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [email, setEmail] = useState('');
  // Read once: the notice of a forced sign-out (expired token) shows until the next attempt;
  // an expired sign-in replaces it.
  const [notice, setNotice] = useState(takeSignedOutNotice);
  const startSession = useStartStaffSession();

  const openPanel = (session: AdminSessionResponse) => {
    startSession(session);
    toast.success(ACCESS_GRANTED);
  };
  const restart = (message: string | null = null) => {
    setNotice(message);
    setStep({ kind: 'credentials' });
  };

  let body;
  if (step.kind === 'verify') {
    body = (
      <CodeStep
        challenge={step.challenge}
        instructionId={descriptionId}
        onSignedIn={openPanel}
        onExpired={restart}
        onRestart={() => restart()}
      />
    );
  } else if (step.kind === 'enroll') {
    body = (
      <MfaEnrolment
        challenge={step.challenge}
        otpauthUrl={step.otpauthUrl}
        secret={step.secret}
        onComplete={openPanel}
        onExpired={restart}
        restart={
          <Button type="button" variant="ghost" onClick={() => restart()}>
            Start again
          </Button>
        }
      />
    );
  } else {
    body = (
      <CredentialsStep
        email={email}
        onEmailChange={setEmail}
        notice={notice}
        onChallenge={(answer) => {
          setNotice(null);
          setStep(stepFor(answer));
        }}
      />
    );
  }

  return (
    <SignInCard
      icon={LockKeyhole}
      title="Admin Access"
      descriptionId={descriptionId}
      description={DESCRIPTIONS[step.kind]}
    >
      {body}
    </SignInCard>
  );
}
