import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithClient } from '#tests/helpers/component-render.ts';
import { PaginationBar } from './pagination-bar.tsx';
import {
  OverdueCount,
  QueueCaseMeta,
  QueueHeading,
  QueueToolbar,
  targetLabel,
  useQueueParams,
  WaitingLabel,
} from './queue-controls.tsx';
import { stubApi } from '#tests/helpers/component-render.ts';
import type { ServiceLevelRow } from '#shared/schemas/casework.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';

const BASIC_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const HOUR = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
/** A due time `hours` after waiting since `since` hours ago. */
const dueAfter = (sinceHoursAgo: number, hours: number) =>
  new Date(Date.now() - sinceHoursAgo * HOUR + hours * HOUR).toISOString();

/** A queue as the tabs build it: toolbar, pager, and the request it would send. */
function Queue() {
  const queue = useQueueParams(10);
  return (
    <>
      <QueueToolbar
        searchLabel="Search pending files"
        query={queue.query}
        onQueryChange={queue.setQuery}
        assigned={queue.assigned}
        onAssignedChange={queue.setAssigned}
      />
      <PaginationBar
        page={queue.params.page}
        pageSize={10}
        total={95}
        onPageChange={queue.setPage}
      />
      <output aria-label="Request">{JSON.stringify(queue.params)}</output>
      <output aria-label="Filtered">{String(queue.filtered)}</output>
    </>
  );
}

const request = () =>
  JSON.parse(screen.getByRole('status', { name: 'Request' }).textContent ?? '') as unknown;

// Names below allow for jsdom's accessible-name quirk: it drops the leading space of a nested
// span's text ('Open case<span> of …</span>' reads 'Open caseof …'); browsers keep it.
describe('queue controls', () => {
  it('a heading shows the queue’s total, and a capped total as a lower bound', () => {
    const { rerender } = renderWithClient(
      <QueueHeading id="kyc" title="Pending review" page={{ total: 1518 }} />,
    );
    expect(
      screen.getByRole('heading', { name: /^Pending review ?\(1,518\)$/ }),
    ).toBeInTheDocument();
    rerender(
      <QueueHeading id="kyc" title="Pending review" page={{ total: 200, total_capped: true }} />,
    );
    expect(
      screen.getByRole('heading', { name: /^Pending review ?\(200\+\)$/ }),
    ).toBeInTheDocument();
    rerender(<QueueHeading id="kyc" title="Pending review" page={undefined} />);
    expect(screen.getByRole('heading', { name: 'Pending review' })).toBeInTheDocument();
  });

  it('a case line shows how long it waited, Overdue past its due time, who has it, and its link', () => {
    const { rerender } = renderWithClient(
      <QueueCaseMeta
        waitingSince={hoursAgo(30)}
        dueAt={dueAfter(30, 24)}
        assignee={{ id: 'staff-1', name: 'Noor Saleh' }}
        basicId={BASIC_ID}
        name="Amelia Hart"
      />,
    );
    expect(screen.getByText('waiting 1 day')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('overdue by 6 hours')).toBeInTheDocument();
    expect(screen.getByText('Assigned to Noor Saleh')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Open case ?of Amelia Hart$/ })).toHaveAttribute(
      'href',
      `/admin/applicants/${BASIC_ID}`,
    );
    rerender(
      <QueueCaseMeta
        waitingSince={hoursAgo(5)}
        dueAt={dueAfter(5.5, 24)}
        assignee={null}
        basicId={BASIC_ID}
        name="Amelia Hart"
      />,
    );
    expect(screen.getByText('waiting 5 hours')).toBeInTheDocument();
    // 18½ hours away: whole hours, rounded down (never on a boundary the clock may cross).
    expect(screen.getByText('due in 18 hours')).toBeInTheDocument();
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
    expect(screen.queryByText(/Assigned to/)).not.toBeInTheDocument();
  });

  it('the due time is given exactly on hover, and an overdue item says so in words beside its icon', () => {
    const since = hoursAgo(72);
    const due = dueAfter(72, 48);
    renderWithClient(<WaitingLabel since={since} dueAt={due} />);
    const overdue = screen.getByText('overdue by 1 day');
    expect(overdue.tagName).toBe('TIME');
    expect(overdue).toHaveAttribute('datetime', due);
    expect(overdue).toHaveAttribute('title', `Due ${formatStaffDateTime(due)}`);
    // Not by colour alone: the badge's word, with its icon hidden from screen readers.
    const badge = screen.getByText('Overdue');
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('waiting 3 days')).toHaveAttribute(
      'title',
      `Waiting since ${formatStaffDateTime(since)}`,
    );
  });

  it('over the queue, how many are overdue against its target, from the service levels', async () => {
    const level = (over: Partial<ServiceLevelRow>): ServiceLevelRow => ({
      queue: 'identity_review',
      target_hours: 24,
      open: 40,
      breached: 3,
      oldest_since: hoursAgo(80),
      ...over,
    });
    const api = stubApi({
      '/admin-service-levels': () => ({
        body: {
          ok: true,
          levels: [level({}), level({ queue: 'offer', breached: 0, target_hours: 48 })],
        },
      }),
    });
    const { rerender } = renderWithClient(<OverdueCount queue="identity_review" />);
    const line = await screen.findByText('3 overdue');
    expect(line.parentElement).toHaveTextContent('3 overdue (target 24 hours)');
    rerender(<OverdueCount queue="offer" />);
    expect(await screen.findByText('None overdue (target 48 hours)')).toBeInTheDocument();
    // Polled: a background call, so an idle panel still signs itself out.
    const init = api.fetch.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('x-staff-background')).toBe('1');
  });

  it('a target reads in hours up to three days, then in days', () => {
    expect(targetLabel(24)).toBe('24 hours');
    expect(targetLabel(72)).toBe('72 hours');
    expect(targetLabel(720)).toBe('30 days');
    expect(targetLabel(100)).toBe('100 hours');
  });

  it('the Show filter offers All, Assigned to me and Unassigned, and goes back to page 1', async () => {
    const { user } = renderWithClient(<Queue />);
    expect(request()).toEqual({ page: 1, page_size: 10 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(request()).toEqual({ page: 3, page_size: 10 });

    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All',
      'Assigned to me',
      'Unassigned',
    ]);
    await user.click(screen.getByRole('option', { name: 'Unassigned' }));
    expect(request()).toEqual({ page: 1, page_size: 10, assigned: 'unassigned' });
    expect(screen.getByRole('status', { name: 'Filtered' })).toHaveTextContent('true');
  });

  it('a search is sent once typing settles, trimmed, starting again at page 1', async () => {
    const { user } = renderWithClient(<Queue />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const search = screen.getByRole('searchbox', { name: 'Search pending files' });
    await user.type(search, '  hart ');
    // Not at once: staff searches wait for typing to stop (500 ms).
    expect(request()).toEqual({ page: 2, page_size: 10 });
    await screen.findByText(/"query":"hart"/, {}, { timeout: 2000 });
    expect(request()).toEqual({ page: 1, page_size: 10, query: 'hart' });
  });
});
