import { FolderInput } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { DirectoryMember } from '#shared/schemas/casework.ts';
import type { StaffListRow } from '#shared/schemas/staff.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '#shared/staff.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Select, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { OptionList } from '#client/components/staff/list-filters.tsx';
import { DataTable, TableCell, TableRow } from '#client/components/staff/data-table.tsx';
import { ConfirmDialog } from '#client/components/staff/confirm-dialog.tsx';
import { failureShown } from '#client/lib/react-query.ts';
import { useResetStaffMfa } from '../api/reset-staff-mfa.ts';
import { useUpdateStaff } from '../api/update-staff.ts';
import { useReturnFocus } from '#client/lib/staff/use-return-focus.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { isStaffRole, STATUS_LABELS } from './staff-format.ts';
import { MoveCasesDialog, type CaseHolder } from './move-cases-dialog.tsx';

/** An act waiting for the owner's confirmation. */
type Pending =
  | { kind: 'role'; row: StaffListRow; role: StaffRole }
  | { kind: 'disable'; row: StaffListRow }
  | { kind: 'reset'; row: StaffListRow };

const COLUMNS = ['Name', 'E-mail', 'Role', 'Status', 'Second factor', 'Last sign-in', 'Actions'];

const ROLE_OPTIONS = STAFF_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }));

/** Each row's role select, found again to take focus back when its dialog closes. */
const roleSelectId = (row: StaffListRow) => `staff-role-${row.id}`;
/** A row's Move cases and Enable buttons, which the move dialog gives focus back to. */
const moveButtonId = (id: string) => `staff-move-${id}`;
const enableButtonId = (id: string) => `staff-enable-${id}`;

/** '1 open case', '3 open cases'. */
const openCasesText = (n: number) => `${n.toLocaleString('en-GB')} open case${n === 1 ? '' : 's'}`;

function confirmation(pending: Pending, self: boolean, openCases: number) {
  const { name } = pending.row;
  const yourself = self ? ' This is your own account: you will be signed out at once.' : '';
  switch (pending.kind) {
    case 'role':
      return {
        title: `Change ${name}'s role to ${STAFF_ROLE_LABELS[pending.role]}?`,
        description: `Their sessions end at once; at their next sign-in they see what the ${STAFF_ROLE_LABELS[pending.role]} role may use.${yourself}`,
        action: 'Change role',
        busy: 'Changing...',
      };
    case 'disable':
      return {
        title: `Disable ${name}?`,
        description: `They are signed out at once and cannot sign in until an owner enables them again.${
          openCases > 0
            ? ` They hold ${openCasesText(openCases)}: you can move ${openCases === 1 ? 'it' : 'them'} to another member next.`
            : ''
        }${yourself}`,
        action: 'Disable',
        busy: 'Disabling...',
      };
    case 'reset':
      return {
        title: `Reset ${name}'s second factor?`,
        description:
          'Their authenticator app and recovery codes stop working. At their next sign-in they set up a new authenticator app.',
        action: 'Reset second factor',
        busy: 'Resetting...',
      };
  }
}

type StaffTableProps = {
  rows: StaffListRow[];
  /** The signed-in member's id: their row is marked, and acts on it warn them. */
  selfId: string | null;
  /** `admin-staff-directory`: how many open cases each member holds (empty until read). */
  directory?: readonly DirectoryMember[];
};

/** The members with their role, status, second factor and last sign-in, and the owner's acts. */
export function StaffTable({ rows, selfId, directory = [] }: StaffTableProps) {
  const update = useUpdateStaff();
  const reset = useResetStaffMfa();
  const [pending, setPending] = useState<Pending | null>(null);
  const [moving, setMoving] = useState<CaseHolder | null>(null);
  // Whose cases the dialog moved, still known once it has closed (for where focus goes).
  const movedFrom = useRef<string | null>(null);
  // The dialogs have no Radix trigger: focus goes back to the control that opened them.
  const focus = useReturnFocus();
  const busy = update.isPending || reset.isPending;
  const openCases = useMemo(
    () => new Map(directory.map((member) => [member.id, member.open_cases])),
    [directory],
  );
  const casesOf = (id: string) => openCases.get(id) ?? 0;

  /** Opens the move dialog; focus comes back to the row's Move cases button afterwards. */
  const onMove = (holder: CaseHolder) => {
    focus.rememberElement(document.getElementById(moveButtonId(holder.id)));
    movedFrom.current = holder.id;
    setMoving(holder);
  };
  // Once the cases are moved the row's button is gone: focus goes to its Enable button.
  const onMoveClosed = (event: Event) => {
    const id = movedFrom.current;
    movedFrom.current = null;
    focus.onCloseAutoFocus(event);
    if (event.defaultPrevented || !id) return;
    const enable = document.getElementById(enableButtonId(id));
    if (enable) {
      event.preventDefault();
      enable.focus();
    }
  };

  const onEnable = (row: StaffListRow) => {
    update.mutate(
      { id: row.id, status: 'active' },
      {
        onSuccess: () => toast.success('Member enabled', { description: row.name }),
      },
    );
  };

  /** The confirmed act; a 403 or LAST_OWNER's 409 is toasted with the server's reason. */
  const onConfirm = (act: Pending) => {
    const { row } = act;
    if (act.kind === 'reset') {
      return reset
        .mutateAsync(row.id)
        .then(() => toast.success('Second factor reset', { description: row.name }), failureShown);
    }
    const role = act.kind === 'role';
    const held = casesOf(row.id);
    return update
      .mutateAsync(role ? { id: row.id, role: act.role } : { id: row.id, status: 'disabled' })
      .then(() => {
        if (role || held === 0) {
          toast.success(role ? 'Role changed' : 'Member disabled', { description: row.name });
          return;
        }
        // Their cases wait for nobody now: point the owner to moving them.
        toast.success('Member disabled', {
          description: `${row.name} still holds ${openCasesText(held)}.`,
          action: {
            label: 'Move cases',
            onClick: () => onMove({ id: row.id, name: row.name, open_cases: held }),
          },
        });
      }, failureShown);
  };

  const text = pending
    ? confirmation(pending, pending.row.id === selfId, casesOf(pending.row.id))
    : null;
  return (
    <>
      <DataTable label="Staff members" columns={COLUMNS} quietHeader>
        {rows.map((row) => {
          const self = row.id === selfId;
          return (
            <TableRow key={row.id}>
              <TableCell className="font-medium whitespace-nowrap">
                {row.name}
                {self ? (
                  <Badge variant="gold" className="ml-2">
                    You
                  </Badge>
                ) : null}
                {row.status === 'disabled' && casesOf(row.id) > 0 ? (
                  <div className="mt-2 grid justify-items-start gap-1.5 font-normal">
                    <span className="text-sm whitespace-nowrap">
                      {openCasesText(casesOf(row.id))}
                    </span>
                    <Button
                      id={moveButtonId(row.id)}
                      variant="outline"
                      size="sm"
                      aria-label={`Move cases of ${row.name}`}
                      onClick={() =>
                        onMove({ id: row.id, name: row.name, open_cases: casesOf(row.id) })
                      }
                    >
                      <FolderInput aria-hidden="true" />
                      Move cases
                    </Button>
                  </div>
                ) : null}
              </TableCell>
              <TableCell className="max-w-64 truncate" title={row.email}>
                {row.email}
              </TableCell>
              <TableCell className="whitespace-nowrap">{STAFF_ROLE_LABELS[row.role]}</TableCell>
              <TableCell>
                <Badge variant={row.status === 'active' ? 'secondary' : 'outline'}>
                  {STATUS_LABELS[row.status]}
                </Badge>
              </TableCell>
              <TableCell>
                <Badge variant={row.mfa_enabled ? 'secondary' : 'outline'}>
                  {row.mfa_enabled ? 'On' : 'Off'}
                </Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {row.last_sign_in_at ? (
                  <time dateTime={row.last_sign_in_at}>
                    {formatStaffDateTime(row.last_sign_in_at)}
                  </time>
                ) : (
                  <span className="text-muted-foreground">Never</span>
                )}
              </TableCell>
              <TableCell>
                <div className="flex items-center gap-2">
                  <Select
                    value={row.role}
                    onValueChange={(value) => {
                      if (isStaffRole(value) && value !== row.role) {
                        focus.rememberElement(document.getElementById(roleSelectId(row)));
                        setPending({ kind: 'role', row, role: value });
                      }
                    }}
                    disabled={busy}
                  >
                    <SelectTrigger
                      id={roleSelectId(row)}
                      aria-label={`Role of ${row.name}`}
                      className="h-9 w-36"
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <OptionList options={ROLE_OPTIONS} />
                  </Select>
                  {row.status === 'disabled' ? (
                    <Button
                      id={enableButtonId(row.id)}
                      variant="outline"
                      size="sm"
                      aria-label={`Enable ${row.name}`}
                      onClick={() => onEnable(row)}
                      disabled={busy}
                    >
                      Enable
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Disable ${row.name}`}
                      onClick={() => {
                        focus.remember();
                        setPending({ kind: 'disable', row });
                      }}
                      disabled={busy}
                    >
                      Disable
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Reset second factor of ${row.name}`}
                    onClick={() => {
                      focus.remember();
                      setPending({ kind: 'reset', row });
                    }}
                    // Nothing to reset before they have set one up.
                    disabled={busy || !row.mfa_enabled}
                  >
                    Reset second factor
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </DataTable>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        busy={busy}
        title={text?.title}
        description={text?.description}
        confirmLabel={text?.action}
        busyLabel={text?.busy}
        onConfirm={() => (pending ? onConfirm(pending) : undefined)}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />

      <MoveCasesDialog
        holder={moving}
        members={directory}
        onClose={() => setMoving(null)}
        onCloseAutoFocus={onMoveClosed}
      />
    </>
  );
}
