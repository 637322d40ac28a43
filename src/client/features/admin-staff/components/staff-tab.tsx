import { useStaffMember } from '#client/lib/staff/api/get-me.ts';
import { useStaffDirectory } from '#client/lib/staff/api/assign-bulk.ts';
import { useStaffList } from '../api/get-staff.ts';
import { QueryView, TabEmpty, useLoadFailureToast } from '#client/components/staff/tab-state.tsx';
import { ListSection } from '#client/components/staff/list-section.tsx';
import { StaffInviteForm } from './staff-invite-form.tsx';
import { StaffTable } from './staff-table.tsx';

const LOAD_ERROR = 'Failed to fetch staff members';

/**
 * CONTRACT §5 staff management (owners): invite members, change roles, disable, reset; and
 * move a disabled member's open cases to someone else (CONTRACT §9).
 */
export default function StaffTab() {
  const list = useStaffList();
  const me = useStaffMember();
  // Who holds how many open cases, so a disabled member's work can be moved on.
  const directory = useStaffDirectory();

  useLoadFailureToast(list, 'admin-staff-list', LOAD_ERROR);

  const rows = list.data?.data ?? [];
  const active = rows.filter((row) => row.status === 'active').length;
  return (
    <div className="grid gap-6">
      <StaffInviteForm />
      <ListSection
        id="staff-members-title"
        title="Members"
        description={list.data ? `${rows.length} member(s), ${active} active` : null}
      >
        <QueryView
          query={list}
          loadingLabel="Loading staff members..."
          loadError={LOAD_ERROR}
          isEmpty={(data) => data.data.length === 0}
          empty={
            <TabEmpty title="No staff members yet">Invited members will appear here.</TabEmpty>
          }
        >
          {(data) => (
            <StaffTable
              rows={data.data}
              selfId={me?.id ?? null}
              directory={directory.data?.members ?? []}
            />
          )}
        </QueryView>
      </ListSection>
    </div>
  );
}
