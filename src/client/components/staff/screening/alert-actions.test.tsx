import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ALERT_OWN_CLEAR, type ScreeningAlert } from '#shared/schemas/screening.ts';
import type { StaffMember, StaffRole } from '#shared/staff.ts';
import {
  expectConsoleErrors,
  refusal,
  renderWithClient,
  stubApi,
} from '#tests/helpers/component-render.ts';
import { AlertActions } from './alert-actions.tsx';

const ALERT_ID = '9a7b6c5d-4e3f-4a2b-8c1d-0e9f8a7b6c5d';
const HOUR_AGO = new Date(Date.now() - 60 * 60 * 1000).toISOString();

const member = (role: StaffRole, name = `Sam ${role}`): StaffMember => ({
  id: `staff-${role}`,
  email: `${role}@waj.test`,
  name,
  role,
});

const alertOf = (overrides: Partial<ScreeningAlert> = {}): ScreeningAlert => ({
  id: ALERT_ID,
  application_id: '6f1d2c3b-8a9e-4b7c-9d0e-1f2a3b4c5d6e',
  status: 'open',
  source: 'builtin',
  kind: 'sanctions',
  score: 0.91,
  matched_name: 'Amelia Harte',
  list_version: 4,
  created_at: HOUR_AGO,
  entry: {
    list: 'uk',
    entry_id: '15234',
    name: 'Amalia HARTE',
    dates_of_birth: ['1985'],
    nationalities: ['Russia'],
    programmes: ['Russia'],
  },
  applicant: { full_name: 'Amelia Hart', date_of_birth: '1985-03-14', nationality: 'GB' },
  clear_request: null,
  decision: null,
  ...overrides,
});

const awaiting = alertOf({
  status: 'clear_requested',
  clear_request: {
    by: 'Noor Saleh',
    by_id: 'staff-compliance',
    at: HOUR_AGO,
    reason: 'Different date of birth',
  },
});

const reasonBox = () => screen.getByRole('textbox', { name: 'Reason (internal)' });

describe('AlertActions: an open alert', () => {
  it('Confirm match needs a reason, says what it blocks, then sends it', async () => {
    const api = stubApi({
      '/admin-screening-alert-confirm': () => ({ body: { ok: true, status: 'confirmed' } }),
    });
    const success = vi.spyOn(toast, 'success');
    const { user } = renderWithClient(
      <AlertActions alert={alertOf()} staff={member('compliance')} />,
    );
    await user.click(screen.getByRole('button', { name: 'Confirm match for Amelia Hart' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm match' });
    expect(dialog).toHaveTextContent('blocks every offer and activation');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm match' }));
    expect(await screen.findByText('Please give a reason')).toBeInTheDocument();
    expect(reasonBox()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);

    await user.type(reasonBox(), 'Same person: passport number on the listing');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm match' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Match confirmed'));
    expect(api.calls).toContainEqual({
      path: '/admin-screening-alert-confirm',
      body: { alert_id: ALERT_ID, reason: 'Same person: passport number on the listing' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a PEP match explains the four-eyes offer instead', async () => {
    stubApi({});
    const { user } = renderWithClient(
      <AlertActions alert={alertOf({ kind: 'pep' })} staff={member('owner')} />,
    );
    await user.click(screen.getByRole('button', { name: 'Confirm match for Amelia Hart' }));
    expect(screen.getByRole('dialog', { name: 'Confirm match' })).toHaveTextContent(
      'needs a second member’s approval (four eyes)',
    );
  });

  it('Clear as false positive needs a reason and says a second member must approve', async () => {
    const api = stubApi({
      '/admin-screening-alert-clear': () => ({ body: { ok: true, status: 'clear_requested' } }),
    });
    const success = vi.spyOn(toast, 'success');
    const { user } = renderWithClient(
      <AlertActions alert={alertOf()} staff={member('compliance')} />,
    );
    await user.click(
      screen.getByRole('button', { name: 'Clear as false positive for Amelia Hart' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Clear as false positive' });
    expect(dialog).toHaveTextContent('cleared only when a second member');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for clearance' }));
    expect(await screen.findByText('Please give a reason')).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await user.type(reasonBox(), 'Born 1962, not 1985');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for clearance' }));
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith('Clearance requested: a second member must approve it'),
    );
    expect(api.calls).toContainEqual({
      path: '/admin-screening-alert-clear',
      body: { alert_id: ALERT_ID, reason: 'Born 1962, not 1985' },
    });
  });

  it('offers no approval on an open alert, and nothing on a decided one', () => {
    stubApi({});
    const { unmount } = renderWithClient(
      <AlertActions alert={alertOf()} staff={member('compliance')} />,
    );
    expect(screen.queryByRole('button', { name: /^Approve clearance/ })).not.toBeInTheDocument();
    unmount();
    const { container } = renderWithClient(
      <AlertActions
        alert={alertOf({
          status: 'confirmed',
          decision: { by: 'Noor', at: HOUR_AGO, reason: 'x' },
        })}
        staff={member('owner')}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('a role that may not work alerts sees no action', () => {
    stubApi({});
    const { container } = renderWithClient(
      <AlertActions alert={alertOf()} staff={member('operations')} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('AlertActions: a clearance awaiting approval', () => {
  it('is not offered to the member who asked for it, who is told why', () => {
    stubApi({});
    renderWithClient(<AlertActions alert={awaiting} staff={member('compliance', 'Noor Saleh')} />);
    expect(screen.queryByRole('button', { name: /^Approve clearance/ })).not.toBeInTheDocument();
    expect(
      screen.getByText('You asked for this clearance: another member must approve it.'),
    ).toBeInTheDocument();
  });

  it('another member approves it, after reading who asked and why', async () => {
    const api = stubApi({
      '/admin-screening-alert-clear-approve': () => ({ body: { ok: true, status: 'cleared' } }),
    });
    const success = vi.spyOn(toast, 'success');
    const { user } = renderWithClient(<AlertActions alert={awaiting} staff={member('owner')} />);
    expect(screen.queryByRole('button', { name: /^Confirm match/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve clearance for Amelia Hart' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve clearance' });
    expect(dialog).toHaveTextContent('Noor Saleh asked to clear the match');
    expect(dialog).toHaveTextContent('“Different date of birth”');
    await user.click(within(dialog).getByRole('button', { name: 'Approve clearance' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Clearance approved'));
    expect(api.calls).toContainEqual({
      path: '/admin-screening-alert-clear-approve',
      body: { alert_id: ALERT_ID },
    });
  });

  it('a refusal stays in the dialog, in the server’s words', async () => {
    stubApi({ '/admin-screening-alert-clear-approve': () => refusal(403, ALERT_OWN_CLEAR) });
    const logged = expectConsoleErrors();
    const failed = vi.spyOn(toast, 'error');
    const { user } = renderWithClient(<AlertActions alert={awaiting} staff={member('owner')} />);
    await user.click(screen.getByRole('button', { name: 'Approve clearance for Amelia Hart' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve clearance' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve clearance' }));
    expect(await within(dialog).findByTestId('dialog-error')).toHaveTextContent(ALERT_OWN_CLEAR);
    // Said once, in the dialog: not toasted as well.
    expect(failed).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith(
      'admin-screening-alert-clear-approve failed',
      expect.anything(),
    );
  });
});
