import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { CHALLENGE_EXPIRED, ENTER_CODE, INVALID_CODE } from '#shared/schemas/staff.ts';
import { refusal, renderWithClient, stubApi } from '#tests/helpers/component-render.ts';
import { CodeStep, RECOVERY_HINT } from './code-step.tsx';

function codeStep() {
  const props = { onSignedIn: vi.fn(), onExpired: vi.fn(), onRestart: vi.fn() };
  const view = renderWithClient(
    <>
      <p id="instruction">Enter the code from your authenticator app.</p>
      <CodeStep challenge="challenge-1" instructionId="instruction" {...props} />
    </>,
  );
  return { ...view, ...props };
}

const codeBox = () => screen.getByRole('textbox', { name: 'Authentication code' });
const verify = () => screen.getByRole('button', { name: 'Verify' });

describe('CodeStep (the sign-in code field)', () => {
  it('starts focused, with the number keypad and one-time-code autofill, described by its hints', () => {
    stubApi({});
    codeStep();
    expect(codeBox()).toHaveFocus();
    expect(codeBox()).toHaveAttribute('inputmode', 'numeric');
    expect(codeBox()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeBox()).toHaveAccessibleDescription(
      `Enter the code from your authenticator app. ${RECOVERY_HINT}`,
    );
  });

  it('refuses an empty code without asking the server, and typing clears the message', async () => {
    const api = stubApi({});
    const { user } = codeStep();
    await user.click(verify());
    expect(screen.getByRole('alert')).toHaveTextContent(ENTER_CODE);
    expect(codeBox()).toHaveAttribute('aria-invalid', 'true');
    expect(codeBox()).toHaveAccessibleDescription(expect.stringContaining(ENTER_CODE));
    expect(codeBox()).toHaveFocus();
    expect(api.calls).toEqual([]);
    await user.type(codeBox(), '1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(codeBox()).not.toHaveAttribute('aria-invalid');
  });

  it('switches to the full keyboard for a recovery code, and back', async () => {
    stubApi({});
    const { user } = codeStep();
    await user.click(screen.getByRole('button', { name: 'Type a recovery code (full keyboard)' }));
    expect(codeBox()).toHaveAttribute('inputmode', 'text');
    expect(codeBox()).toHaveAttribute('autocomplete', 'off');
    expect(codeBox()).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Use the number keypad' }));
    expect(codeBox()).toHaveAttribute('inputmode', 'numeric');
  });

  it('sends the trimmed code with the challenge and hands over the session', async () => {
    const session = {
      ok: true,
      token: 'staff-token',
      staff: { id: 's1', email: 'sam@waj.test', name: 'Sam', role: 'owner' },
    };
    const api = stubApi({ '/admin-auth-verify': () => ({ body: session }) });
    const { user, onSignedIn } = codeStep();
    await user.type(codeBox(), ' 123456 ');
    await user.click(verify());
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(api.calls).toEqual([
      { path: '/admin-auth-verify', body: { challenge: 'challenge-1', code: '123456' } },
    ]);
  });

  it('a wrong code stays on the step, says so, and keeps the code to mend it', async () => {
    stubApi({ '/admin-auth-verify': () => refusal(401, INVALID_CODE) });
    const failure = vi.spyOn(toast, 'error');
    const { user, onExpired } = codeStep();
    await user.type(codeBox(), '654321');
    await user.click(verify());
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_CODE);
    expect(failure).toHaveBeenCalledWith(INVALID_CODE);
    expect(codeBox()).toHaveValue('654321');
    expect(codeBox()).toBeEnabled();
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('after a wrong code, focus is back in the field with the code selected', async () => {
    stubApi({ '/admin-auth-verify': () => refusal(401, INVALID_CODE) });
    vi.spyOn(toast, 'error');
    const { user } = codeStep();
    await user.type(codeBox(), '654321');
    await user.click(verify());
    await screen.findByRole('alert');
    expect(codeBox()).toHaveFocus();
    const box = codeBox() as HTMLInputElement;
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, 6]);
  });

  it('an expired challenge goes back to step one with its message', async () => {
    stubApi({ '/admin-auth-verify': () => refusal(400, CHALLENGE_EXPIRED) });
    vi.spyOn(toast, 'error');
    const { user, onExpired } = codeStep();
    await user.type(codeBox(), '123456');
    await user.click(verify());
    await vi.waitFor(() => expect(onExpired).toHaveBeenCalledWith(CHALLENGE_EXPIRED));
  });

  it('Start again goes back without sending anything', async () => {
    const api = stubApi({});
    const { user, onRestart } = codeStep();
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(onRestart).toHaveBeenCalledTimes(1);
    expect(api.calls).toEqual([]);
  });
});
