import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import {
  expectConsoleErrors,
  refusal,
  renderWithClient,
  stubApi,
} from '#tests/helpers/component-render.ts';
import { OverrideTierDialog, type OverrideTierApplicant } from './override-tier-dialog.tsx';

const BASIC_ID = '3c2b1a09-8f7e-4d6c-8b5a-493827161504';
const amelia: OverrideTierApplicant = {
  id: BASIC_ID,
  full_name: 'Amelia Hart',
  email: 'amelia@example.com',
  tier_assigned: 'noir',
};

function open(applicant: OverrideTierApplicant = amelia) {
  const onClose = vi.fn();
  const view = renderWithClient(
    <OverrideTierDialog applicant={applicant} open onClose={onClose} />,
  );
  return { ...view, onClose, dialog: screen.getByRole('dialog', { name: 'Override Tier' }) };
}

const update = () => screen.getByRole('button', { name: 'Update Tier' });
const reasonBox = () => screen.getByRole('textbox', { name: 'Reason for the override' });

describe('OverrideTierDialog', () => {
  it('names the applicant and their tier, and offers the four tiers an override may set', async () => {
    stubApi({});
    const { user, dialog } = open();
    expect(dialog).toHaveTextContent('Amelia Hart');
    expect(dialog).toHaveTextContent('Current tier: Noir');
    await user.click(screen.getByRole('combobox', { name: 'New tier' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Standard',
      'Noir',
      'Monarch',
      'Titan',
    ]);
  });

  it('cannot update before a tier is chosen', () => {
    stubApi({});
    open({ ...amelia, full_name: null, tier_assigned: null });
    expect(screen.getByRole('dialog', { name: 'Override Tier' })).toHaveTextContent(
      'amelia@example.com',
    );
    expect(screen.getByText('Not assigned')).toBeInTheDocument();
    expect(update()).toBeDisabled();
  });

  it('asks for a reason of three characters or more before asking the server', async () => {
    const api = stubApi({});
    const { user, onClose } = open();
    await user.type(reasonBox(), ' ok ');
    await user.click(update());
    expect(screen.getByText('Please give a reason for the override')).toBeInTheDocument();
    expect(reasonBox()).toHaveAttribute('aria-invalid', 'true');
    expect(reasonBox()).toHaveFocus();
    expect(api.calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    // Typing again clears the message.
    await user.type(reasonBox(), 'k');
    expect(screen.queryByText('Please give a reason for the override')).not.toBeInTheDocument();
  });

  it('sends the chosen tier and trimmed reason, then closes with a toast', async () => {
    const api = stubApi({ '/admin-applicant-override-tier': () => ({ body: { ok: true } }) });
    const success = vi.spyOn(toast, 'success');
    const { user, onClose } = open();
    await user.click(screen.getByRole('combobox', { name: 'New tier' }));
    await user.click(screen.getByRole('option', { name: 'Titan' }));
    expect(screen.getByRole('combobox', { name: 'New tier' })).toHaveTextContent('Titan');
    await user.type(reasonBox(), '  Private banking referral ');
    await user.click(update());
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls).toEqual([
      {
        path: '/admin-applicant-override-tier',
        body: { basic_id: BASIC_ID, tier: 'titan', reason: 'Private banking referral' },
      },
    ]);
    expect(success).toHaveBeenCalledWith('Tier updated successfully');
  });

  it('a refusal is toasted with the server’s reason and the dialog stays open', async () => {
    stubApi({
      '/admin-applicant-override-tier': () =>
        refusal(409, 'The offer has been signed: the tier can no longer change.'),
    });
    const logged = expectConsoleErrors();
    const failure = vi.spyOn(toast, 'error');
    const { user, onClose } = open();
    await user.type(reasonBox(), 'Upgrade agreed');
    await user.click(update());
    await vi.waitFor(() =>
      expect(failure).toHaveBeenCalledWith('Failed to override tier', {
        description: 'The offer has been signed: the tier can no longer change.',
      }),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(update()).toBeEnabled();
    expect(logged.mock.calls).toEqual([
      ['admin-applicant-override-tier failed', expect.any(Error)],
    ]);
  });

  it('Cancel and Escape close it', async () => {
    stubApi({});
    const { user, onClose } = open();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
