import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithClient } from '#tests/helpers/component-render.ts';
import { CaseServiceLevel } from './case-service-level.tsx';

const HOUR = 60 * 60 * 1000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR).toISOString();

describe('CaseServiceLevel', () => {
  it("names the case's queue, its age and its due time, and marks it Overdue once past", () => {
    const { rerender } = renderWithClient(
      <CaseServiceLevel
        level={{ queue: 'identity_review', since: at(-50), due_at: at(-26), target_hours: 24 }}
      />,
    );
    const line = screen.getByTestId('case-service-level');
    expect(line).toHaveTextContent('Identity review queue:');
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('waiting 2 days')).toBeInTheDocument();
    expect(screen.getByText('overdue by 1 day')).toBeInTheDocument();

    rerender(
      <CaseServiceLevel
        level={{ queue: 'offer', since: at(-3), due_at: at(45), target_hours: 48 }}
      />,
    );
    expect(screen.getByTestId('case-service-level')).toHaveTextContent('Offers queue:');
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
    expect(screen.getByText('due in 1 day')).toBeInTheDocument();
  });

  it('says nothing for a case that waits in no queue', () => {
    const { container } = renderWithClient(<CaseServiceLevel level={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
