import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithClient } from '#tests/helpers/component-render.ts';
import { PaginationBar } from './pagination-bar.tsx';
import { QueueCaseMeta, QueueHeading, QueueToolbar, useQueueParams } from './queue-controls.tsx';

const BASIC_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();

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

  it('a case line shows how long it waited, Over SLA past the limit, who has it, and its link', () => {
    const { rerender } = renderWithClient(
      <QueueCaseMeta
        waitingSince={hoursAgo(30)}
        slaHours={24}
        assignee={{ id: 'staff-1', name: 'Noor Saleh' }}
        basicId={BASIC_ID}
        name="Amelia Hart"
      />,
    );
    expect(screen.getByText('waiting 1 day')).toBeInTheDocument();
    expect(screen.getByText('Over SLA')).toBeInTheDocument();
    expect(screen.getByText('Assigned to Noor Saleh')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Open case ?of Amelia Hart$/ })).toHaveAttribute(
      'href',
      `/admin/applicants/${BASIC_ID}`,
    );
    rerender(
      <QueueCaseMeta
        waitingSince={hoursAgo(5)}
        slaHours={24}
        assignee={null}
        basicId={BASIC_ID}
        name="Amelia Hart"
      />,
    );
    expect(screen.getByText('waiting 5 hours')).toBeInTheDocument();
    expect(screen.queryByText('Over SLA')).not.toBeInTheDocument();
    expect(screen.queryByText(/Assigned to/)).not.toBeInTheDocument();
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
