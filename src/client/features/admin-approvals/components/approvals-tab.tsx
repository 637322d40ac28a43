import { useId, useRef, useState } from 'react';
import { APPROVAL_KINDS, type ApprovalKind, type ApprovalRow } from '#shared/schemas/casework.ts';
import type { StaffMember } from '#shared/staff.ts';
import { useKept } from '#client/components/staff/dialog-frame.tsx';
import { FilterSelect } from '#client/components/staff/list-filters.tsx';
import { ListSection } from '#client/components/staff/list-section.tsx';
import { PagedList } from '#client/components/staff/pagination-bar.tsx';
import { OverdueCount } from '#client/components/staff/queue-controls.tsx';
import { TabEmpty, TabLoading, useLoadFailureToast } from '#client/components/staff/tab-state.tsx';
import { useApprovals } from '#client/lib/staff/api/approvals.ts';
import { useStaffMember } from '#client/lib/staff/api/get-me.ts';
import { useReturnFocus } from '#client/lib/staff/use-return-focus.ts';
import { cn } from '#client/utils/cn.ts';
import { kindLabel } from '../utils/approval-kinds.ts';
import { ApprovalCard, approvalName, type ApprovalAction } from './approval-card.tsx';
import { ApproveDialog, RejectDialog } from './approval-dialogs.tsx';

const PAGE_SIZE = 25;
const LOAD_ERROR = 'Failed to load approvals';

type KindFilter = ApprovalKind | 'all';
export const KIND_OPTIONS: readonly { value: KindFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...APPROVAL_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) })),
];

/**
 * CONTRACT §9's one approvals queue for owners, compliance and the MLRO: every irreversible
 * decision waiting for a second member, oldest first.
 */
export default function ApprovalsTab() {
  // The panel opens a tab only once it knows the member; they decide what each row offers.
  const staff = useStaffMember();
  if (!staff) return <TabLoading />;
  return <ApprovalsQueue staff={staff} />;
}

function ApprovalsQueue({ staff }: { staff: StaffMember }) {
  const filterId = useId();
  const [kind, setKind] = useState<KindFilter>('all');
  const [page, setPage] = useState(1);
  const list = useApprovals({
    page,
    page_size: PAGE_SIZE,
    ...(kind === 'all' ? {} : { kind }),
  });
  useLoadFailureToast(list, 'admin-approval-list', LOAD_ERROR);

  // One dialog for the whole queue, so it outlives the row it decides (gone once decided).
  const [dialog, setDialog] = useState<{ row: ApprovalRow; action: ApprovalAction } | null>(null);
  const shown = useKept(dialog);
  const focus = useReturnFocus();
  const listRef = useRef<HTMLUListElement>(null);
  const onCloseAutoFocus = (event: Event) => {
    focus.onCloseAutoFocus(event);
    // The row decided has left the queue with its buttons: focus goes to the list instead.
    if (!event.defaultPrevented) {
      event.preventDefault();
      listRef.current?.focus();
    }
  };
  const onDecide = (row: ApprovalRow, action: ApprovalAction) => {
    focus.remember();
    setDialog({ row, action });
  };
  const closeDialog = (open: boolean) => (open ? undefined : setDialog(null));
  const isOpen = (action: ApprovalAction) =>
    dialog !== null && shown !== null && dialog.action === action && dialog.row.id === shown.row.id;

  return (
    <ListSection
      id="approvals-title"
      title="Approvals"
      description="Every decision that cannot be undone waits here for a second member, oldest first: declines, screening clearances, erasures and offers to politically exposed people. Nobody approves their own request."
      descriptionClassName="max-w-3xl"
      className="min-w-0"
      actions={
        <FilterSelect
          id={`${filterId}-kind`}
          label="Kind"
          value={kind}
          onValueChange={(value) => {
            setKind(value as KindFilter);
            setPage(1);
          }}
          options={KIND_OPTIONS}
          className="grid w-full gap-2 min-[420px]:w-56"
        />
      }
    >
      <OverdueCount queue="approval" />
      <PagedList
        query={list}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        loadingLabel="Loading approvals..."
        loadError={LOAD_ERROR}
        empty={
          <TabEmpty title="Nothing is waiting for approval.">
            {kind === 'all' ? null : `Showing ${kindLabel(kind)} requests only.`}
          </TabEmpty>
        }
        noBarWhenEmpty
      >
        {(data) => (
          <ul
            ref={listRef}
            tabIndex={-1}
            aria-label="Requests waiting for approval, oldest first"
            aria-busy={list.isPlaceholderData || undefined}
            className={cn(
              'grid gap-4 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring',
              list.isPlaceholderData && 'opacity-60',
            )}
          >
            {data.data.map((row) => (
              <li key={`${row.kind}-${row.id}`}>
                <ApprovalCard row={row} staff={staff} onDecide={onDecide} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      {shown ? (
        <>
          <ApproveDialog
            row={shown.row}
            name={approvalName(shown.row)}
            open={isOpen('approve')}
            onOpenChange={closeDialog}
            onCloseAutoFocus={onCloseAutoFocus}
          />
          <RejectDialog
            row={shown.row}
            name={approvalName(shown.row)}
            open={isOpen('reject')}
            onOpenChange={closeDialog}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        </>
      ) : null}
    </ListSection>
  );
}
