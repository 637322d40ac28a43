import { useState } from 'react';
import { toast } from 'sonner';
import { APPLICANT_PAGE_SIZE, type ApplicantRow } from '#shared/schemas/admin-lists.ts';
import { useApplicants, useResendLink } from '#client/lib/staff/api/applicants.ts';
import { useMayCall } from '#client/lib/staff/api/get-me.ts';
import { useDebouncedValue } from '#client/lib/staff/use-debounced-value.ts';
import { PagedList } from '#client/components/staff/pagination-bar.tsx';
import { TabEmpty } from '#client/components/staff/tab-state.tsx';
import { ApplicantFiltersBar, NO_FILTERS, type ApplicantFilters } from './applicant-filters.tsx';
import { ApplicantsTable } from './applicants-table.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { OverrideTierDialog } from '#client/components/staff/override-tier-dialog.tsx';
import { TimelineSheet } from '#client/components/staff/timeline/timeline-sheet.tsx';
import { useReturnFocus } from '#client/lib/staff/use-return-focus.ts';

type DialogKind = 'timeline' | 'tier' | 'invite';

/** SPEC §2 'Applicants': search, five filters, the table, row actions and pagination. */
export default function ApplicantsTab() {
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<ApplicantFilters>(NO_FILTERS);
  const search = useDebouncedValue(query.trim());

  // Any change of filter or (settled) search starts again at page 1. The page is stored with
  // the filters it was chosen under and reset during render (React's "previous props"
  // pattern), so no effect runs and no stale page flashes.
  const filterKey = JSON.stringify([search, filters]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  if (paging.filterKey !== filterKey) setPaging({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const list = useApplicants({
    page,
    pageSize: APPLICANT_PAGE_SIZE,
    ...filters,
    query: search,
  });
  const resend = useResendLink();
  // Both teams read applicants; each acts on them only as its role allows (CONTRACT §5).
  const may = {
    timeline: useMayCall('admin-audit-list'),
    tier: useMayCall('admin-applicant-override-tier'),
    resend: useMayCall('admin-applicant-resend-link'),
    invite: useMayCall('admin-applicant-invite'),
  };
  // The row stays after closing, so the dialog can animate out with its content.
  const [dialog, setDialog] = useState<{ kind: DialogKind | null; row: ApplicantRow | null }>({
    kind: null,
    row: null,
  });
  const focus = useReturnFocus();
  const open = (kind: DialogKind) => (row: ApplicantRow) => {
    focus.remember();
    setDialog({ kind, row });
  };
  const close = () => setDialog((current) => ({ ...current, kind: null }));

  const onResendLink = (row: ApplicantRow) => {
    resend.mutate(row.id, {
      onSuccess: () => toast.success('Magic link sent successfully'),
    });
  };

  return (
    <div className="grid gap-6">
      <ApplicantFiltersBar
        query={query}
        onQueryChange={setQuery}
        filters={filters}
        onFilterChange={(key, value) => setFilters((current) => ({ ...current, [key]: value }))}
      />
      <PagedList
        query={list}
        pageSize={APPLICANT_PAGE_SIZE}
        onPageChange={setPage}
        loadingLabel="Loading applicants..."
        loadError="Failed to load applicants"
        empty={<TabEmpty title="No applicants found" />}
      >
        {(data) => (
          <ApplicantsTable
            rows={data.data}
            stale={list.isPlaceholderData}
            onTimeline={may.timeline ? open('timeline') : undefined}
            onOverrideTier={may.tier ? open('tier') : undefined}
            onResendLink={may.resend ? onResendLink : undefined}
            onInvite={may.invite ? open('invite') : undefined}
            resendingId={resend.isPending ? (resend.variables ?? null) : null}
          />
        )}
      </PagedList>
      <TimelineSheet
        applicant={dialog.row}
        open={dialog.kind === 'timeline'}
        onClose={close}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
      <OverrideTierDialog
        applicant={dialog.row}
        open={dialog.kind === 'tier'}
        onClose={close}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
      <InviteDialog
        applicant={dialog.row}
        open={dialog.kind === 'invite'}
        onClose={close}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </div>
  );
}
