import { fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportResponse } from '#shared/schemas/casework.ts';
import {
  deferredReply,
  expectConsoleErrors,
  refusal,
  renderWithClient,
  stubApi,
  type StubReply,
} from '#tests/helpers/component-render.ts';
import { presetRange } from '../utils/report-range.ts';
import ReportsTab, { EMPTY_TITLE } from './reports-tab.tsx';

/** Two weeks of a range, as the server answers them. */
const REPORT: ReportResponse = {
  ok: true,
  from: '2026-03-25',
  to: '2026-04-07',
  weeks: [
    { week: '2026-03-23', by_stage: { basic: 1, activated: 1 } },
    { week: '2026-03-30', by_stage: { activated: 2, declined: 1, tier_offer: 1 } },
  ],
  started: 6,
  activated: 4,
  declined: 1,
  pass_rate: 0.8,
  decline_rate: 0.2,
  decision_hours: { p50: 30, p90: 102.4 },
  backlog_by_age: [
    { queue: 'identity_review', under_24h: 2, d1_3: 1, d3_7: 1, over_7d: 1 },
    { queue: 'offer', under_24h: 1, d1_3: 1, d3_7: 0, over_7d: 1 },
    { queue: 'activation', under_24h: 1, d1_3: 0, d3_7: 1, over_7d: 0 },
    { queue: 'screening_alert', under_24h: 1, d1_3: 0, d3_7: 0, over_7d: 2 },
    { queue: 'approval', under_24h: 0, d1_3: 0, d3_7: 0, over_7d: 1 },
    { queue: 'erasure_request', under_24h: 0, d1_3: 0, d3_7: 0, over_7d: 0 },
    { queue: 'escalation', under_24h: 0, d1_3: 0, d3_7: 0, over_7d: 0 },
  ],
  breaches: {
    identity_review: 3,
    offer: 2,
    activation: 1,
    screening_alert: 2,
    approval: 1,
    erasure_request: 0,
    escalation: 0,
  },
  screening_alerts: { open: 2, confirmed: 1, cleared: 1 },
};

/** The report for whatever range was asked, with that range's dates. */
const answer = (body: unknown, report: Partial<ReportResponse> = {}): StubReply => ({
  body: { ...REPORT, ...(body as { from: string; to: string }), ...report },
});

function openTab(reply: (body: unknown) => StubReply | Promise<StubReply> = answer) {
  const api = stubApi({ '/admin-report': reply });
  return { api, ...renderWithClient(<ReportsTab />) };
}

/** A table's rows as the text of their cells. */
function rowsOf(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

const setDate = (label: 'From' | 'To', value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ReportsTab', () => {
  it('asks for the last 90 days and shows every figure in its table', async () => {
    const { api } = openTab();
    await screen.findByRole('table', { name: 'Applications started by week and stage now' });
    expect(api.calls).toEqual([{ path: '/admin-report', body: presetRange('last-90') }]);
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const outcomes = screen.getByRole('region', { name: 'Outcomes' });
    const figure = (label: string) =>
      within(outcomes).getByText(label).parentElement?.querySelector('dd')?.textContent;
    expect(figure('Started')).toBe('6');
    expect(figure('Activated')).toBe('4');
    expect(figure('Declined')).toBe('1');
    expect(figure('Pass rate')).toBe('80.0%');
    expect(figure('Decline rate')).toBe('20.0%');

    // Only the stages some week has, in the journey's order, and each week's total.
    const weeks = screen.getByRole('table', { name: 'Applications started by week and stage now' });
    expect(
      within(weeks)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week starting', 'Basic', 'Tier Offer', 'Activated', 'Declined', 'Total']);
    expect(rowsOf('Applications started by week and stage now')).toEqual([
      ['23 Mar 2026', '1', '0', '1', '0', '2'],
      ['30 Mar 2026', '0', '1', '2', '1', '4'],
    ]);
    expect(rowsOf('Time to decision in hours')).toEqual([
      ['Median (p50)', '30 h'],
      ['90th percentile (p90)', '102.4 h'],
    ]);
    expect(rowsOf('Open items by queue and age')).toEqual([
      ['Identity review', '2', '1', '1', '1', '5'],
      ['Offers', '1', '1', '0', '1', '3'],
      ['Activations', '1', '0', '1', '0', '2'],
      ['Screening alerts', '1', '0', '0', '2', '3'],
      ['Approvals', '0', '0', '0', '1', '1'],
      ['Erasure requests', '0', '0', '0', '0', '0'],
      ['MLRO', '0', '0', '0', '0', '0'],
    ]);
    expect(rowsOf('Items past the service level')).toEqual([
      ['Identity review', '3'],
      ['Offers', '2'],
      ['Activations', '1'],
      ['Screening alerts', '2'],
      ['Approvals', '1'],
      ['Erasure requests', '0'],
      ['MLRO', '0'],
    ]);
    expect(rowsOf('Screening alerts raised in the range')).toEqual([
      ['Open', '2'],
      ['Confirmed', '1'],
      ['Cleared', '1'],
    ]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('checks the dates as the server does and asks for nothing until they are right', async () => {
    const { api } = openTab();
    await screen.findByRole('table', { name: 'Open items by queue and age' });
    const { to } = presetRange('last-90');

    setDate('From', '2030-01-01');
    expect(await screen.findByText('To must be on or after From')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    // The figures of another range are not left on screen under a wrong one.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    setDate('From', '');
    expect(await screen.findByText('From must be a date (YYYY-MM-DD)')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');

    setDate('From', '2020-01-01');
    expect(await screen.findByText('A report covers at most two years')).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);

    setDate('From', '2026-01-05');
    await screen.findByRole('table', { name: 'Open items by queue and age' });
    expect(screen.queryByText('A report covers at most two years')).not.toBeInTheDocument();
    expect(screen.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
    expect(api.calls.at(-1)).toEqual({ path: '/admin-report', body: { from: '2026-01-05', to } });
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('asks for a preset’s range when it is chosen', async () => {
    const { api, user } = openTab();
    await screen.findByRole('table', { name: 'Open items by queue and age' });
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await vi.waitFor(() =>
      expect(api.calls.at(-1)).toEqual({ path: '/admin-report', body: presetRange('last-30') }),
    );
    expect(screen.getByLabelText('From')).toHaveValue(presetRange('last-30').from);
  });

  it('keeps the figures on screen, dimmed, while another range loads', async () => {
    const next = deferredReply();
    let calls = 0;
    const { user } = openTab((body) => (++calls === 1 ? answer(body) : next.handler()));
    await screen.findByRole('table', { name: 'Open items by queue and age' });
    await user.click(screen.getByRole('button', { name: 'This year' }));
    const busy = await vi.waitFor(() => {
      const element = document.querySelector('[aria-busy="true"]');
      if (!element) throw new Error('not busy yet');
      return element;
    });
    expect(
      within(busy as HTMLElement).getByRole('table', { name: 'Items past the service level' }),
    ).toBeInTheDocument();
    // The CSV would be of the range before: not until the new one is in.
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    next.release(answer(presetRange('this-year'), { started: 42 }));
    await vi.waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('says when nothing was started or decided, and still shows the queues', async () => {
    openTab((body) =>
      answer(body, {
        weeks: [{ week: '2026-03-23', by_stage: {} }],
        started: 0,
        activated: 0,
        declined: 0,
        pass_rate: null,
        decline_rate: null,
        decision_hours: { p50: null, p90: null },
      }),
    );
    expect(await screen.findByText(EMPTY_TITLE)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Outcomes' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Open items by queue and age' })).toBeInTheDocument();
  });

  it('shows the server’s reason for a range it refuses', async () => {
    const logged = expectConsoleErrors();
    const failure = vi.spyOn(toast, 'error');
    openTab(() => refusal(400, 'A report covers at most two years'));
    expect(await screen.findByRole('alert')).toHaveTextContent('A report covers at most two years');
    expect(failure).toHaveBeenCalledWith('A report covers at most two years', expect.anything());
    expect(logged).toHaveBeenCalledWith('admin-report failed', expect.anything());
  });

  it('offers another try when the report could not load', async () => {
    const logged = expectConsoleErrors();
    let calls = 0;
    const { user } = openTab((body) =>
      ++calls === 1 ? refusal(500, 'Internal error') : answer(body),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the report');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Open items by queue and age' });
    expect(logged).toHaveBeenCalledWith('admin-report failed', expect.anything());
  });

  it('downloads the report on screen as a CSV file', async () => {
    const saved: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      saved.push(blob as Blob);
      return 'blob:report';
    };
    URL.revokeObjectURL = () => {};
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const success = vi.spyOn(toast, 'success');
    try {
      const { user } = openTab(() => ({ body: REPORT }));
      await screen.findByRole('table', { name: 'Open items by queue and age' });
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));
      expect(clicked).toHaveBeenCalledTimes(1);
      expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe(
        'waj-report-2026-03-25-2026-04-07.csv',
      );
      expect(success).toHaveBeenCalledWith('Report downloaded', {
        description: 'waj-report-2026-03-25-2026-04-07.csv',
      });
      // UTF-8 with a byte order mark, lines ended CRLF.
      const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes).split('\r\n');
      expect(lines[0]).toBe(
        'Waj management report,"2026-03-25 to 2026-04-07 (UK days, both included)"',
      );
      expect(lines).toContain('Week starting,Basic,Tier Offer,Activated,Declined,Total');
      expect(lines).toContain('2026-03-30,0,1,2,1,4');
      expect(lines).toContain('Pass rate,0.8');
      expect(lines).toContain('Time to decision p90 (hours),102.4');
      expect(lines).toContain('Identity review,2,1,1,1');
      expect(lines).toContain('Open,2');
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });
});
