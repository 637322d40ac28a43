import { useStaffMember } from '#client/lib/staff/api/get-me.ts';
import { useStaffList } from '../api/get-staff.ts';
import {
  TabEmpty,
  TabError,
  TabLoading,
  useLoadFailureToast,
} from '#client/components/staff/tab-state.tsx';
import { StaffInviteForm } from './staff-invite-form.tsx';
import { StaffTable } from './staff-table.tsx';

const LOAD_ERROR = 'Failed to fetch staff members';

/** CONTRACT §5 staff management (owners): invite members, change roles, disable, reset. */
export default function StaffTab() {
  const list = useStaffList();
  const me = useStaffMember();

  useLoadFailureToast(list, 'admin-staff-list', LOAD_ERROR);

  const rows = list.data?.data ?? [];
  let body;
  if (list.isPending) body = <TabLoading label="Loading staff members..." />;
  else if (list.isError)
    body = <TabError message={LOAD_ERROR} onRetry={() => void list.refetch()} />;
  else if (rows.length === 0)
    body = <TabEmpty title="No staff members yet">Invited members will appear here.</TabEmpty>;
  else body = <StaffTable rows={rows} selfId={me?.id ?? null} />;

  const active = rows.filter((row) => row.status === 'active').length;
  return (
    <div className="grid gap-6">
      <StaffInviteForm />
      <section aria-labelledby="staff-members-title" className="grid gap-3">
        <div>
          <h2 id="staff-members-title" className="font-serif text-xl leading-tight">
            Members
          </h2>
          {list.data ? (
            <p className="mt-1 text-sm text-muted-foreground">
              {rows.length} member(s), {active} active
            </p>
          ) : null}
        </div>
        {body}
      </section>
    </div>
  );
}
