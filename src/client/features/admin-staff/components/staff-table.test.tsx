import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { DirectoryMember } from '#shared/schemas/casework.ts';
import type { StaffListRow } from '#shared/schemas/staff.ts';
import {
  deferredReply,
  expectConsoleErrors,
  refusal,
  renderWithClient,
  stubApi,
} from '#tests/helpers/component-render.ts';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { StaffTable } from './staff-table.tsx';

const row = (over: Partial<StaffListRow> & Pick<StaffListRow, 'id' | 'name'>): StaffListRow => ({
  email: `${over.id}@waj.test`,
  role: 'operations',
  status: 'active',
  mfa_enabled: true,
  last_sign_in_at: null,
  created_at: '2026-01-05T09:00:00.000Z',
  ...over,
});

const owner = row({ id: 'owner-1', name: 'Layla Owner', role: 'owner' });
const nadia = row({ id: 'ops-1', name: 'Nadia Ops', last_sign_in_at: '2026-03-02T10:15:00.000Z' });
const omar = row({ id: 'comp-1', name: 'Omar Comp', role: 'compliance', status: 'disabled' });
const ivy = row({ id: 'ops-2', name: 'Ivy New', status: 'invited', mfa_enabled: false });

/** The directory as the server answers it: Omar (disabled) still holds two open cases. */
const directory: DirectoryMember[] = [owner, nadia, omar, ivy].map((r) => ({
  id: r.id,
  name: r.name,
  role: r.role,
  status: r.status,
  open_cases: r.id === omar.id ? 2 : r.id === nadia.id ? 3 : 0,
}));

function table(
  rows = [owner, nadia, omar, ivy],
  selfId: string | null = owner.id,
  members: DirectoryMember[] = [],
) {
  return renderWithClient(<StaffTable rows={rows} selfId={selfId} directory={members} />);
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

describe('StaffTable', () => {
  it('lists each member with role, status, second factor and last sign-in, marking the owner themself', () => {
    stubApi({});
    table();
    expect(within(rowOf('Layla Owner')).getByText('You')).toBeInTheDocument();
    expect(within(rowOf('Nadia Ops')).queryByText('You')).not.toBeInTheDocument();
    const ivyCells = within(rowOf('Ivy New')).getAllByRole('cell');
    expect(ivyCells.map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['Operations', 'Invited', 'Off', 'Never']),
    );
    expect(within(rowOf('Nadia Ops')).getByRole('cell', { name: /2026|Mar/ })).toBeInTheDocument();
  });

  it('a disabled member can be enabled at once; an active one is disabled only after confirming', async () => {
    const api = stubApi({ '/admin-staff-update': () => ({ body: { ok: true } }) });
    const { user } = table();
    expect(screen.queryByRole('button', { name: 'Disable Omar Comp' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable Omar Comp' }));
    await vi.waitFor(() =>
      expect(api.calls).toContainEqual({
        path: '/admin-staff-update',
        body: { id: 'comp-1', status: 'active' },
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Disable Nadia Ops' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Disable Nadia Ops?' });
    expect(api.calls).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    // Focus goes back to the button that opened it.
    expect(screen.getByRole('button', { name: 'Disable Nadia Ops' })).toHaveFocus();
  });

  it('warns an owner acting on their own account that they will be signed out', async () => {
    stubApi({});
    const { user } = table();
    await user.click(screen.getByRole('button', { name: 'Disable Layla Owner' }));
    expect(screen.getByRole('alertdialog', { name: 'Disable Layla Owner?' })).toHaveTextContent(
      'This is your own account: you will be signed out at once.',
    );
  });

  it('a role change is confirmed, then sent; the dialog stays busy until the answer', async () => {
    const reply = deferredReply();
    const api = stubApi({ '/admin-staff-update': reply.handler });
    const success = vi.spyOn(toast, 'success');
    const { user } = table();
    await user.click(screen.getByRole('combobox', { name: 'Role of Nadia Ops' }));
    await user.click(screen.getByRole('option', { name: 'Compliance' }));
    const confirm = screen.getByRole('alertdialog', {
      name: "Change Nadia Ops's role to Compliance?",
    });
    await user.click(within(confirm).getByRole('button', { name: 'Change role' }));
    expect(await within(confirm).findByRole('button', { name: 'Changing...' })).toBeDisabled();
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(confirm).toBeInTheDocument();
    reply.release({ body: { ok: true } });
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls).toEqual([
      { path: '/admin-staff-update', body: { id: 'ops-1', role: 'compliance' } },
    ]);
    expect(success).toHaveBeenCalledWith('Role changed', { description: 'Nadia Ops' });
  });

  it('shows why the server refused (the last owner cannot be demoted)', async () => {
    stubApi({
      '/admin-staff-update': () => refusal(409, 'The last active owner cannot be demoted.'),
    });
    const logged = expectConsoleErrors();
    const failure = vi.spyOn(toast, 'error');
    const { user } = table([owner], owner.id);
    await user.click(screen.getByRole('combobox', { name: 'Role of Layla Owner' }));
    await user.click(screen.getByRole('option', { name: 'Operations' }));
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    await vi.waitFor(() =>
      expect(failure).toHaveBeenCalledWith('Failed to change role', {
        description: 'The last active owner cannot be demoted.',
      }),
    );
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('resets a second factor only for a member who has one, after confirming', async () => {
    const api = stubApi({ '/admin-staff-reset-mfa': () => ({ body: { ok: true } }) });
    const { user } = table();
    expect(screen.getByRole('button', { name: 'Reset second factor of Ivy New' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Reset second factor of Nadia Ops' }));
    const confirm = screen.getByRole('alertdialog', { name: "Reset Nadia Ops's second factor?" });
    await user.click(within(confirm).getByRole('button', { name: 'Reset second factor' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls).toEqual([{ path: '/admin-staff-reset-mfa', body: { id: 'ops-1' } }]);
  });

  it("a disabled member's open cases are moved to another member in one step", async () => {
    const reply = deferredReply();
    const api = stubApi({ '/admin-case-assign-bulk': reply.handler });
    const success = vi.spyOn(toast, 'success');
    const { user } = table(undefined, undefined, directory);
    // Only the disabled member's cases wait for someone: an active member's are theirs.
    expect(within(rowOf('Nadia Ops')).queryByText(/open case/)).not.toBeInTheDocument();
    expect(within(rowOf('Omar Comp')).getByText('2 open cases')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move cases of Omar Comp' }));

    const dialog = screen.getByRole('dialog', { name: "Move Omar Comp's open cases" });
    expect(dialog).toHaveTextContent('2 cases are assigned to Omar Comp.');
    const move = within(dialog).getByRole('button', { name: 'Move cases' });
    expect(move).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Move to' }));
    // Active members who work cases (not Omar himself, not the invited Ivy), or nobody.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Layla Owner (Owner)',
      'Nadia Ops (Operations)',
      'Leave unassigned',
    ]);
    await user.click(screen.getByRole('option', { name: 'Nadia Ops (Operations)' }));
    await user.click(move);
    expect(await within(dialog).findByRole('button', { name: 'Moving...' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    reply.release({ body: { ok: true, assigned: 2, not_found: [] } });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls).toEqual([
      { path: '/admin-case-assign-bulk', body: { from_staff_id: 'comp-1', staff_id: 'ops-1' } },
    ]);
    expect(success).toHaveBeenCalledWith('2 cases moved to Nadia Ops', {
      description: 'From Omar Comp',
    });
    expect(screen.getByRole('button', { name: 'Move cases of Omar Comp' })).toHaveFocus();
  });

  it('disabling a member who holds open cases says so, and the toast leads to moving them', async () => {
    stubApi({ '/admin-staff-update': () => ({ body: { ok: true } }) });
    const { user } = renderWithClient(
      <>
        <StaffTable rows={[owner, nadia, omar, ivy]} selfId={owner.id} directory={directory} />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Disable Nadia Ops' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Disable Nadia Ops?' });
    expect(confirm).toHaveTextContent(
      'They hold 3 open cases: you can move them to another member next.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    const notice = (await screen.findByText('Nadia Ops still holds 3 open cases.')).closest('li');
    await user.click(within(notice!).getByRole('button', { name: 'Move cases' }));
    expect(
      await screen.findByRole('dialog', { name: "Move Nadia Ops's open cases" }),
    ).toHaveTextContent('3 cases are assigned to Nadia Ops.');
  });
});
