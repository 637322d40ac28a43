import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '#tests/helpers/component-render.ts';
import { PaginationBar } from './pagination-bar.tsx';

const bar = (props: Partial<Parameters<typeof PaginationBar>[0]> = {}) => {
  const onPageChange = vi.fn();
  const view = renderWithClient(
    <PaginationBar page={1} pageSize={25} total={60} onPageChange={onPageChange} {...props} />,
  );
  return { ...view, onPageChange };
};

const previous = () => screen.getByRole('button', { name: 'Previous' });
const next = () => screen.getByRole('button', { name: 'Next' });

describe('PaginationBar', () => {
  it('tells which rows are shown and moves a page either way', async () => {
    const { user, onPageChange } = bar({ page: 2 });
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent(
      'Showing 26 to 50 of 60',
    );
    await user.click(next());
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(previous());
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('offers no previous page on the first and no next page on the last', () => {
    const { rerender, onPageChange } = bar({ page: 1 });
    expect(previous()).toBeDisabled();
    expect(next()).toBeEnabled();
    rerender(<PaginationBar page={3} pageSize={25} total={60} onPageChange={onPageChange} />);
    expect(screen.getByText('Showing 51 to 60 of 60')).toBeInTheDocument();
    expect(previous()).toBeEnabled();
    expect(next()).toBeDisabled();
  });

  it('shows an empty list as 0 to 0 with both buttons off', () => {
    bar({ total: 0 });
    expect(screen.getByText('Showing 0 to 0 of 0')).toBeInTheDocument();
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();
  });

  it('marks a capped total as a lower bound and still lets the member page past it', async () => {
    const { user, onPageChange } = bar({ page: 8, total: 200, capped: true });
    expect(screen.getByText('Showing 176 to 200 of 200+')).toBeInTheDocument();
    await user.click(next());
    expect(onPageChange).toHaveBeenCalledWith(9);
  });

  it('holds both buttons while a page loads, so a double click skips nothing', async () => {
    const { user, onPageChange } = bar({ page: 2, busy: true });
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();
    await user.click(next());
    expect(onPageChange).not.toHaveBeenCalled();
  });
});
