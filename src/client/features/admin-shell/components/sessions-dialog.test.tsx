import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { SessionListRow } from '#shared/schemas/staff.ts';
import { getStaffToken, setStaffToken } from '#client/lib/staff-token.ts';
import {
  deferredReply,
  refusal,
  renderWithClient,
  stubApi,
} from '#tests/helpers/component-render.ts';
import { SessionsDialog } from './sessions-dialog.tsx';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:141.0) Gecko/20100101 Firefox/141.0';

const session = (over: Partial<SessionListRow> & Pick<SessionListRow, 'id'>): SessionListRow => ({
  created_at: '2026-03-02T08:00:00.000Z',
  expires_at: '2026-03-02T16:00:00.000Z',
  last_active_at: '2026-03-02T09:30:00.000Z',
  ip: '203.0.113.7',
  user_agent: CHROME_MAC,
  current: false,
  ...over,
});

const here = session({ id: 'session-here', current: true });
const elsewhere = session({ id: 'session-other', user_agent: FIREFOX_WINDOWS, ip: null });

async function openDialog() {
  const view = renderWithClient(<SessionsDialog />);
  await view.user.click(screen.getByRole('button', { name: 'Your sessions' }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Your sessions' }) };
}

describe('SessionsDialog', () => {
  it('asks for the list only once opened, then shows each session, this one marked', async () => {
    const api = stubApi({
      '/admin-session-list': () => ({ body: { ok: true, data: [here, elsewhere] } }),
    });
    const { user } = renderWithClient(<SessionsDialog />);
    expect(api.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Your sessions' }));
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Chrome on macOS');
    expect(items[0]).toHaveTextContent('This session');
    expect(items[0]).toHaveTextContent('203.0.113.7');
    expect(items[1]).toHaveTextContent('Firefox on Windows');
    expect(items[1]).not.toHaveTextContent('This session');
    expect(api.pathsCalled()).toEqual(['/admin-session-list']);
  });

  it('shows Loading while the list comes, and a Try again when it fails', async () => {
    const first = deferredReply();
    let calls = 0;
    stubApi({
      '/admin-session-list': () =>
        ++calls === 1 ? first.handler() : { body: { ok: true, data: [here] } },
    });
    const { user } = await openDialog();
    expect(screen.getByRole('status')).toHaveTextContent('Loading sessions...');
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeDisabled();
    first.release(refusal(500, 'Internal error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your sessions');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Chrome on macOS')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeEnabled();
  });

  it('signs out another session by its own button, keeping this one', async () => {
    setStaffToken('token-here');
    const api = stubApi({
      '/admin-session-list': () => ({ body: { ok: true, data: [here, elsewhere] } }),
      '/admin-session-revoke': () => ({ body: { ok: true } }),
    });
    const success = vi.spyOn(toast, 'success');
    const { user } = await openDialog();
    await user.click(
      await screen.findByRole('button', { name: /^Sign out Firefox on Windows, signed in / }),
    );
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith('Session signed out', expect.anything()),
    );
    expect(api.calls).toContainEqual({
      path: '/admin-session-revoke',
      body: { id: 'session-other' },
    });
    expect(getStaffToken()).toBe('token-here');
  });

  it('Sign out everywhere asks first; confirmed, it ends every session and this tab’s too', async () => {
    setStaffToken('token-here');
    const revoke = deferredReply();
    const api = stubApi({
      '/admin-session-list': () => ({ body: { ok: true, data: [here, elsewhere] } }),
      '/admin-session-revoke': revoke.handler,
    });
    const { user } = await openDialog();
    await screen.findByRole('list', { name: 'Sessions' });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    expect(api.pathsCalled()).not.toContain('/admin-session-revoke');
    await user.click(within(confirm).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await within(confirm).findByRole('button', { name: 'Signing out...' })).toBeDisabled();
    expect(getStaffToken()).toBe('token-here');
    revoke.release({ body: { ok: true } });
    await vi.waitFor(() => expect(getStaffToken()).toBeNull());
    expect(api.calls).toContainEqual({ path: '/admin-session-revoke', body: { all: true } });
  });

  it('Cancel in the confirmation signs nobody out', async () => {
    const api = stubApi({
      '/admin-session-list': () => ({ body: { ok: true, data: [here] } }),
    });
    const { user } = await openDialog();
    await screen.findByRole('list', { name: 'Sessions' });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Your sessions' })).toBeInTheDocument();
    expect(api.pathsCalled()).toEqual(['/admin-session-list']);
  });
});
