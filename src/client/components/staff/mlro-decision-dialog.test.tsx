import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import {
  NOT_ESCALATED_MESSAGE,
  REFERENCE_REQUIRED_MESSAGE,
  type Escalation,
} from '#shared/schemas/casework.ts';
import {
  deferredReply,
  expectConsoleErrors,
  refusal,
  renderWithClient,
  stubApi,
} from '#tests/helpers/component-render.ts';
import { MlroDecisionDialog } from './mlro-decision-dialog.tsx';

const BASIC_ID = '0b6c1b8e-4a4e-4f7a-9d2a-3f7c9b1e2d10';

const closed: Escalation = {
  id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  status: 'closed',
  reason: 'Unusual deposits',
  escalated_by: { id: 'staff-compliance', name: 'Sam compliance' },
  escalated_at: new Date().toISOString(),
  due_at: new Date().toISOString(),
  decision: 'reported',
  reference: 'SAR-42',
  decision_reason: 'Structuring',
  decided_by: { id: 'staff-mlro', name: 'Sam mlro' },
  decided_at: new Date().toISOString(),
};

function open() {
  const onOpenChange = vi.fn();
  const view = renderWithClient(
    <MlroDecisionDialog basicId={BASIC_ID} name="Amira Haddad" open onOpenChange={onOpenChange} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Record MLRO decision' });
  return { ...view, onOpenChange, dialog };
}

const reasonBox = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'Reason (internal)' });
const referenceBox = (dialog: HTMLElement) =>
  within(dialog).queryByRole('textbox', { name: 'Reference of the report' });

describe('MlroDecisionDialog', () => {
  it('asks for a decision and a reason before anything is sent', async () => {
    const api = stubApi({});
    const { user, dialog } = open();
    expect(dialog).toHaveTextContent('Amira Haddad: the decision closes the escalation');
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(
      await within(dialog).findByText("Please choose 'no_report' or 'reported'"),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Please give a reason for the decision')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('the reference is asked for only with Reported, and then it is required', async () => {
    const api = stubApi({
      '/admin-case-mlro-decide': () => ({ body: { ok: true, escalation: closed } }),
    });
    const success = vi.spyOn(toast, 'success');
    const { user, dialog, onOpenChange } = open();
    expect(referenceBox(dialog)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /No report/ }));
    expect(referenceBox(dialog)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Reported/ }));
    expect(referenceBox(dialog)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(await within(dialog).findByText(REFERENCE_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText('Please give a reason for the decision')).toBeInTheDocument();
    // The first field shown that needs an answer takes focus.
    expect(referenceBox(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(referenceBox(dialog)).toHaveFocus();
    await user.type(reasonBox(dialog), 'Structuring pattern');
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(referenceBox(dialog)).toHaveFocus();
    expect(api.calls).toEqual([]);

    await user.type(referenceBox(dialog)!, 'SAR-2025-0042');
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.calls).toEqual([
      {
        path: '/admin-case-mlro-decide',
        body: {
          basic_id: BASIC_ID,
          decision: 'reported',
          reference: 'SAR-2025-0042',
          reason: 'Structuring pattern',
        },
      },
    ]);
    expect(success).toHaveBeenCalledWith('Decision recorded');
  });

  it('while the server works: Recording..., locked, and it will not close', async () => {
    const reply = deferredReply();
    stubApi({ '/admin-case-mlro-decide': reply.handler });
    const { user, dialog, onOpenChange } = open();
    await user.click(within(dialog).getByRole('radio', { name: /No report/ }));
    await user.type(reasonBox(dialog), 'Salary explains it');
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(await within(dialog).findByRole('button', { name: 'Recording...' })).toBeDisabled();
    expect(reasonBox(dialog)).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    reply.release({ body: { ok: true, escalation: { ...closed, decision: 'no_report' } } });
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('a refusal (decided meanwhile) stays in the dialog, in the server’s words', async () => {
    stubApi({ '/admin-case-mlro-decide': () => refusal(409, NOT_ESCALATED_MESSAGE) });
    const logged = expectConsoleErrors();
    const { user, dialog, onOpenChange } = open();
    await user.click(within(dialog).getByRole('radio', { name: /No report/ }));
    await user.type(reasonBox(dialog), 'Salary explains it');
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(await within(dialog).findByTestId('dialog-error')).toHaveTextContent(
      NOT_ESCALATED_MESSAGE,
    );
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(logged.mock.calls).toEqual([['admin-case-mlro-decide failed', expect.any(Error)]]);
  });
});
