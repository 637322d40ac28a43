import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { ApplicantDeclineResponse } from '#shared/schemas/data-protection.ts';
import {
  deferredReply,
  expectConsoleErrors,
  refusal,
  renderWithClient,
  stubApi,
} from '#tests/helpers/component-render.ts';
import { ReasonDialog, type ReasonKind } from './reason-dialog.tsx';

const BASIC_ID = '0b6c1b8e-4a4e-4f7a-9d2a-3f7c9b1e2d10';
/** A decline now waits for a second member: the stage is unchanged. */
const REQUESTED: ApplicantDeclineResponse = {
  ok: true,
  stage: 'kyc',
  status: 'pending_approval',
  request_id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
};

function open(kind: ReasonKind = 'decline') {
  const onOpenChange = vi.fn();
  const view = renderWithClient(
    <ReasonDialog
      kind={kind}
      basicId={BASIC_ID}
      name="Amira Haddad"
      open
      onOpenChange={onOpenChange}
    />,
  );
  return { ...view, onOpenChange };
}

const reasonBox = () => screen.getByRole('textbox', { name: 'Reason (internal)' });

describe('ReasonDialog', () => {
  it('names the applicant, says a second member must approve, and refuses to ask without a reason', async () => {
    const api = stubApi({});
    const { user, onOpenChange } = open('decline');
    const dialog = screen.getByRole('dialog', { name: 'Request decline' });
    expect(dialog).toHaveTextContent(
      'Amira Haddad: the decline takes effect only when a second member (an owner or compliance, not you) approves it',
    );
    await user.click(screen.getByRole('button', { name: 'Request decline' }));
    expect(await screen.findByText('Please give a reason for the decline')).toBeInTheDocument();
    expect(reasonBox()).toHaveAttribute('aria-invalid', 'true');
    expect(reasonBox()).toHaveFocus();
    expect(api.calls).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('counts the characters typed and sends the trimmed reason, then closes with a toast', async () => {
    const api = stubApi({
      '/admin-applicant-decline': () => ({ body: REQUESTED }),
    });
    const success = vi.spyOn(toast, 'success');
    const { user, onOpenChange } = open('decline');
    await user.type(reasonBox(), '  Failed checks ');
    expect(screen.getByText('Required, up to 500 characters (16/500).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request decline' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.calls).toEqual([
      { path: '/admin-applicant-decline', body: { basic_id: BASIC_ID, reason: 'Failed checks' } },
    ]);
    expect(success).toHaveBeenCalledWith('Decline requested: a second member must approve it');
  });

  it('cancels on Escape and on Cancel', async () => {
    stubApi({});
    const { user, onOpenChange } = open('erase');
    expect(screen.getByRole('dialog', { name: 'Request erasure' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    onOpenChange.mockClear();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('while the server works: shows Requesting..., locks the form and will not close', async () => {
    const reply = deferredReply();
    stubApi({ '/admin-applicant-decline': reply.handler });
    const { user, onOpenChange } = open('decline');
    await user.type(reasonBox(), 'Duplicate application');
    await user.click(screen.getByRole('button', { name: 'Request decline' }));
    const busy = await screen.findByRole('button', { name: 'Requesting...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(reasonBox()).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    reply.release({ body: REQUESTED });
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('keeps a refusal in the dialog, with the server’s words on the field', async () => {
    stubApi({
      '/admin-applicant-decline': () =>
        refusal(400, 'Invalid request', { reason: 'Reason must be less than 500 characters' }),
    });
    const logged = expectConsoleErrors();
    const { user, onOpenChange } = open('decline');
    await user.type(reasonBox(), 'Too long, says the server');
    await user.click(screen.getByRole('button', { name: 'Request decline' }));
    expect(await screen.findByTestId('dialog-error')).toHaveTextContent('Invalid request');
    expect(screen.getByText('Reason must be less than 500 characters')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(logged.mock.calls).toEqual([['admin-applicant-decline failed', expect.any(Error)]]);
  });

  it('asks again after a server failure, and does not blame the member', async () => {
    stubApi({ '/admin-identity-approve': () => refusal(500, 'Internal error') });
    const logged = expectConsoleErrors();
    const { user } = open('approve');
    await user.type(reasonBox(), 'Document re-checked by hand');
    await user.click(screen.getByRole('button', { name: 'Approve identity' }));
    expect(await screen.findByTestId('dialog-error')).toHaveTextContent(
      'Failed to approve identity. Please try again.',
    );
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
