import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { OfferListResponse, OfferListRow } from '#shared/schemas/admin.ts';
import type { DirectoryMember } from '#shared/schemas/casework.ts';
import type { AdminMeResponse } from '#shared/schemas/staff.ts';
import type { StaffRole } from '#shared/staff.ts';
import { meKey } from '#client/lib/staff/api/get-me.ts';
import {
  deferredReply,
  renderWithClient,
  stubApi,
  testQueryClient,
} from '#tests/helpers/component-render.ts';
import OffersTab from './offers/offers-tab.tsx';

const HOUR = 60 * 60 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const offerRow = (
  id: string,
  name: string,
  waitedHours: number,
): OfferListRow & { due_at: string } => ({
  basic_id: id,
  full_name: name,
  email: `${id}@example.com`,
  created_at: ago(200),
  annual_income: 80_000,
  employment_status: 'employed',
  pep_exposed: false,
  card_tier_pref: 'noir',
  tier_assigned: null,
  suggested_tier: 'noir',
  pending_offer: null,
  sanctions: { match: false, cleared: null },
  waiting_since: ago(waitedHours),
  due_at: new Date(Date.now() - waitedHours * HOUR + 48 * HOUR).toISOString(),
  assignee: null,
});

const AMELIA = '0a1b2c3d-4e5f-4a6b-8c7d-000000000001';
const BEN = '0a1b2c3d-4e5f-4a6b-8c7d-000000000002';
const CARA = '0a1b2c3d-4e5f-4a6b-8c7d-000000000003';

const page: OfferListResponse = {
  ok: true,
  data: [
    offerRow(AMELIA, 'Amelia Hart', 60),
    offerRow(BEN, 'Ben Okafor', 30),
    offerRow(CARA, 'Cara Lin', 2),
  ],
  total: 3,
  sla_hours: 48,
};

const member = (
  over: Partial<DirectoryMember> & Pick<DirectoryMember, 'id' | 'name'>,
): DirectoryMember => ({
  role: 'compliance',
  status: 'active',
  open_cases: 0,
  ...over,
});

const directory: DirectoryMember[] = [
  member({ id: 'staff-sam', name: 'Sam Reid' }),
  member({ id: 'staff-ops', name: 'Olu Ops', role: 'operations' }),
  member({ id: 'staff-gone', name: 'Gina Gone', status: 'disabled' }),
  member({ id: 'staff-mlro', name: 'Mo Mlro', role: 'mlro' }),
];

function openOffers(role: StaffRole, routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    '/admin-offer-list': () => ({ body: page }),
    '/admin-service-levels': () => ({
      body: {
        ok: true,
        levels: [{ queue: 'offer', target_hours: 48, open: 3, breached: 1, oldest_since: ago(60) }],
      },
    }),
    '/admin-staff-directory': () => ({ body: { ok: true, members: directory } }),
    ...routes,
  });
  const client = testQueryClient();
  client.setQueryData<AdminMeResponse>(meKey, {
    ok: true,
    staff: { id: `me-${role}`, name: 'Me', email: 'me@waj.test', role },
  });
  return { api, ...renderWithClient(<OffersTab />, { client }) };
}

describe('Offers queue: overdue cases and bulk assignment', () => {
  it('marks the overdue card in words and counts the overdue over the queue', async () => {
    openOffers('compliance');
    const amelia = await screen.findByRole('group', { name: 'Offer for Amelia Hart' });
    expect(within(amelia).getByText('Overdue')).toBeInTheDocument();
    expect(within(amelia).getByText('overdue by 12 hours')).toBeInTheDocument();
    const cara = screen.getByRole('group', { name: 'Offer for Cara Lin' });
    expect(within(cara).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(cara).getByText('due in 1 day')).toBeInTheDocument();
    expect(await screen.findByText('1 overdue')).toBeInTheDocument();
  });

  it('ticks cases by click or Space, and offers the active members who work cases', async () => {
    const { user } = openOffers('compliance');
    await screen.findByRole('group', { name: 'Offer for Amelia Hart' });
    const bar = screen.getByRole('group', { name: 'Assign cases' });
    expect(within(bar).queryByRole('button', { name: /Assign/ })).not.toBeInTheDocument();

    screen.getByRole('checkbox', { name: 'Select Amelia Hart' }).focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('checkbox', { name: 'Select Cara Lin' }));
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    expect(within(bar).getByRole('button', { name: 'Assign' })).toBeDisabled();
    await user.click(within(bar).getByRole('combobox', { name: 'Assign to' }));
    // By name, then nobody; not the disabled member, not the MLRO (who takes no cases).
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Olu Ops (Operations)',
      'Sam Reid (Compliance)',
      'Unassign',
    ]);
  });

  it('assigns the ticked cases, busy until the answer, then says so, clears and refetches', async () => {
    const reply = deferredReply();
    const success = vi.spyOn(toast, 'success');
    const { api, user } = openOffers('compliance', { '/admin-case-assign-bulk': reply.handler });
    await screen.findByRole('group', { name: 'Offer for Amelia Hart' });
    const bar = screen.getByRole('group', { name: 'Assign cases' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Amelia Hart' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cara Lin' }));
    await user.click(within(bar).getByRole('combobox', { name: 'Assign to' }));
    await user.click(screen.getByRole('option', { name: 'Sam Reid (Compliance)' }));
    await user.click(within(bar).getByRole('button', { name: 'Assign' }));
    expect(await within(bar).findByRole('button', { name: 'Assigning...' })).toBeDisabled();
    const listReads = () => api.pathsCalled().filter((path) => path === '/admin-offer-list').length;
    const before = listReads();

    reply.release({ body: { ok: true, assigned: 2, not_found: [] } });
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith('2 cases assigned to Sam Reid', {
        description: undefined,
      }),
    );
    expect(api.calls).toContainEqual({
      path: '/admin-case-assign-bulk',
      body: { basic_ids: [AMELIA, CARA], staff_id: 'staff-sam' },
    });
    expect(within(bar).queryByText('2 selected')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Amelia Hart' })).not.toBeChecked();
    // Focus stays in the bar, on Select all; the queue is read again.
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveFocus();
    await vi.waitFor(() => expect(listReads()).toBeGreaterThan(before));
  });

  it('Select all ticks every case on the page, and Unassign sends nobody', async () => {
    const success = vi.spyOn(toast, 'success');
    const { api, user } = openOffers('owner', {
      '/admin-case-assign-bulk': () => ({ body: { ok: true, assigned: 3, not_found: [] } }),
    });
    await screen.findByRole('group', { name: 'Offer for Amelia Hart' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    for (const name of ['Amelia Hart', 'Ben Okafor', 'Cara Lin']) {
      expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
    }
    await user.click(screen.getByRole('combobox', { name: 'Assign to' }));
    await user.click(screen.getByRole('option', { name: 'Unassign' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith('3 cases unassigned', { description: undefined }),
    );
    expect(api.calls).toContainEqual({
      path: '/admin-case-assign-bulk',
      body: { basic_ids: [AMELIA, BEN, CARA], staff_id: null },
    });
  });

  it('no boxes for a role that may not assign in bulk', async () => {
    openOffers('operations');
    await screen.findByRole('group', { name: 'Offer for Amelia Hart' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Assign cases' })).not.toBeInTheDocument();
  });
});
