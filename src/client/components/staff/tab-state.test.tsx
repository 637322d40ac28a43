import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '#tests/helpers/component-render.ts';
import { TabEmpty, TabError, TabLoading } from './tab-state.tsx';

describe('TabLoading', () => {
  it('announces what is loading as a status', () => {
    renderWithClient(<TabLoading label="Loading case..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading case...');
  });

  it('says Loading... when given no label', () => {
    renderWithClient(<TabLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });
});

describe('TabError', () => {
  it('shows the message as an alert with a Try again that retries', async () => {
    const onRetry = vi.fn();
    const { user } = renderWithClient(
      <TabError message="Failed to load applicants" onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load applicants');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no Try again when there is nothing to retry', () => {
    renderWithClient(<TabError message="Failed to load applicants" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load applicants');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('TabEmpty', () => {
  it('shows the title and, when given, the description', () => {
    const { rerender } = renderWithClient(
      <TabEmpty title="No pending files">New uploads appear here.</TabEmpty>,
    );
    expect(screen.getByText('No pending files')).toBeInTheDocument();
    expect(screen.getByText('New uploads appear here.')).toBeInTheDocument();
    rerender(<TabEmpty title="No pending files" />);
    expect(screen.queryByText('New uploads appear here.')).not.toBeInTheDocument();
  });
});
