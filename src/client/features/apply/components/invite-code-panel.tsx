import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { INVALID_INVITE_MESSAGE } from '#shared/journey-messages.ts';
import { routeAfterVerify } from '#shared/stages.ts';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { FormSuccess } from '#client/components/form/form-success.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { GENERIC_ERROR_MESSAGE, isApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/utils/cn.ts';
import { getStageQueryOptions } from '../api/get-stage.ts';
import { useValidateInvite } from '../api/validate-invite.ts';
import { CREATE_FAILED_MESSAGE, useVerifyCode } from '../api/verify-code.ts';
import { rememberValidatedInvite } from '../utils/session.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { useHydrated } from '#client/lib/hydrated.ts';
import { loadOnce } from '#client/lib/load-once.ts';

/** SPEC §8 'Apply flow'. */
const EMPTY_CODE_MESSAGE = 'Please enter an invite code';
const VALIDATE_FAILED_MESSAGE = 'Failed to validate code';
const PROCESS_FAILED_MESSAGE = 'Failed to process code';
/** SPEC §9: the page is left 0.8 s after the code is verified. */
const REDIRECT_DELAY_MS = 800;

type State =
  | { kind: 'idle' }
  | { kind: 'verifying' }
  | { kind: 'verified' }
  | { kind: 'error'; message: string };

/** The server's own words for a refused code or too many attempts; SPEC's fallbacks otherwise. */
function validateFailure(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return VALIDATE_FAILED_MESSAGE;
  if (error.message !== GENERIC_ERROR_MESSAGE) return error.message;
  const refused = error.status >= 400 && error.status < 500 && error.status !== 429;
  return refused ? INVALID_INVITE_MESSAGE : VALIDATE_FAILED_MESSAGE;
}

/** A refusal the applicant can act on (used code, too many attempts) keeps the server's words. */
function verifyFailure(error: unknown): string {
  if (!isApiError(error)) return PROCESS_FAILED_MESSAGE;
  if (error.message === CREATE_FAILED_MESSAGE) return CREATE_FAILED_MESSAGE;
  const specific = error.status >= 400 && error.status < 500;
  return specific && error.message !== GENERIC_ERROR_MESSAGE
    ? error.message
    : PROCESS_FAILED_MESSAGE;
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * The code's rules (zod and the shared schema) are fetched when the visitor first focuses the
 * field or presses Verify, not with the page (decision 056). A failed fetch is tried again on
 * the next attempt; meanwhile Verify says it failed and sends nothing.
 */
const loadRules = loadOnce(() =>
  import('#shared/schemas/apply.ts').then((module) => module.ZInviteCodeRequest),
);

/**
 * SPEC §2 /apply, left panel: check the code (`validate-invite`), redeem it
 * (`apply-verify-code`, which sets the session cookies), then a full page load to where the
 * application's stage belongs, so every screen after it starts from the new session.
 */
export function InviteCodePanel() {
  const queryClient = useQueryClient();
  const validate = useValidateInvite();
  const verify = useVerifyCode();
  const [code, setCode] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = state.kind === 'verifying';
  // Drawn by the server (decisions 047, 056): until the app has taken the page over, pressing
  // the button would make the browser send the form itself, as a GET with what was typed in
  // the address.
  const hydrated = useHydrated();
  const blank = code.trim() === '';

  useEffect(() => {
    if (state.kind === 'error') inputRef.current?.focus();
  }, [state]);

  const run = async () => {
    if (busy) return;
    if (code.trim() === '') {
      setState({ kind: 'error', message: EMPTY_CODE_MESSAGE });
      return;
    }
    setState({ kind: 'verifying' });
    let parsed;
    try {
      parsed = (await loadRules()).safeParse({ code });
    } catch {
      setState({ kind: 'error', message: VALIDATE_FAILED_MESSAGE });
      return;
    }
    if (!parsed.success) {
      setState({ kind: 'error', message: EMPTY_CODE_MESSAGE });
      return;
    }
    try {
      await validate.mutateAsync(parsed.data);
    } catch (error) {
      setState({ kind: 'error', message: validateFailure(error) });
      return;
    }
    try {
      await verify.mutateAsync(parsed.data);
    } catch (error) {
      setState({ kind: 'error', message: verifyFailure(error) });
      return;
    }
    rememberValidatedInvite(parsed.data.code);
    setState({ kind: 'verified' });
    toast.success('Code Verified', { description: 'Checking your application status...' });
    const [target] = await Promise.all([
      queryClient
        .fetchQuery({ ...getStageQueryOptions(), staleTime: 0 })
        .then((application) => routeAfterVerify(application.stage))
        // SPEC §8: a failed stage lookup goes on to the review screen.
        .catch(() => routeAfterVerify('unknown')),
      wait(REDIRECT_DELAY_MS),
    ]);
    window.location.assign(target);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run();
  };

  // Enter submits even while the button is disabled for a blank code, so the blank-code
  // message can be heard; the browser would otherwise ignore the key.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void run();
  };

  if (state.kind === 'verified') {
    return (
      <FormSuccess title="Code verified!" testId="invite-verified">
        <p className="text-sm text-muted-foreground">Redirecting...</p>
      </FormSuccess>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-labelledby="invite-title">
      {state.kind === 'error' ? <FormAlert testId="invite-error">{state.message}</FormAlert> : null}
      <div className="grid gap-2">
        <Label htmlFor="invite-code">Invitation Code</Label>
        <div className="relative">
          <KeyRound
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={inputRef}
            id="invite-code"
            name="code"
            placeholder="Enter code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onFocus={() => void loadRules().catch(() => undefined)}
            onKeyDown={onKeyDown}
            onChange={(event) => {
              setCode(event.target.value);
              if (state.kind === 'error') setState({ kind: 'idle' });
            }}
            aria-invalid={state.kind === 'error' ? true : undefined}
            aria-describedby="invite-code-hint"
            className={cn(
              'h-12 pl-10 font-mono text-base tracking-[0.2em] uppercase',
              'placeholder:font-sans placeholder:tracking-normal placeholder:normal-case',
            )}
          />
        </div>
        <p id="invite-code-hint" className="text-sm text-muted-foreground">
          Codes are case-insensitive.
        </p>
      </div>
      <Button type="submit" size="lg" disabled={blank || busy || !hydrated} className="w-full">
        <BusyLabel busy={busy} idle="Verify Code" working="Verifying..." />
      </Button>
    </form>
  );
}
