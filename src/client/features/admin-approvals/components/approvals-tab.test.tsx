import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import {
  APPROVAL_SELF_MESSAGE,
  type ApprovalListResponse,
  type ApprovalRow,
  type ServiceLevelsResponse,
} from '#shared/schemas/casework.ts';
import type { AdminMeResponse } from '#shared/schemas/staff.ts';
import type { StaffRole } from '#shared/staff.ts';
import { meKey } from '#client/lib/staff/api/get-me.ts';
import {
  deferredReply,
  expectConsoleErrors,
  refusal,
  renderWithClient,
  stubApi,
  testQueryClient,
  type StubReply,
} from '#tests/helpers/component-render.ts';
import ApprovalsTab from './approvals-tab.tsx';

const BASIC_ID = '6f1d2c3b-8a9e-4b7c-9d0e-1f2a3b4c5d6e';
const REQUEST_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const HOUR = 60 * 60 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const rowOf = (overrides: Partial<ApprovalRow> = {}): ApprovalRow => ({
  id: REQUEST_ID,
  kind: 'decline',
  basic_id: BASIC_ID,
  requested_by: 'staff-alex',
  requested_by_name: 'Alex Compliance',
  requested_at: ago(30),
  // Due 24 hours after the request: six hours overdue.
  due_at: ago(6),
  full_name: 'Amelia Hart',
  reason: 'Source of funds unclear',
  detail: null,
  ...overrides,
});

const page = (rows: ApprovalRow[]): ApprovalListResponse => ({
  ok: true,
  data: rows,
  total: rows.length,
});

const LEVELS: ServiceLevelsResponse = { ok: true, levels: [] };

type Routes = Record<string, (body: unknown) => StubReply | Promise<StubReply>>;

function openTab(routes: Routes = {}, role: StaffRole = 'owner') {
  const api = stubApi({
    '/admin-approval-list': () => ({ body: page([rowOf()]) }),
    '/admin-service-levels': () => ({ body: LEVELS }),
    ...routes,
  });
  const client = testQueryClient();
  client.setQueryData<AdminMeResponse>(meKey, {
    ok: true,
    staff: { id: `staff-${role}`, email: `${role}@waj.test`, name: `Sam ${role}`, role },
  });
  return { api, ...renderWithClient(<ApprovalsTab />, { client }) };
}

const decided = (body: unknown) => ({
  body: { ok: true, kind: (body as { kind?: string }).kind ?? 'decline', status: 'approved' },
});

describe('ApprovalsTab', () => {
  it('shows each request: kind, applicant linking to the case, who asked and when, due time, reason', async () => {
    const { api } = openTab();
    const card = await screen.findByRole('article', { name: 'Amelia Hart' });
    expect(api.calls).toContainEqual({
      path: '/admin-approval-list',
      body: { page: 1, page_size: 25 },
    });
    expect(card).toHaveTextContent('Decline');
    expect(within(card).getByRole('link', { name: 'Amelia Hart' })).toHaveAttribute(
      'href',
      `/admin/applicants/${BASIC_ID}`,
    );
    expect(card).toHaveTextContent(
      /Requested by Alex Compliance on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/,
    );
    expect(card).toHaveTextContent('waiting 1 day');
    expect(card).toHaveTextContent('overdue by 6 hours');
    // In words, not by colour alone.
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
    expect(card).toHaveTextContent('ReasonSource of funds unclear');
  });

  it('the member who asked cannot approve their own request, and is told why', async () => {
    openTab(
      {
        '/admin-approval-list': () => ({
          body: page([rowOf({ requested_by: 'staff-compliance' })]),
        }),
      },
      'compliance',
    );
    const card = await screen.findByRole('article', { name: 'Amelia Hart' });
    expect(within(card).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('You asked for this: another member must approve it');
  });

  it('a role that may not decide a kind is told who may (a PEP offer: owners only)', async () => {
    openTab(
      {
        '/admin-approval-list': () => ({
          body: page([
            rowOf({ kind: 'pep_offer', detail: 'Noir', reason: null }),
            rowOf({ id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e', full_name: 'Ben Cole' }),
          ]),
        }),
      },
      'mlro',
    );
    const pep = await screen.findByRole('article', { name: 'Amelia Hart' });
    expect(pep).toHaveTextContent('Offer to a PEP');
    expect(pep).toHaveTextContent('AskedNoir');
    expect(pep).toHaveTextContent('Only an owner may decide this request.');
    expect(within(pep).queryByRole('button')).not.toBeInTheDocument();
    const decline = screen.getByRole('article', { name: 'Ben Cole' });
    expect(decline).toHaveTextContent('Only an owner or compliance may decide this request.');
  });

  it('Approve asks first, saying what happens for good; only then posts admin-approval-decide', async () => {
    const reply = deferredReply();
    const { api, user } = openTab({ '/admin-approval-decide': reply.handler });
    const success = vi.spyOn(toast, 'success');
    const card = await screen.findByRole('article', { name: 'Amelia Hart' });
    await user.click(within(card).getByRole('button', { name: 'Approve decline for Amelia Hart' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Decline Amelia Hart?' });
    expect(confirm).toHaveTextContent(
      'The applicant will be told by e-mail and on their screens that their application was not successful. The application ends and cannot be resumed.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.pathsCalled()).not.toContain('/admin-approval-decide');

    await user.click(within(card).getByRole('button', { name: 'Approve decline for Amelia Hart' }));
    const again = screen.getByRole('alertdialog', { name: 'Decline Amelia Hart?' });
    await user.click(within(again).getByRole('button', { name: 'Approve decline' }));
    expect(await within(again).findByRole('button', { name: 'Declining...' })).toBeDisabled();
    expect(api.calls).toContainEqual({
      path: '/admin-approval-decide',
      body: { id: REQUEST_ID, decision: 'approve' },
    });
    reply.release(decided({ kind: 'decline' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Application declined'));
    await vi.waitFor(() => expect(again).not.toBeInTheDocument());
  });

  it('a refusal from the server stays in the dialog, in its words', async () => {
    const logged = expectConsoleErrors();
    const { user } = openTab({
      '/admin-approval-decide': () => refusal(403, APPROVAL_SELF_MESSAGE),
    });
    const card = await screen.findByRole('article', { name: 'Amelia Hart' });
    await user.click(within(card).getByRole('button', { name: 'Approve decline for Amelia Hart' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Decline Amelia Hart?' });
    await user.click(within(confirm).getByRole('button', { name: 'Approve decline' }));
    expect(await within(confirm).findByTestId('dialog-error')).toHaveTextContent(
      APPROVAL_SELF_MESSAGE,
    );
    expect(logged.mock.calls).toEqual([['admin-approval-decide failed', expect.any(Error)]]);
  });

  it('Reject takes an optional reason and posts it', async () => {
    const { api, user } = openTab({
      '/admin-approval-decide': () => ({
        body: { ok: true, kind: 'decline', status: 'rejected' },
      }),
    });
    const success = vi.spyOn(toast, 'success');
    const card = await screen.findByRole('article', { name: 'Amelia Hart' });
    await user.click(within(card).getByRole('button', { name: 'Reject decline for Amelia Hart' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject request' });
    expect(dialog).toHaveTextContent('The application carries on as it is.');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional, internal)' }),
      'Funds were explained',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Request rejected'));
    expect(api.calls).toContainEqual({
      path: '/admin-approval-decide',
      body: { id: REQUEST_ID, decision: 'reject', reason: 'Funds were explained' },
    });
  });

  it('filters by kind, and says when nothing is waiting', async () => {
    const { api, user } = openTab({
      '/admin-approval-list': (body) => ({
        body: page((body as { kind?: string }).kind ? [] : [rowOf()]),
      }),
    });
    await screen.findByRole('article', { name: 'Amelia Hart' });
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All',
      'Offer to a PEP',
      'Decline',
      'Screening clearance',
      'Erasure',
    ]);
    await user.click(screen.getByRole('option', { name: 'Erasure' }));
    expect(await screen.findByText('Nothing is waiting for approval.')).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      path: '/admin-approval-list',
      body: { page: 1, page_size: 25, kind: 'erasure' },
    });
  });
});
