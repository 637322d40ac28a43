import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type {
  EscalationListResponse,
  EscalationRow,
  ServiceLevelsResponse,
} from '#shared/schemas/casework.ts';
import type { AdminMeResponse } from '#shared/schemas/staff.ts';
import { meKey } from '#client/lib/staff/api/get-me.ts';
import {
  renderWithClient,
  stubApi,
  testQueryClient,
  type StubReply,
} from '#tests/helpers/component-render.ts';
import MlroTab from './mlro-tab.tsx';

const BASIC_ID = '6f1d2c3b-8a9e-4b7c-9d0e-1f2a3b4c5d6e';
const HOUR = 60 * 60 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const rowOf = (overrides: Partial<EscalationRow> = {}): EscalationRow => ({
  id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  basic_id: BASIC_ID,
  full_name: 'Amelia Hart',
  stage: 'kyc',
  status: 'open',
  reason: 'Cash deposits do not match declared income',
  escalated_by: { id: 'staff-compliance', name: 'Alex Compliance' },
  escalated_at: ago(80),
  due_at: ago(8),
  decision: null,
  reference: null,
  decision_reason: null,
  decided_by: null,
  decided_at: null,
  ...overrides,
});

const page = (rows: EscalationRow[]): EscalationListResponse => ({
  ok: true,
  data: rows,
  total: rows.length,
});

const LEVELS: ServiceLevelsResponse = { ok: true, levels: [] };

function openTab(list: (body: unknown) => StubReply) {
  const api = stubApi({
    '/admin-escalation-list': list,
    '/admin-service-levels': () => ({ body: LEVELS }),
  });
  const client = testQueryClient();
  client.setQueryData<AdminMeResponse>(meKey, {
    ok: true,
    staff: { id: 'staff-mlro', email: 'mlro@waj.test', name: 'Sam mlro', role: 'mlro' },
  });
  return { api, ...renderWithClient(<MlroTab />, { client }) };
}

describe('MlroTab', () => {
  it('open cases: name linking to the case, stage, who escalated when and why, due and Overdue', async () => {
    const { api } = openTab(() => ({ body: page([rowOf()]) }));
    const card = await screen.findByRole('article', { name: 'Amelia Hart' });
    expect(api.calls).toContainEqual({
      path: '/admin-escalation-list',
      body: { page: 1, page_size: 25, status: 'open' },
    });
    expect(within(card).getByRole('link', { name: 'Amelia Hart' })).toHaveAttribute(
      'href',
      `/admin/applicants/${BASIC_ID}`,
    );
    expect(within(card).getByText('KYC', { exact: true })).toBeInTheDocument();
    expect(card).toHaveTextContent(/Escalated byAlex Compliance on \d{1,2} \w{3} \d{4}/);
    expect(card).toHaveTextContent('ReasonCash deposits do not match declared income');
    expect(card).toHaveTextContent('overdue by 8 hours');
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
  });

  it('Record decision opens the decision dialog for that case', async () => {
    const { user } = openTab(() => ({ body: page([rowOf()]) }));
    const card = await screen.findByRole('article', { name: 'Amelia Hart' });
    await user.click(within(card).getByRole('button', { name: 'Record decision for Amelia Hart' }));
    const dialog = screen.getByRole('dialog', { name: 'Record MLRO decision' });
    expect(dialog).toHaveTextContent('Amelia Hart: the decision closes the escalation');
  });

  it('closed: the decision, the reference, the MLRO’s reason, who decided and when', async () => {
    const { api, user } = openTab((body) => ({
      body: page(
        (body as { status: string }).status === 'closed'
          ? [
              rowOf({
                status: 'closed',
                decision: 'reported',
                reference: 'SAR-2025-0042',
                decision_reason: 'Structuring pattern',
                decided_by: { id: 'staff-mlro', name: 'Sam mlro' },
                decided_at: ago(2),
              }),
            ]
          : [],
      ),
    }));
    expect(await screen.findByText('No cases are waiting for your decision.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Closed' }));
    const card = await screen.findByRole('article', { name: 'Amelia Hart' });
    await vi.waitFor(() =>
      expect(api.calls).toContainEqual({
        path: '/admin-escalation-list',
        body: { page: 1, page_size: 25, status: 'closed' },
      }),
    );
    expect(screen.getByRole('button', { name: 'Closed' })).toHaveAttribute('aria-pressed', 'true');
    expect(card).toHaveTextContent('Reported');
    expect(card).toHaveTextContent('ReferenceSAR-2025-0042');
    expect(card).toHaveTextContent("MLRO's reasonStructuring pattern");
    expect(card).toHaveTextContent(/Decided bySam mlro on/);
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent('Overdue');
  });
});
