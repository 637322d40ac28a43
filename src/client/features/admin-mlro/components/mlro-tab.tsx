import { useRef, useState } from 'react';
import type { EscalationRow, EscalationStatus } from '#shared/schemas/casework.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useKept } from '#client/components/staff/dialog-frame.tsx';
import { ListSection } from '#client/components/staff/list-section.tsx';
import { MlroDecisionDialog } from '#client/components/staff/mlro-decision-dialog.tsx';
import { PagedList } from '#client/components/staff/pagination-bar.tsx';
import { OverdueCount } from '#client/components/staff/queue-controls.tsx';
import { TabEmpty, useLoadFailureToast } from '#client/components/staff/tab-state.tsx';
import { useEscalations } from '#client/lib/staff/api/escalations.ts';
import { useReturnFocus } from '#client/lib/staff/use-return-focus.ts';
import { cn } from '#client/utils/cn.ts';
import { EscalationCard, escalationName } from './escalation-card.tsx';

const PAGE_SIZE = 25;
const LOAD_ERROR = 'Failed to load escalations';

const STATUS_OPTIONS: readonly { value: EscalationStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

const EMPTY: Record<EscalationStatus, { title: string; text: string }> = {
  open: {
    title: 'No cases are waiting for your decision.',
    text: 'A case compliance escalates comes here, oldest first, and is held until you decide.',
  },
  closed: { title: 'No decisions yet.', text: 'Cases you have decided are listed here.' },
};

/**
 * CONTRACT §9 for the nominated officer (and owners): the cases escalated to them, oldest first,
 * each held until they record a decision; and the decisions made.
 */
export default function MlroTab() {
  const [status, setStatus] = useState<EscalationStatus>('open');
  const [page, setPage] = useState(1);
  const list = useEscalations({ page, page_size: PAGE_SIZE, status });
  useLoadFailureToast(list, 'admin-escalation-list', LOAD_ERROR);

  // One dialog for the queue, so it outlives the row it decides (gone once decided).
  const [deciding, setDeciding] = useState<EscalationRow | null>(null);
  const shown = useKept(deciding);
  const focus = useReturnFocus();
  const listRef = useRef<HTMLUListElement>(null);
  const onCloseAutoFocus = (event: Event) => {
    focus.onCloseAutoFocus(event);
    // The case decided has left the open list with its button: focus goes to the list.
    if (!event.defaultPrevented) {
      event.preventDefault();
      listRef.current?.focus();
    }
  };
  const empty = EMPTY[status];

  return (
    <ListSection
      id="mlro-title"
      title="MLRO"
      description="Cases escalated to the nominated officer. An open case is held (no offer, no activation) until a decision is recorded; the applicant is never told."
      descriptionClassName="max-w-3xl"
      className="min-w-0"
      actions={
        <div role="group" aria-label="Show" className="flex gap-1 rounded-md border p-1">
          {STATUS_OPTIONS.map((option) => (
            <Button
              key={option.value}
              size="sm"
              variant={status === option.value ? 'default' : 'ghost'}
              aria-pressed={status === option.value}
              onClick={() => {
                setStatus(option.value);
                setPage(1);
              }}
            >
              {option.label}
            </Button>
          ))}
        </div>
      }
    >
      {status === 'open' ? <OverdueCount queue="escalation" /> : null}
      <PagedList
        query={list}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        loadingLabel="Loading escalations..."
        loadError={LOAD_ERROR}
        empty={<TabEmpty title={empty.title}>{empty.text}</TabEmpty>}
        noBarWhenEmpty
      >
        {(data) => (
          <ul
            ref={listRef}
            tabIndex={-1}
            aria-label={
              status === 'open' ? 'Open escalations, oldest first' : 'Decided escalations'
            }
            aria-busy={list.isPlaceholderData || undefined}
            className={cn(
              'grid gap-4 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring',
              list.isPlaceholderData && 'opacity-60',
            )}
          >
            {data.data.map((row) => (
              <li key={row.id}>
                <EscalationCard
                  row={row}
                  onDecide={() => {
                    focus.remember();
                    setDeciding(row);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      {shown ? (
        <MlroDecisionDialog
          basicId={shown.basic_id}
          name={escalationName(shown)}
          open={deciding !== null}
          onOpenChange={(open) => (open ? undefined : setDeciding(null))}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ) : null}
    </ListSection>
  );
}
